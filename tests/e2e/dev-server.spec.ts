/**
 * `npm start`, the writers' preview: the dev server (no server rendering) shows the API pages, the
 * API change history and the docs as the production build does, lands deep links, and shows an
 * edit of a file under openapi/ on the open page after its reload. The test starts `docusaurus
 * start` itself, the command `npm start` runs, on a free port.
 *
 * The server also builds the benchmark's reference of real-world size (PORTAL_SCALE_FIXTURE=1, 663
 * operations cut into tag pages), which the published site never has: one start of the dev server, about a
 * minute of a two-core machine, serves the site's own pages and the tests of that reference. The site's pages are
 * the same with it; the reference only adds its own routes.
 */
import fs from 'node:fs';
import path from 'node:path';
import type {Page} from '@playwright/test';
import {apiRoute, scaleFixtureSpec} from '../../src/config/apiSpecs';
import {docUrl} from '../../src/config/docs';
import {apiMarkdownUrl, changesFeedUrl, changesUrl, operationMarkdownUrl} from '../../src/lib/openapi/urls';
import {expect, hydrated, REFERENCE_RENDER, referenceShown, test, UNTIL_SIGNAL} from './fixtures';
import {specOperations} from './specs';
import {expectLanded} from './landing';
import {type DevServer, START_TIMEOUT, startDevServer} from '../dev-server';

const root = path.resolve(__dirname, '../..');

test.describe.configure({mode: 'serial'});

let server: DevServer | undefined;
let base = '';

test.beforeAll(async () => {
  test.setTimeout(START_TIMEOUT + 30_000);
  server = await startDevServer({PORTAL_SCALE_FIXTURE: '1'});
  base = server.base;
});

test.afterAll(() => server?.stop());

/** Operation sections of the reference on the page (static or interactive, as Redoc renders them). */
const operationSections = (page: Page) => page.locator('.redocusaurus [id^="tag/"][id*="/operation/"]');

for (const specId of ['dmss-archive-service', 'dmss-container-and-signature-services', 'padsign-2.0-server'] as const) {
  test(`npm start renders every operation of /api/${specId}`, async ({page}) => {
    test.setTimeout(180_000);
    await page.goto(`${base}${apiRoute(specId)}`);
    const operations = specOperations(specId);
    // Signal by signal: the page has hydrated (within the usual bound), the reference is mounted, then its
    // operations are there. The last is one long task that no signal splits: development React renders the
    // whole reference in one go (the container reference: 119 operations, unminified), which on a busy
    // two-core runner takes longer than the usual bound; it has a bound of its own. The check for the mounted
    // reference runs in the page, so it waits for that task too when the task has begun first (it had, in a
    // CI run on a slow machine): it has the same bound.
    await hydrated(page);
    await referenceShown(page, REFERENCE_RENDER);
    await expect(operationSections(page)).toHaveCount(operations.length, REFERENCE_RENDER);
    const first = operations[0]!;
    // Contains: a deprecated operation's heading also carries Redoc's "Deprecated" label.
    await expect(page.locator(`[id="tag/${first.tags[0]}/operation/${first.operationId}"] h2`)).toContainText(
      first.summary,
    );
  });
}

test('npm start renders a doc with its headings, and lands a deep link to a heading and to an operation', async ({
  page,
}) => {
  test.setTimeout(180_000);
  await page.goto(`${base}${docUrl('Archive Service')}`);
  await expect(page.locator('article h1')).toHaveText('Archive Service', UNTIL_SIGNAL);
  const headings = page.locator('article h2[id]');
  expect(await headings.count()).toBeGreaterThan(5);
  const last = await headings.last().getAttribute('id');

  const operation = specOperations('dmss-container-and-signature-services').find(
    (op) => op.operationId === 'getSigningSessionStatus_3',
  )!;
  const anchor = `tag/${operation.tags[0]}/operation/${operation.operationId}`;
  for (const [url, id] of [
    [`${base}${docUrl('Archive Service')}#${last}`, last!],
    [`${base}${apiRoute('dmss-container-and-signature-services')}#${anchor}`, anchor],
  ] as const) {
    await page.goto('about:blank');
    await page.goto(url);
    // The target is rendered (for the container reference: development React's one long render, see above),
    // then it lands within the usual bound.
    await expect(page.locator(`[id="${id}"]`).first()).toBeAttached(REFERENCE_RENDER);
    await expect
      .poll(
        () =>
          page.evaluate((targetId) => {
            const target = document.getElementById(targetId);
            const navbar = document.querySelector('.navbar')?.getBoundingClientRect().bottom ?? 0;
            if (!target) return 'missing';
            const top = target.getBoundingClientRect().top - navbar;
            const atEnd = window.scrollY + window.innerHeight >= document.documentElement.scrollHeight - 1;
            return (top >= -2 && top <= 24) || (atEnd && top >= 0 && top < window.innerHeight) ? 'landed' : top;
          }, id),
        UNTIL_SIGNAL,
      )
      .toBe('landed');
  }
});

