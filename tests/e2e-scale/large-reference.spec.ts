/**
 * A reference of real-world size, cut into one page per tag with /api/<id> as its overview
 * (src/lib/openapi/pages.ts): DigitalOcean's public API of 663 operations (bench/fixtures/), in a build made
 * with PORTAL_SCALE_FIXTURE=1 (`npm run test:scale`; the published site never has it). Every way in to one of
 * its operations lands on it: a shared link of the one-page address loaded in a new tab, the same link
 * reached by a client-side navigation, a click on the overview's list, back and forward; with JavaScript off
 * the served pages carry the operations; axe finds nothing.
 */
import fs from 'node:fs';
import path from 'node:path';
import {gzipSync} from 'node:zlib';
import {parse} from 'yaml';
import {operationsOf} from '../../src/lib/openapi/document';
import {scaleFixtureSpec} from '../../src/config/apiSpecs';
import {axeViolations} from '../e2e/axe';
import {expect, referenceShown, test, UNTIL_SIGNAL} from '../e2e/fixtures';
import {directLoad, expectLanded} from '../e2e/landing';

const SPEC = scaleFixtureSpec.id;
const OVERVIEW = `/api/${SPEC}`;
const TAG_PAGE = `/api/${SPEC}/tag/droplets`;
const OPERATION = 'tag/Droplets/operation/droplets_list';
/** The last operation of the largest tag page (120 operations). */
const LARGEST_PAGE = `/api/${SPEC}/tag/gradientai-platform`;

const fixture = parse(fs.readFileSync(path.resolve(__dirname, '../..', scaleFixtureSpec.source!), 'utf8')) as unknown;

/** Marks the document: a client-side navigation keeps the mark, a page load loses it. */
const markDocument = (page: import('@playwright/test').Page) =>
  page.evaluate(() => ((window as unknown as {portalMark: boolean}).portalMark = true));
const sameDocument = (page: import('@playwright/test').Page) =>
  page.evaluate(() => (window as unknown as {portalMark?: boolean}).portalMark === true);

