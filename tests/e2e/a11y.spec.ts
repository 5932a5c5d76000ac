import {apiRoute, apiSpecs} from '../../src/config/apiSpecs';
import {axeViolations} from './axe';
import {expect, hydrated, idle, test, UNTIL_SIGNAL} from './fixtures';

const pages = [
  '/',
  '/docs',
  '/docs/Archive%20Service',
  '/docs/Technical%20Requirements',
  '/docs/SignBox%20User%20Manual',
  '/blog',
  '/blog/long-blog-post',
  ...apiSpecs.map((spec) => apiRoute(spec.id)),
  // The not-found page, with every part it can show: this address is a doc's, mistyped.
  '/docs/archive-service',
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
  // Redoc renders more after mounting, and the repairs follow each change within a frame: axe runs once
  // the page has nothing left to do and every table and sample has its repair.
  const unrepaired = () =>
    page.evaluate(() => document.querySelectorAll('.redocusaurus :is(table, pre):not([tabindex])').length);
  await idle(page);
  await expect.poll(unrepaired, {...UNTIL_SIGNAL, message: 'tables and samples left without their tabindex'}).toBe(0);
  expect(await axeViolations(page)).toEqual([]);
  // What Redoc renders later is repaired too: a field opened by the reader shows its nested table,
  // which gets its tabindex within a frame (keepRedocMarkupRepaired repairs the part that changed).
  const tables = () => page.evaluate(() => document.querySelectorAll('.redocusaurus table').length);
  const before = await tables();
  await page.locator('.redocusaurus td button[aria-label^="expand "]').first().click();
  await expect.poll(tables, UNTIL_SIGNAL).toBeGreaterThan(before);
  await expect.poll(unrepaired, UNTIL_SIGNAL).toBe(0);
});

test('the static reference arrives repaired, and is marked so that the page does not repair it again', async ({
  page,
  request,
}) => {
  // repairRedocHtml at build time; keepRedocMarkupRepaired skips an element with the mark.
  const html = await (await request.get(apiRoute('dmss-archive-service'))).text();
  expect(html).toMatch(/class="?redocusaurus redocusaurus-static"? data-repaired/);
  await page.goto(apiRoute('dmss-archive-service'));
  await hydrated(page);
  const counts = await page.evaluate(() => ({
    marked: document.querySelectorAll('.redocusaurus-static[data-repaired]').length,
    unrepaired: document.querySelectorAll('.redocusaurus-static :is(table, pre):not([tabindex])').length,
    unlabelled: document.querySelectorAll('.redocusaurus-static h5:not([aria-level])').length,
  }));
  expect(counts).toEqual({marked: 1, unrepaired: 0, unlabelled: 0});
});

test('on a phone: axe finds no violation on the home page, a doc, an API page and the open menu', async ({page}) => {
  test.setTimeout(120_000);
  await page.setViewportSize({width: 390, height: 800});
  for (const path of ['/', '/docs/Archive%20Service', apiRoute('dmss-archive-service')]) {
    await page.goto(path);
    await hydrated(page);
    expect(await axeViolations(page), path).toEqual([]);
  }
  // The menu a phone opens from the navbar's button: the sidebar of the docs and the navbar's links.
  await page.goto('/docs/Archive%20Service');
  await hydrated(page);
  await page.getByRole('button', {name: 'Toggle navigation bar'}).click();
  await expect(page.locator('.navbar-sidebar')).toBeVisible();
  await idle(page);
  expect(await axeViolations(page), 'the open menu').toEqual([]);
});
