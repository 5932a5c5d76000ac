/**
 * The API change history in the production build: a history page
 * with its feeds advertised, links that land on the operation, feeds that
 * parse with one item per entry, the version downloads, and the "New in"
 * badge in the reference.
 */
import {apiSpecs} from '../../src/config/apiSpecs';
import {changesUrl} from '../../src/lib/openapi/urls';
import {axeViolations} from './axe';
import {expect, hydrated, test, referenceShown, UNTIL_SIGNAL} from './fixtures';

const CONTAINER = 'dmss-container-and-signature-services';
const WEB_EID_SIGN = 'signContainer_12';

// Under serve only: axe is injected as a script, which the nginx run's CSP rightly blocks.
test('a history page renders its entries, advertises its feeds, and has no axe violations', async ({page}) => {
  await page.goto(`/api/${CONTAINER}/changes`);
  await hydrated(page);
  await expect(page.locator('main h1')).toHaveText('Container and Signature Service API changes');
  const entries = page.locator('main article');
  expect(await entries.count()).toBeGreaterThan(1);
  await expect(page.locator('main [id="2026-11-25"]')).toBeVisible();
  await expect(page.locator('main')).toContainText('/api/signing/webeid/container/{id}/{sessionId}/sign');
  // Beside the blog's feeds, which every page advertises.
  for (const format of ['rss', 'atom']) {
    await expect(
      page.locator(`head link[rel="alternate"][href="/api/${CONTAINER}/changes/${format}.xml"]`),
    ).toHaveCount(1);
  }
  // The filter is a row of plain links, one per API plus "All APIs".
  const filter = page.getByRole('navigation', {name: 'Filter the changes by API'});
  await expect(filter.getByRole('link')).toHaveCount(apiSpecs.length + 1);
  await expect(filter.getByRole('link', {name: 'Container and Signature Service'})).toHaveAttribute(
    'aria-current',
    'page',
  );
  expect(await axeViolations(page)).toEqual([]);
});

test('entries say each change in a sentence: a field required behind a reference, a path split that keeps its URLs', async ({
  page,
}) => {
  await page.goto('/api/dmss-archive-service/changes');
  const archive = page.locator('main article[aria-labelledby="2026-11-23"]');
  await expect(archive).toContainText(
    'documentType is now required in the documentData query parameter of createDocument.',
  );
  await expect(archive.locator('strong', {hasText: 'Breaking'}).first()).toBeVisible();
  await page.goto(`/api/${CONTAINER}/changes`);
  const split = page.locator('main article[aria-labelledby="2026-11-25"]');
  await expect(split.getByRole('heading', {name: 'Documented under new paths (same URLs)'})).toBeVisible();
  await expect(split).toContainText('The URLs clients call are unchanged.');
  await expect(split.locator('strong', {hasText: 'Breaking'})).toHaveCount(0);
  // A writer's note sets its `code` spans as code too, and says a documentation-only version changed no server.
  await page.goto('/api/padsign-2.0-server/changes');
  const note = page.locator('main article[aria-labelledby="2026-11-28-2"] p', {hasText: 'Documentation only'});
  await expect(note.locator('code', {hasText: 'PUT /api/visual-signature'})).toBeVisible();
  await expect(note).not.toContainText('`');
});

