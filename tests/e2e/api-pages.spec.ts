import fs from 'node:fs';
import path from 'node:path';
import {apiSpecs} from '../../src/config/apiSpecs';
import {expect, hydrated, test, UNTIL_SIGNAL} from './fixtures';
import {specOperations} from './specs';

const root = path.resolve(__dirname, '../..');

/** The spec's operations, each with the tag Redoc files it under (its first). */
const operationsOf = (specId: string) =>
  specOperations(specId).map((op) => ({operationId: op.operationId, tag: op.tags[0]!}));

for (const spec of apiSpecs) {
  test.describe(`/api/${spec.id}`, () => {
    test('renders every operation of its spec inside the portal layout, server-side', async ({page, request}) => {
      const operations = operationsOf(spec.id);
      const html = await (await request.get(`/api/${spec.id}`)).text();
      // Server-rendered: operation anchors are in the HTML before any script runs.
      // The built HTML is minified, so attribute values may be unquoted: collect the ids.
      const ids = new Set([...html.matchAll(/\sid=(?:"([^"]*)"|([^\s>"]+))/g)].map((m) => m[1] ?? m[2]));
      const missing = operations.map((op) => `tag/${op.tag}/operation/${op.operationId}`).filter((id) => !ids.has(id));
      expect(missing, 'operations missing from the server-rendered HTML').toEqual([]);
      await page.goto(`/api/${spec.id}`);
      await hydrated(page);
      await expect(page.locator('nav.navbar')).toBeVisible();
      await expect(page.locator('footer.footer')).toBeVisible();
      await expect(page.locator('.redocusaurus [id*="/operation/"]')).toHaveCount(operations.length);
      // One main landmark holding the reference, as on every other page.
      await expect(page.getByRole('main')).toHaveCount(1);
      await expect(page.locator('main .redocusaurus [id*="/operation/"]')).toHaveCount(operations.length);
    });

    test('offers its spec for download', async ({page, request}) => {
      await page.goto(`/api/${spec.id}`);
      await hydrated(page);
      const link = page.locator('.redocusaurus a[download]').first();
      await expect(link).toHaveAttribute('href', `/openapi/${spec.id}.yaml`);
      const served = await request.get(`/openapi/${spec.id}.yaml`);
      expect(served.status()).toBe(200);
      expect(await served.text()).toBe(fs.readFileSync(path.join(root, 'openapi', `${spec.id}.yaml`), 'utf8'));
    });
  });
}

test(
  'operations show generated curl, JavaScript and Python samples, interactive after the first click',
  {tag: '@nginx'},
  async ({page}) => {
    await page.goto('/api/dmss-archive-service#tag/document-controller/operation/createDocument');
    await hydrated(page);
    const operation = page.locator('[id="tag/document-controller/operation/createDocument"]');
    for (const label of ['curl', 'JavaScript (fetch)', 'Python (requests)']) {
      await expect(operation.getByRole('tab', {name: label})).toHaveCount(1);
    }
    // The first interaction loads the interactive reference in place; then the tabs switch samples.
    await operation.getByRole('tab', {name: 'curl'}).click();
    await expect(page.locator('[data-redoc-mode="interactive"]')).toHaveCount(1, UNTIL_SIGNAL);
    const live = page.locator('.redocusaurus-interactive [id="tag/document-controller/operation/createDocument"]');
    await expect(live).toBeInViewport();
    await live.getByRole('tab', {name: 'curl'}).click();
    await expect(live).toContainText('curl --request POST');
    await live.getByRole('tab', {name: 'Python (requests)'}).click();
    await expect(live).toContainText('import requests');
  },
);

test("the static reference draws Redoc's chevrons with CSS, and links its headings with a #", async ({page}) => {
  // cssChevrons (src/plugins/api-reference/theme/Redoc/compact.ts) and src/css/custom.css.
  await page.goto('/api/dmss-archive-service');
  await hydrated(page);
  const reference = page.locator('.redocusaurus-static');
  await expect(reference.locator('polygon')).toHaveCount(0);
  // The chevron of an error response is the colour of the response, and as large as Redoc draws it.
  const errorResponse = reference.locator('[data-section-id*="/operation/"] button', {hasText: /^404/}).first();
  const chevron = errorResponse.locator('i.css-chevron');
  await expect(chevron).toHaveCSS('background-color', 'rgb(164, 22, 26)');
  await expect(chevron).toHaveCSS('clip-path', /^polygon\(/);
  const box = await chevron.boundingBox();
  expect(box?.width).toBeGreaterThan(10);
  expect(box?.height).toBeGreaterThan(10);
  // A heading's link shows a "#" on hover, without an image (Redoc's own icon is an SVG image).
  const heading = reference.locator('h2').first();
  await heading.hover();
  const before = await heading
    .locator('a')
    .first()
    .evaluate((link) => {
      const style = getComputedStyle(link, '::before');
      return {content: style.content, image: style.backgroundImage, visibility: style.visibility};
    });
  expect(before).toEqual({content: '"#"', image: 'none', visibility: 'visible'});
});

test('the served reference shows the Redoc options', {tag: '@nginx'}, async ({page}) => {
  // tests/unit/redoc-options.test.ts renders a fixture that shows each option; this checks the
  // options that a real page makes visible: path in the middle panel, samples expanded at all
  // levels, gold-brown primary colour.
  await page.goto('/api/dmss-container-and-signature-services');
  await hydrated(page);
  const reference = page.locator('.redocusaurus-static');
  const section = reference.locator('[data-section-id*="/operation/"]').first();
  const sectionBox = (await section.boundingBox())!;
  const verbBox = (await section.locator('.http-verb').first().boundingBox())!;
  expect(verbBox.x + verbBox.width, 'the path sits in the middle panel (left half)').toBeLessThan(
    sectionBox.x + sectionBox.width / 2,
  );
  expect(await reference.locator('.redoc-json ul ul ul').count(), 'samples nest three levels or more').toBeGreaterThan(
    0,
  );
  await expect(reference.locator('.redoc-json .collapsed')).toHaveCount(0);
  await expect(reference.locator('a[download]').first()).toHaveCSS('color', 'rgb(110, 82, 16)');
});
