import {apiRoute, apiSpecs} from '../../src/config/apiSpecs';
import {axeViolations} from './axe';
import {expect, hydrated, test, UNTIL_SIGNAL} from './fixtures';

const pages = [
  '/',
  '/docs',
  '/docs/Archive%20Service',
  '/docs/Technical%20Requirements',
  '/docs/SignBox%20User%20Manual',
  '/blog',
  '/blog/long-blog-post',
  ...apiSpecs.map((spec) => apiRoute(spec.id)),
  '/no-such-page',
];

for (const path of pages) {
  test(`axe finds no violation of any impact on ${path}`, async ({page, problems}) => {
    // axe takes its time over the thousands of nodes of a large API reference.
    if (path.startsWith('/api/')) test.setTimeout(150_000);
    problems.allow.push(/404/);
    await page.goto(path);
    await hydrated(page);
    expect(await axeViolations(page)).toEqual([]);
  });
}

test('axe finds no violation of any impact on an API page once the interactive reference replaced the static one', async ({
  page,
}) => {
  test.setTimeout(150_000);
  // A mid-sized reference: axe over the interactive container reference takes minutes on a busy runner.
  await page.goto(apiRoute('dmss-archive-service'));
  await hydrated(page);
  await page.locator('.redocusaurus-static .api-content h2').first().click();
  await expect(page.locator('[data-redoc-mode="interactive"]')).toHaveCount(1, UNTIL_SIGNAL);
  // Redoc renders more after mounting (the repairs follow each change within a frame).
  await page.waitForTimeout(500);
  expect(await axeViolations(page)).toEqual([]);
});
