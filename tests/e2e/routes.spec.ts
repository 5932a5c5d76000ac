import {apiSpecs, scaleFixtureSpec} from '../../src/config/apiSpecs';
import {SEARCH_MANIFEST_URL, type SearchManifest} from '../../src/lib/search/urls';
import {expect, hydrated, test} from './fixtures';
import {portalRoutes, type RouteExpectation} from './routes';

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

/**
 * The routes in groups that each load their pages one after the other in one tab: a reader's browser has the shared
 * bundles in its cache after the first page too, and each group is one test (a test per route spent more time on
 * new browser contexts and cold caches than on the pages). Each route is a step; a failing one names its path.
 */
const groups = new Map<string, RouteExpectation[]>();
for (const route of portalRoutes) {
  const group = `${underNginx.has(route.path) ? 'under nginx too: ' : ''}${route.path.split('/')[1] || 'home'}`;
  groups.set(group, [...(groups.get(group) ?? []), route]);
}
/** Routes a test loads at most: a few seconds each on a busy runner, well within a test's time. */
const GROUP_SIZE = 6;
const tests = [...groups].flatMap(([group, routes]) =>
  Array.from({length: Math.ceil(routes.length / GROUP_SIZE)}, (_, i) => ({
    group,
    routes: routes.slice(i * GROUP_SIZE, (i + 1) * GROUP_SIZE),
  })),
);

test.describe('every route answers with its own page', () => {
  for (const {group, routes} of tests) {
    test(
      `${group} (${routes.map((route) => route.path).join(', ')})`,
      group.startsWith('under nginx') ? {tag: '@nginx'} : {},
      async ({page}) => {
        for (const route of routes) {
          await test.step(route.path, async () => {
            const response = await page.goto(route.path);
            expect(response?.status(), route.path).toBe(200);
            await hydrated(page);
            if (route.heading) await expect(page.locator('h1').first(), route.path).toHaveText(route.heading);
            if (route.title) await expect(page, route.path).toHaveTitle(route.title);
            await expect(page.getByRole('heading', {name: 'Page Not Found'}), route.path).toHaveCount(0);
          });
        }
      },
    );
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

test(
  'the not-found page offers the page a mistyped address meant, a search for its words and the home page',
  {tag: '@nginx'},
  async ({page, problems}) => {
    problems.allow.push(/404/);
    await page.goto('/docs/archive-service');
    await hydrated(page);
    const main = page.getByRole('main');
    await expect(main).toContainText('There is no page at /docs/archive-service.');
    await expect(main.getByRole('link', {name: 'Search the portal for “archive service”'})).toHaveAttribute(
      'href',
      '/search?q=archive%20service',
    );
    await main.getByRole('link', {name: '/docs/Archive Service'}).click();
    await expect(page.getByRole('heading', {level: 1})).toHaveText('Archive Service');

    // An address like no page's: no suggestion, the search for its words.
    await page.goto('/docs/no-such-guide');
    await hydrated(page);
    await expect(page.getByTestId('not-found-suggestion')).toHaveCount(0);
    await page.getByRole('link', {name: 'Search the portal for “no such guide”'}).click();
    await expect(page).toHaveURL(/\/search\?q=no%20such%20guide$/);
    await expect(page.getByRole('heading', {level: 1})).toContainText('no such guide');
  },
);

test.describe('without JavaScript', () => {
  test.use({javaScriptEnabled: false});

  test('the not-found page links to the search page and the home page', async ({page, problems}) => {
    problems.allow.push(/404/);
    await page.goto('/docs/archive-service');
    const main = page.getByRole('main');
    await expect(main).toContainText('There is no page at this address.');
    await expect(main.getByRole('link', {name: 'Search the portal'})).toHaveAttribute('href', '/search');
    await expect(main.getByRole('link', {name: 'Go to the home page'})).toHaveAttribute('href', '/');
  });
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
