import {apiSpecs, scaleFixtureSpec} from '../../src/config/apiSpecs';
import {SEARCH_MANIFEST_URL, type SearchManifest} from '../../src/lib/search/urls';
import {expect, hydrated, test} from './fixtures';
import {portalRoutes} from './routes';

/**
 * Under nginx every route is requested over HTTP (nginx.spec.ts); in Chromium, one route of each kind of page
 * (they share their template, bundles and inline scripts) runs there too.
 */
const underNginx = new Set([
  '/',
  '/docs',
  '/docs/Technical%20Requirements',
  '/docs/PadSign%202.0',
  '/docs/SignBox%20User%20Manual',
  '/api/dmss-archive-service',
  '/blog',
  '/blog/archive',
  '/blog/authors',
  '/blog/tags',
  '/blog/tags/hello',
  '/blog/mdx-blog-post',
]);

const unknown = [...underNginx].filter((path) => !portalRoutes.some((route) => route.path === path));
if (unknown.length > 0) throw new Error(`routes.spec.ts: not routes of ${unknown.join(', ')}`);

test.describe('every route answers with its own page', () => {
  for (const route of portalRoutes) {
    test(route.path, underNginx.has(route.path) ? {tag: '@nginx'} : {}, async ({page}) => {
      const response = await page.goto(route.path);
      expect(response?.status()).toBe(200);
      await hydrated(page);
      if (route.heading) await expect(page.locator('h1').first()).toHaveText(route.heading);
      if (route.title) await expect(page).toHaveTitle(route.title);
      await expect(page.getByRole('heading', {name: 'Page Not Found'})).toHaveCount(0);
    });
  }

  test('API pages carry the title of their spec', {tag: '@nginx'}, async ({page}) => {
    const spec = apiSpecs[0];
    await page.goto(`/api/${spec.id}`);
    await expect(page).toHaveTitle(/Archive/);
  });
});

test('the benchmark’s scale fixture is not part of the published site', async ({request}) => {
  expect((await request.get(`/api/${scaleFixtureSpec.id}`)).status()).toBe(404);
  const manifest = (await (await request.get(SEARCH_MANIFEST_URL)).json()) as SearchManifest;
  expect(await (await request.get(manifest.indexUrl)).text()).not.toContain(scaleFixtureSpec.id);
});

test('an unknown path shows the not-found page', {tag: '@nginx'}, async ({page, problems}) => {
  problems.allow.push(/404/);
  const response = await page.goto('/no/such/page');
  expect(response?.status()).toBe(404);
  await hydrated(page);
  await expect(page.getByRole('heading', {name: 'Page Not Found'})).toBeVisible();
});

test('a path ending in .html or /index.html shows the same page', {tag: '@nginx'}, async ({page}) => {
  for (const path of ['/docs/Archive%20Service.html', '/blog/index.html', '/blog/welcome.html']) {
    await page.goto(path);
    await hydrated(page);
    await expect(page.getByRole('heading', {name: 'Page Not Found'})).toHaveCount(0);
    expect(new URL(page.url()).pathname).toBe(path.replace(/(\/index)?\.html$/, ''));
  }
});

test('after navigation the page scrolls to the hash target, or to the top', {tag: '@nginx'}, async ({page}) => {
  await page.goto('/blog/long-blog-post');
  await hydrated(page);
  await page.mouse.wheel(0, 2000);
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(200);
  // Client-side navigation without a hash starts at the top.
  await page.getByRole('link', {name: 'Container and Signature Service'}).first().click();
  await expect(page.locator('h1').first()).toHaveText('Container and Signature Service');
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
  // With a hash, the target heading is scrolled into view.
  const target = page.locator('.theme-doc-markdown h2').nth(2);
  const id = await target.getAttribute('id');
  await page.locator(`.table-of-contents a[href="#${id}"]`).click();
  await expect(target).toBeInViewport();
  expect(new URL(page.url()).hash).toBe(`#${id}`);
});
