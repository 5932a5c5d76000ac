import type {Page} from '@playwright/test';
import {expect, hydrated, test} from './fixtures';

test('table of contents lists h2 and h3 headings but not h4', async ({page}) => {
  await page.goto('/docs/Technical%20Requirements');
  await hydrated(page);
  const toc = page.locator('.table-of-contents').first();
  const h2 = page.locator('.theme-doc-markdown h2');
  const h3 = page.locator('.theme-doc-markdown h3');
  expect(await h2.count()).toBeGreaterThan(1);
  expect(await h3.count()).toBeGreaterThan(0);
  for (const heading of [await h2.first().getAttribute('id'), await h3.first().getAttribute('id')]) {
    await expect(toc.locator(`a[href="#${heading}"]`)).toHaveCount(1);
  }
  const h4Ids = await page.locator('.theme-doc-markdown h4').evaluateAll((nodes) => nodes.map((n) => n.id));
  expect(h4Ids.length, 'Technical Requirements keeps at least one h4 to prove the TOC cut-off').toBeGreaterThan(0);
  for (const id of h4Ids) await expect(toc.locator(`a[href="#${id}"]`)).toHaveCount(0);
});

test('docs sidebar: main sidebar starts with Technical Requirements; categories stay open', async ({page}) => {
  await page.goto('/docs/Archive%20Service');
  await hydrated(page);
  const sidebar = page.locator('.theme-doc-sidebar-container');
  await expect(sidebar.locator('.menu__link').first()).toHaveText('Technical Requirements');
  await expect(sidebar.locator('.menu__list-item--collapsed')).toHaveCount(0);
  await expect(sidebar.getByRole('button', {name: /collapse sidebar/i})).toHaveCount(0);
  await page.goto('/docs/PadSign%20User%20Manual');
  await hydrated(page);
  await expect(page.locator('.theme-doc-sidebar-container .menu__link')).toHaveText([
    'SignBox User Manual',
    'PadSign User Manual',
  ]);
});

test('docs without a sidebar still render', async ({page}) => {
  for (const path of [
    '/docs/Container_Service_Configuration_Guide',
    '/docs/PadSign%202.0',
    '/docs/PadSign%20Setup%20Guide',
  ]) {
    await page.goto(path);
    await hydrated(page);
    await expect(page.locator('.theme-doc-sidebar-container')).toHaveCount(0);
    await expect(page.locator('.theme-doc-markdown h2').first()).toBeVisible();
  }
});

test('blog list shows reading time', async ({page}) => {
  await page.goto('/blog');
  await hydrated(page);
  await expect(page.locator('article').first()).toContainText(/(\d+|One) min read/);
  await page.goto('/blog/long-blog-post');
  await expect(page.locator('article')).toContainText(/(\d+|One) min read/);
});

test('the MDX blog post runs its interactive component', async ({page}) => {
  await page.goto('/blog/mdx-blog-post');
  await hydrated(page);
  const checker = page.getByTestId('display-text-checker');
  await checker.getByRole('textbox').fill('x'.repeat(61));
  await expect(checker).toContainText('too long by 1 characters');
  await expect(checker).toContainText(/displayTextLong.*fits, 139 characters left/);
});

test('search finds a doc and opens it at the matching heading', {tag: '@nginx'}, async ({page}) => {
  await page.goto('/');
  await hydrated(page);
  const box = page.getByRole('combobox', {name: 'Search docs and APIs'});
  await box.click();
  await box.fill('hazelcast');
  const hit = page
    .getByRole('listbox', {name: 'Search results'})
    .getByRole('option')
    .filter({hasText: /Authentication Service|Container/})
    .first();
  await expect(hit).toBeVisible();
  await hit.click();
  await expect(page).toHaveURL(/\/docs\/.+#.+/);
  const hash = decodeURIComponent(new URL(page.url()).hash.slice(1));
  await expect(page.locator(`[id="${hash}"]`)).toBeInViewport();
});

test('long docs: tables, code blocks and diagrams skip rendering until near the viewport, and show when reached', async ({
  page,
}) => {
  await page.goto('/docs/Technical%20Requirements');
  await hydrated(page);
  for (const selector of ['.table-scroll', '.theme-code-block', '[data-testid="mermaid-diagram"]']) {
    const last = page.locator(`.markdown ${selector}`).last();
    expect(await last.evaluate((node) => getComputedStyle(node).contentVisibility), selector).toBe('auto');
    // Reached, it is drawn at its real size.
    await last.scrollIntoViewIfNeeded();
    await expect(last).toBeVisible();
    expect((await last.boundingBox())?.height, selector).toBeGreaterThan(20);
  }
  // Loaded at an anchor below many of them, the page renders in full from the start (the head script
  // marks it before the body); that the heading lands is anchors.spec.ts's.
  const id = await page.locator('.theme-doc-markdown h2').last().getAttribute('id');
  await page.goto(`/docs/Technical%20Requirements#${id}`);
  await hydrated(page);
  expect(
    await page
      .locator('.markdown .table-scroll')
      .last()
      .evaluate((node) => getComputedStyle(node).contentVisibility),
  ).toBe('visible');
});

const lastSectionVisibility = (page: Page) =>
  page
    .locator('.redocusaurus-static [data-section-id]')
    .last()
    .evaluate((node) => getComputedStyle(node).contentVisibility);

test('the static API reference skips off-screen sections, except on a load at an anchor', async ({page}) => {
  await page.goto('/api/dmss-archive-service');
  expect(await lastSectionVisibility(page)).toBe('auto');
  await page.goto('/api/dmss-archive-service#tag/ping-controller/operation/archivePing');
  expect(await lastSectionVisibility(page)).toBe('visible');
});

test.describe('JavaScript off', () => {
  test.use({javaScriptEnabled: false});
  test('the static API reference renders every section (the browser lands fragments by itself)', async ({page}) => {
    await page.goto('/api/dmss-archive-service');
    expect(await lastSectionVisibility(page)).toBe('visible');
  });
});

test(
  'a served code block that gets the keyboard focus swaps in its full version and keeps the focus',
  {tag: '@nginx'},
  async ({page}) => {
    await page.goto('/docs/Archive%20Service');
    await hydrated(page);
    const servedPre = page.locator('[data-code-block="server"] pre').first();
    await servedPre.scrollIntoViewIfNeeded();
    const served = await page.locator('[data-code-block="server"]').count();
    await servedPre.focus();
    await expect(page.locator('[data-code-block="server"]')).toHaveCount(served - 1);
    await expect
      .poll(() =>
        page.evaluate(() => document.activeElement?.closest('[data-code-block]')?.getAttribute('data-code-block')),
      )
      .toBe('live');
    await expect(
      page.locator('[data-code-block="live"]:visible').first().getByRole('button', {name: /copy/i}),
    ).toHaveCount(1);
  },
);