test('npm start renders an API change history and serves its feed', async ({page, request}) => {
  test.setTimeout(180_000);
  const specId = 'dmss-container-and-signature-services';
  await page.goto(`${base}${changesUrl(specId)}`);
  await expect(page.locator('main h1')).toHaveText('Container and Signature Service API changes', UNTIL_SIGNAL);
  expect(await page.locator('main article').count()).toBeGreaterThan(1);
  const feed = await request.get(`${base}${changesFeedUrl(specId, 'atom')}`);
  expect(feed.ok()).toBe(true);
  expect(await feed.text()).toContain('<feed xmlns="http://www.w3.org/2005/Atom">');
});

test('npm start shows the not-found page for a mistyped address, with the doc it meant', async ({page}) => {
  test.setTimeout(180_000);
  await page.goto(`${base}/docs/archive-service`);
  const main = page.getByRole('main');
  await expect(main.getByRole('heading', {level: 1})).toHaveText('Page Not Found', UNTIL_SIGNAL);
  await main.getByRole('link', {name: '/docs/Archive Service'}).click();
  await expect(page.locator('article h1')).toHaveText('Archive Service', UNTIL_SIGNAL);
});

test('npm start serves the Markdown twins, and View as Markdown on a doc links to its twin', async ({
  page,
  request,
}) => {
  test.setTimeout(180_000);
  const twins = [
    [`${docUrl('Archive Service')}.md`, '# Archive Service\n'],
    [apiMarkdownUrl('dmss-archive-service'), '# '],
    [operationMarkdownUrl('dmss-archive-service', 'searchDocumentsV2'), '# '],
  ] as const;
  // Each request on a connection of its own: the dev server closes a connection idle for 5 s, and a request sent on
  // it as it closes is reset (seen once, after the doc's load below took that long on a busy machine).
  const get = (url: string) => request.get(url, {headers: {Connection: 'close'}});
  for (const [url, start] of twins) {
    const response = await get(`${base}${url}`);
    expect(response.status(), url).toBe(200);
    expect((await response.text()).startsWith(start), url).toBe(true);
  }
  await page.goto(`${base}${docUrl('Archive Service')}`);
  await expect(page.locator('article h1')).toHaveText('Archive Service', UNTIL_SIGNAL);
  const view = page.getByRole('link', {name: 'View as Markdown'});
  await expect(view).toHaveAttribute('href', `${docUrl('Archive Service')}.md`);
  // The link's target as the browser resolves it is the twin (a plain link, not a route of the app).
  const href = await view.evaluate((link) => (link as HTMLAnchorElement).href);
  const twin = await get(href);
  expect(twin.status()).toBe(200);
  expect(await twin.text()).toContain(`Source page: `);
});

test('npm start shows an edit of a spec under openapi/ on the open API page', async ({page}) => {
  test.setTimeout(240_000);
  const specId = 'dmss-document-generation-service';
  const file = path.join(root, 'openapi', `${specId}.yaml`);
  const original = fs.readFileSync(file, 'utf8');
  const operation = specOperations(specId).find((op) => op.summary !== '')!;
  const edited = `${operation.summary} (edited in the dev server test)`;
  expect(original.split(`summary: ${operation.summary}\n`)).toHaveLength(2);

  await page.goto(`${base}${apiRoute(specId)}`);
  const heading = page.locator(`[id="tag/${operation.tags[0]}/operation/${operation.operationId}"] h2`);
  await expect(heading).toHaveText(operation.summary, UNTIL_SIGNAL);
  // Signal by signal: the dev server compiles the site again after the edit, then the open page shows the new spec.
  // Both are one long step that no signal splits (the API reference, its twins and the search index made anew,
  // one or more compilations, then the page fetches and renders the new spec): on a busy runner this takes longer
  // than the usual bound, and has the render's.
  const reloaded = async (before: number) =>
    expect
      .poll(() => server!.compilations(), {
        ...REFERENCE_RENDER,
        message: 'the dev server compiled again after the edit',
      })
      .toBeGreaterThan(before);
  try {
    const before = server!.compilations();
    fs.writeFileSync(file, original.replace(`summary: ${operation.summary}\n`, `summary: ${edited}\n`));
    await reloaded(before);
    await expect(heading).toHaveText(edited, REFERENCE_RENDER);
  } finally {
    const before = server!.compilations();
    fs.writeFileSync(file, original);
    await reloaded(before);
  }
  await expect(heading).toHaveText(operation.summary, REFERENCE_RENDER);
});

test.describe('a reference of real-world size', () => {
  // Nothing is server-rendered under npm start, so the overview's head script does not exist: a shared link of the
  // one-page address goes on to its tag page through the router alone.
  const overview = `/api/${scaleFixtureSpec.id}`;
  const operation = 'tag/Droplets/operation/droplets_list';

  test('npm start: a shared link of the one-page address lands on its tag page', async ({page}) => {
    await page.goto(`${base}${overview}#${operation}`);
    await expect.poll(() => new URL(page.url()).pathname, UNTIL_SIGNAL).toBe(`${overview}/tag/droplets`);
    await expect(page.locator(`.redocusaurus-interactive [id="${operation}"]`)).toHaveCount(1, UNTIL_SIGNAL);
    await expectLanded(page, operation);
  });

  test('npm start: the overview lists every tag page', async ({page}) => {
    await page.goto(`${base}${overview}`);
    await expect(page.locator(`a[href="${overview}/tag/droplets#${operation}"]`).first()).toBeAttached(UNTIL_SIGNAL);
  });
});
