/**
 * The page template (`pageTemplate` of src/plugins/dependency-patches): every page paints its
 * server-rendered HTML before its bundles are even requested, then hydrates;
 * the page's list of bundles holds its route's chunks, so none is found late;
 * a bundle that cannot be fetched shows the warning banner.
 */
import {PAGE_SCRIPTS_ID} from '../../src/config/pageLoader';
import {COMPILE_HINT, STARTUP_CHUNKS, isStartupScript, startupChunkOf} from '../../src/plugins/startup-scripts';
import {expect, hydrated, test} from './fixtures';
import type {APIRequestContext} from '@playwright/test';

/** The not-found page, as a mistyped or stale link opens it. */
const NOT_FOUND = '/no-such-page';

const PAGES = [
  '/',
  '/docs/Technical%20Requirements',
  '/blog/long-blog-post',
  '/api/dmss-container-and-signature-services',
  NOT_FOUND,
];

/** A page's list of bundles, read from the data block of its served HTML (before any script runs). */
async function listedScripts(request: APIRequestContext, url: string): Promise<string[]> {
  const html = await (await request.get(url)).text();
  // The HTML minifier may drop the quotes around the id.
  const block = new RegExp(`id="?${PAGE_SCRIPTS_ID}"?>([^<]*)<`).exec(html);
  expect(block, `${url}: the data block of its bundles`).not.toBeNull();
  return JSON.parse(block![1]!) as string[];
}

/** The largest a start-up script may be, in characters of its minified text. */
const MAX_STARTUP_FILE = 220 * 1024;

/** The not-found page answers 404, which the browser reports on the console: allowed there only. */
const allowNotFound = (url: string, problems: {allow: RegExp[]}) => {
  if (url === NOT_FOUND) problems.allow.push(/status of 404/);
};

for (const url of PAGES) {
  test(`${url}: first contentful paint comes before the bundles are requested, then the page hydrates`, async ({
    page,
    request,
    problems,
  }) => {
    allowNotFound(url, problems);
    const html = await (await request.get(url)).text();
    expect(html).not.toMatch(/<script[^>]*\ssrc=/);

    await page.goto(url);
    await hydrated(page);
    const timing = await page.evaluate(() => ({
      paint: performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? null,
      bundles: performance.getEntriesByType('resource').map((entry) => ({name: entry.name, start: entry.startTime})),
    }));
    expect(timing.paint).not.toBeNull();
    const startup = timing.bundles.filter((bundle) => isStartupScript(bundle.name));
    expect(startup).toHaveLength(STARTUP_CHUNKS.length);
    for (const {start} of startup) expect(start).toBeGreaterThanOrEqual(timing.paint!);
    await expect(page.locator('#portal-script-failure-banner')).toHaveCount(0);
  });

  test(`${url}: its list of bundles holds every script it runs before it hydrates, each fetched once`, async ({
    page,
    problems,
  }) => {
    allowNotFound(url, problems);
    const requested: string[] = [];
    page.on('request', (request) => {
      if (request.resourceType() === 'script') requested.push(new URL(request.url()).pathname);
    });
    await page.goto(url);
    await hydrated(page);
    const listed = JSON.parse((await page.locator(`script#${PAGE_SCRIPTS_ID}`).textContent()) ?? '[]') as string[];
    // The start-up scripts first (React DOM, the other packages, the runtime and main.js), then the
    // chunks of the page's own route (its component and content).
    const startup = STARTUP_CHUNKS.length;
    expect(listed.slice(0, startup).every(isStartupScript), listed.join(', ')).toBe(true);
    expect(listed.slice(startup).some(isStartupScript), listed.join(', ')).toBe(false);
    expect(listed.length).toBeGreaterThan(startup);
    expect([...requested].sort()).toEqual([...listed].sort());
  });
}

test('the start-up scripts are cut in four files of at most 220 KB, carry the V8 compile hint; the route chunks do not', async ({
  request,
}) => {
  const listed = await listedScripts(request, '/api/dmss-container-and-signature-services');
  const startup = listed.filter(isStartupScript);
  const routeChunks = listed.filter((file) => !isStartupScript(file));
  expect(startup.map(startupChunkOf).sort()).toEqual([...STARTUP_CHUNKS].sort());
  for (const file of startup) {
    const text = await (await request.get(file)).text();
    expect(text.startsWith(COMPILE_HINT), `${file} starts with the compile hint`).toBe(true);
    // Each file is evaluated in a task of its own: React DOM, one module, is the largest (about 210 KB).
    expect(text.length, `${file} is ${Math.round(text.length / 1024)} KB`).toBeLessThanOrEqual(MAX_STARTUP_FILE);
  }
  expect(routeChunks.length).toBeGreaterThan(0);
  for (const file of routeChunks) {
    const text = await (await request.get(file)).text();
    expect(text, `${file} has no compile hint`).not.toContain(COMPILE_HINT.trim());
  }
});

test('a bundle that cannot be fetched (e.g. a wrong baseUrl) shows a warning banner over the readable page', async ({
  page,
  problems,
}) => {
  problems.allow.push(/Failed to load resource|net::ERR_FAILED/);
  await page.route(/\/assets\/js\/main\.[^/]+\.js$/, (route) => route.abort('failed'));
  await page.goto('/docs/Archive%20Service');
  const banner = page.getByRole('alert').filter({hasText: 'did not load completely'});
  await expect(banner).toBeVisible();
  await expect(banner).toContainText(/Missing: http:\/\/localhost:\d+\/assets\/js\/main\.[^ ]+\.js/);
  await expect(banner).toContainText('baseUrl');
  // The server-rendered text is still there to read.
  await expect(page.locator('h1')).toHaveText('Archive Service');
  await expect(page.locator('html')).not.toHaveAttribute('data-has-hydrated', 'true');
});

test("a chunk of the page's own route that cannot be fetched shows the same banner, naming that chunk", async ({
  page,
  problems,
}) => {
  problems.allow.push(/Failed to load resource|net::ERR_FAILED|Loading chunk|ChunkLoadError/);
  const listed = await listedScripts(page.request, '/docs/Archive%20Service');
  const routeChunk = listed.at(-1)!;
  expect(routeChunk).not.toMatch(/main\./);
  await page.route(
    (candidate) => candidate.pathname === routeChunk,
    (route) => route.abort('failed'),
  );
  await page.goto('/docs/Archive%20Service');
  const banner = page.getByRole('alert').filter({hasText: 'did not load completely'});
  await expect(banner).toContainText(`Missing: http://localhost:${new URL(page.url()).port}${routeChunk}`);
  await expect(page.locator('h1')).toHaveText('Archive Service');
});
