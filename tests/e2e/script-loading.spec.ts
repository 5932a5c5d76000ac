/**
 * The page template (src/config/ssrTemplate.ts): every page paints its
 * server-rendered HTML before its bundles are even requested, then hydrates;
 * a bundle that cannot be fetched shows the warning banner of spec section 2.
 */
import {expect, hydrated, test} from './fixtures';

const PAGES = [
  '/',
  '/docs/Technical%20Requirements',
  '/blog/long-blog-post',
  '/api/dmss-container-and-signature-services',
];

for (const url of PAGES) {
  test(`${url}: first contentful paint comes before the bundles are requested, then the page hydrates`, async ({
    page,
    request,
  }) => {
    const html = await (await request.get(url)).text();
    expect(html).not.toMatch(/<script[^>]*\ssrc=/);

    await page.goto(url);
    await hydrated(page);
    const timing = await page.evaluate(() => ({
      paint: performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? null,
      bundles: performance
        .getEntriesByType('resource')
        .filter((entry) => /\/assets\/js\/(runtime~)?main\.[^/]+\.js$/.test(entry.name))
        .map((entry) => entry.startTime),
    }));
    expect(timing.paint).not.toBeNull();
    expect(timing.bundles).toHaveLength(2);
    for (const start of timing.bundles) expect(start).toBeGreaterThanOrEqual(timing.paint!);
    await expect(page.locator('#portal-script-failure-banner')).toHaveCount(0);
  });
}

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