test('the page of all APIs lists every API newest first, and its links land on the operation', async ({page}) => {
  test.setTimeout(90_000);
  await page.goto('/api/changes');
  await hydrated(page);
  await expect(page.locator('main h1')).toHaveText('API changes');
  const dates = await page.locator('main article h2').allTextContents();
  const days = dates.map((text) => /\d{4}-\d{2}-\d{2}/.exec(text)?.[0] ?? '');
  expect(days).toEqual([...days].sort().reverse());
  for (const spec of apiSpecs) expect(dates.some((text) => text.startsWith(`${spec.label}:`))).toBe(true);
  expect(await axeViolations(page)).toEqual([]);

  // An operation of a smaller reference than the container one, so that the page it lands on loads fast.
  const link = page.locator('main a[href$="/operation/deleteProcess"]').first();
  const href = (await link.getAttribute('href'))!;
  await link.click();
  // The reference's route chunks and server-rendered HTML load after the click.
  await expect(page).toHaveURL(/\/api\/dmss-process-and-auditing-service#/, UNTIL_SIGNAL);
  await referenceShown(page);
  await expect(page.locator(`[id="${href.split('#')[1]}"]`)).toBeInViewport();
});

test('the feeds parse as XML with one item per entry, and each version downloads', async ({page, request}) => {
  await page.goto(`/api/${CONTAINER}/changes`);
  const entryCount = await page.locator('main article').count();
  const count = async (url: string, item: string) => {
    const response = await request.get(url);
    expect(response.ok(), url).toBe(true);
    const xml = await response.text();
    return page.evaluate(
      ([text, tag]) => {
        const doc = new DOMParser().parseFromString(text!, 'application/xml');
        if (doc.querySelector('parsererror')) throw new Error('not well-formed XML');
        return doc.getElementsByTagName(tag!).length;
      },
      [xml, item],
    );
  };
  expect(await count(`/api/${CONTAINER}/changes/rss.xml`, 'item')).toBe(entryCount);
  expect(await count(`/api/${CONTAINER}/changes/atom.xml`, 'entry')).toBe(entryCount);
  expect(await count('/api/changes/rss.xml', 'item')).toBeGreaterThan(entryCount);
  expect(await count('/api/changes/atom.xml', 'entry')).toBeGreaterThan(entryCount);
  // Every item has its own title; within one API's feed, each its own time (one commit may publish several APIs at once).
  const rss = await (await request.get('/api/changes/rss.xml')).text();
  const titles = [...rss.matchAll(/<item>\s*<title>([^<]*)<\/title>/g)].map((m) => m[1]);
  expect(new Set(titles).size).toBe(titles.length);
  for (const spec of apiSpecs) {
    const own = await (await request.get(`/api/${spec.id}/changes/rss.xml`)).text();
    const dates = [...own.matchAll(/<pubDate>([^<]*)<\/pubDate>/g)].map((m) => m[1]);
    expect(new Set(dates).size, spec.id).toBe(dates.length);
  }

  const first = page.locator('main article').first();
  for (const format of ['YAML', 'JSON']) {
    const href = (await first.getByRole('link', {name: format, exact: true}).getAttribute('href'))!;
    const response = await request.get(href);
    expect(response.ok(), href).toBe(true);
    expect(await response.text()).toContain('openapi');
  }
});

test(
  'the reference shows a "New in" badge on an operation of the latest version, linking to its entry',
  {tag: '@nginx'},
  async ({page}) => {
    await page.goto(`/api/${CONTAINER}`);
    await hydrated(page);
    await expect(
      page.getByRole('link', {name: 'Change history of the Container and Signature Service API'}),
    ).toBeVisible();
    const section = page.locator(`[data-section-id$="operation/${WEB_EID_SIGN}"]`).last();
    const badge = section.locator('a.api-change-badge').first();
    await expect(badge).toHaveText(/^New in 24\.3\.0\.36 \(2026-11-25\)$/);
    await expect(badge).toHaveAttribute('href', `/api/${CONTAINER}/changes#2026-11-25`);
  },
);

test('llms.txt and the sitemap list every change page', async ({request}) => {
  const llms = await (await request.get('/llms.txt')).text();
  const sitemap = await (await request.get('/sitemap.xml')).text();
  for (const url of [changesUrl(), ...apiSpecs.map((spec) => changesUrl(spec.id))]) {
    expect(llms, `llms.txt: ${url}`).toContain(`${url})`);
    expect(sitemap, `sitemap: ${url}`).toContain(`${url}</loc>`);
  }
});