test.describe('a reference of 663 operations', () => {
  test('its overview is small and links every operation to its tag page, in the served HTML', async ({request}) => {
    const response = await request.get(OVERVIEW);
    expect(response.status()).toBe(200);
    const html = await response.text();
    expect(gzipSync(html).length, 'overview HTML, gzip bytes').toBeLessThanOrEqual(300 * 1024);
    const links = [
      ...html.matchAll(/href="?(\/api\/digitalocean-public\/tag\/[^"# >]+)#tag\/[^/"]+\/operation\/([^" >]+)/g),
    ];
    const ids = operationsOf(fixture).map((op) => op.operationId);
    expect(new Set(links.map((link) => link[2])).size).toBe(ids.length);
    expect(links.map((link) => link[2]).sort()).toEqual([...ids].sort());
    // Each tag page answers, with its operations in its served HTML.
    const page = await request.get(TAG_PAGE);
    expect(page.status()).toBe(200);
    expect(await page.text()).toContain(`id=${OPERATION}`);
  });

  test('a shared link of the one-page address, loaded in a new tab, lands on the tag page', async ({page}) => {
    await directLoad(page, `${OVERVIEW}#${OPERATION}`);
    expect(new URL(page.url()).pathname).toBe(TAG_PAGE);
    expect(new URL(page.url()).hash).toBe(`#${OPERATION}`);
    // The overview's head script sent the load on before its body was parsed: the document is the tag page's
    // own load, not the overview's with its route replaced after hydration.
    const loaded = await page.evaluate(() => performance.getEntriesByType('navigation')[0]?.name ?? '');
    expect(new URL(loaded).pathname).toBe(TAG_PAGE);
    await expectLanded(page, OPERATION);
  });

  test('a link as the search and the twins write it (the tag as the spec names it) lands too', async ({page}) => {
    // operationHref writes the tag as the spec names it; Redoc's anchor has a hyphen for the space.
    await directLoad(page, `${OVERVIEW}#tag/Droplet%20Actions/operation/dropletActions_post`);
    expect(new URL(page.url()).pathname).toBe(`/api/${SPEC}/tag/droplet-actions`);
    await expectLanded(page, 'tag/Droplet-Actions/operation/dropletActions_post');
  });

  test('the same link reached by a client-side navigation lands on the tag page', async ({page}) => {
    await directLoad(page, '/');
    await markDocument(page);
    // A history entry of the router, as a Docusaurus link makes it.
    await page.evaluate((url) => {
      window.history.pushState(null, '', url);
      window.dispatchEvent(new PopStateEvent('popstate'));
    }, `${OVERVIEW}#${OPERATION}`);
    await expect.poll(() => new URL(page.url()).pathname, UNTIL_SIGNAL).toBe(TAG_PAGE);
    await referenceShown(page);
    await expectLanded(page, OPERATION);
    expect(await sameDocument(page), 'no page load').toBe(true);
  });

  test('a click on the overview’s list is a client-side navigation; back and forward land', async ({page}) => {
    await directLoad(page, OVERVIEW);
    await markDocument(page);
    const id = 'tag/GradientAI-Platform/operation/genai_list_evaluation_test_cases_by_workspace';
    await page.locator(`a[href="${LARGEST_PAGE}#${id}"]`).click();
    await expect.poll(() => new URL(page.url()).pathname, UNTIL_SIGNAL).toBe(LARGEST_PAGE);
    await referenceShown(page);
    await expectLanded(page, id);
    expect(await sameDocument(page), 'no page load').toBe(true);
    await page.goBack();
    await expect.poll(() => new URL(page.url()).pathname, UNTIL_SIGNAL).toBe(OVERVIEW);
    await referenceShown(page);
    await page.goForward();
    await expect.poll(() => new URL(page.url()).pathname, UNTIL_SIGNAL).toBe(LARGEST_PAGE);
    await referenceShown(page);
    await expectLanded(page, id);
  });

  test('the interactive reference of a tag page loads that page’s spec only', async ({page}) => {
    const specs: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes('/openapi/rendered/')) specs.push(new URL(request.url()).pathname);
    });
    await directLoad(page, TAG_PAGE);
    await page.locator(`[id="${OPERATION}"] h2`).first().click();
    await expect(page.locator('[data-redoc-mode="interactive"]')).toHaveCount(1, UNTIL_SIGNAL);
    await expect(page.locator(`.redocusaurus-interactive [id="${OPERATION}"]`)).toHaveCount(1);
    expect(specs).toEqual([`/openapi/rendered/${SPEC}/tag/droplets.json`]);
  });

  test('a tag page has its code samples, Try it and the operation’s Markdown twin', async ({page, request}) => {
    await directLoad(page, TAG_PAGE);
    const section = page.locator('[data-section-id="operation/droplets_list"]');
    await expect(section.getByRole('tab', {name: 'curl'})).toBeVisible();
    const tryIt = section.getByRole('button', {name: 'Try it', exact: true});
    await expect(tryIt).toBeVisible(UNTIL_SIGNAL);
    await tryIt.click();
    const dialog = page.getByRole('dialog', {name: /^Try it: /});
    await expect(dialog.getByRole('button', {name: 'Send', exact: true})).toBeVisible(UNTIL_SIGNAL);
    const twin = await request.get(`/api/${SPEC}/droplets_list.md`);
    expect(twin.status()).toBe(200);
    expect(await twin.text()).toMatch(/^# List All Droplets/);
  });

  test('axe finds no violation on the overview and on a tag page', async ({page}) => {
    for (const url of [OVERVIEW, TAG_PAGE]) {
      // axeViolations draws every section first: a skipped one has no colours to read.
      await directLoad(page, url);
      expect(await axeViolations(page), url).toEqual([]);
    }
  });
});

test.describe('with JavaScript off', () => {
  test.use({javaScriptEnabled: false});

  test('the overview lists the operations and a tag page shows them', async ({page}) => {
    await page.goto(OVERVIEW);
    await expect(page.locator('[id="section/Operations"] h2')).toHaveText('Operations');
    await expect(page.locator(`a[href="${TAG_PAGE}#${OPERATION}"]`)).toBeVisible();
    await page.goto(TAG_PAGE);
    await expect(page.locator(`[id="${OPERATION}"] h2`).first()).toBeVisible();
    await expect(page.locator(`[id="${OPERATION}"] h2`).first()).toContainText('List All Droplets');
    // The fixture has no change history, so its page does not link one.
    await expect(page.getByRole('link', {name: /^Change history/})).toHaveCount(0);
  });
});
