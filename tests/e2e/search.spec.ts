/**
 * The site search as a reader uses it: the navbar box (one ranked list of docs,
 * operations, schemas and changes), its keyboard, the results page, and the
 * ways it can fail. The ranking itself is tested in tests/unit/site-search.test.ts
 * and, on the real index, in search-quality.spec.ts.
 */
import type {Page} from '@playwright/test';
import {axeViolations} from './axe';
import {expect, hydrated, referenceShown, test, UNTIL_SIGNAL} from './fixtures';
import {expectLanded} from './landing';

const box = (page: Page) => page.getByRole('combobox', {name: 'Search docs and APIs'});
const options = (page: Page) => page.getByRole('listbox', {name: 'Search results'}).getByRole('option');

/** Opens `url`, types `query` into the navbar box and waits for the results (the index loads on first focus). */
async function search(page: Page, url: string, query: string): Promise<void> {
  await page.goto(url);
  await hydrated(page);
  await box(page).click();
  await box(page).fill(query);
  await expect(options(page).first()).toBeVisible(UNTIL_SIGNAL);
}

test('a question finds an operation and a doc among the first results; the keyboard opens the operation', async ({
  page,
}) => {
  await search(page, '/docs/Technical%20Requirements', 'validate a signature');
  // Among the first three: the call that validates signatures, with its method, service and marked words.
  const dss = options(page).filter({hasText: 'Validate an uploaded file with DSS'});
  await expect(dss).toHaveCount(1);
  const position = await options(page).evaluateAll((all) =>
    all.findIndex((option) => option.textContent?.includes('Validate an uploaded file with DSS')),
  );
  expect(position).toBeLessThan(3);
  await expect(dss).toContainText('POST');
  await expect(dss).toContainText('Container and Signature Service');
  await expect(dss.locator('mark').first()).toHaveText(/valid/i);
  await box(page).fill('what port does the archive service use');
  await expect(options(page).first()).toContainText('Ports and network');
  await expect(options(page).first()).toContainText('Archive Service');

  await box(page).fill('validate a signature');
  await expect(dss).toHaveCount(1);
  for (let i = 0; i <= position; i += 1) await page.keyboard.press('ArrowDown');
  await expect(box(page)).toHaveAttribute('aria-activedescendant', (await dss.getAttribute('id'))!);
  await expect(dss).toHaveAttribute('aria-selected', 'true');
  await page.keyboard.press('Enter');
  const id = 'tag/container-controller/operation/validateWithDss';
  await expect(page).toHaveURL(
    (url) => url.pathname === '/api/dmss-container-and-signature-services' && decodeURIComponent(url.hash) === `#${id}`,
  );
  await referenceShown(page);
  await expect(page.locator(`[id="${id}"]`).first()).toBeInViewport(UNTIL_SIGNAL);
});

test('a doc section opens at its heading, at the top of the viewport', async ({page}) => {
  await search(page, '/', 'what port does the archive service use');
  await expect(options(page).first()).toContainText('Ports and network');
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/docs\/Archive%20Service#ports-and-network$/);
  await expectLanded(page, 'ports-and-network');
  // The list closed on the way.
  await expect(page.getByRole('listbox', {name: 'Search results'})).toHaveCount(0);
});

test('an operationId, a path or a schema name finds its operation; a click opens it', async ({page}) => {
  await search(page, '/', 'fallbackGetMigrationStatus');
  await expect(options(page).first()).toContainText('Get the migration status');
  await box(page).fill('/api/container/compose');
  await expect(options(page).first()).toContainText('/api/container/compose');
  await box(page).fill('NewDocumentData');
  const schema = options(page).filter({hasText: 'Schema'}).first();
  await expect(schema).toContainText('NewDocumentData');
  await schema.click();
  await expect(page).toHaveURL(/\/api\/dmss-archive-service#tag\//);
  await referenceShown(page);
});

test('a deprecated operation says so in the results', async ({page}) => {
  await search(page, '/', 'registerUser');
  const deprecated = options(page).filter({hasText: 'Register a signer session for a pad device'});
  await expect(deprecated).toContainText('Deprecated');
  await expect(options(page).filter({hasText: 'Upload a PDF for signing'})).not.toContainText('Deprecated');
});

test('Ctrl+K and "/" put the cursor in the box; Escape closes the list, then clears the box', async ({page}) => {
  await page.goto('/docs/Archive%20Service');
  await hydrated(page);
  await page.keyboard.press('Control+k');
  await expect(box(page)).toBeFocused();
  await page.keyboard.type('helm');
  await expect(options(page).first()).toBeVisible(UNTIL_SIGNAL);
  await page.keyboard.press('Escape');
  await expect(box(page)).toHaveAttribute('aria-expanded', 'false');
  await expect(box(page)).toHaveValue('helm');
  await page.keyboard.press('Escape');
  await expect(box(page)).toHaveValue('');
  await page.locator('main').click();
  await page.keyboard.press('/');
  await expect(box(page)).toBeFocused();
});

test('the index loads on the first focus of the box, not with the page', async ({page}) => {
  const indexRequests: string[] = [];
  page.on('request', (request) => {
    if (/\/search\/index\.\w+\.json$/.test(new URL(request.url()).pathname)) indexRequests.push(request.url());
  });
  await page.goto('/docs/Archive%20Service');
  await hydrated(page);
  await page.waitForLoadState('networkidle');
  expect(indexRequests).toEqual([]);
  await box(page).focus();
  await expect.poll(() => indexRequests.length).toBe(1);
  await box(page).fill('s3');
  await expect(options(page).first()).toBeVisible(UNTIL_SIGNAL);
  expect(indexRequests).toHaveLength(1);
});

test('"See all results" opens the results page, which filters by kind and survives a reload and back', async ({
  page,
}) => {
  await search(page, '/docs/Archive%20Service', 'archive document');
  const all = options(page).last();
  await expect(all).toContainText('See all results for “archive document”');
  await page.keyboard.press('ArrowUp');
  await expect(all).toHaveAttribute('aria-selected', 'true');
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/search\?q=archive%20document$/);
  const results = page.getByTestId('search-results').getByRole('link');
  await expect(results.first()).toBeVisible(UNTIL_SIGNAL);
  expect(await results.count()).toBeGreaterThan(8);
  await expect(page.getByRole('heading', {level: 1})).toHaveText('Results for “archive document”');

  await page
    .getByRole('navigation', {name: 'Kinds of results'})
    .getByRole('link', {name: /^Operation/})
    .click();
  await expect(page).toHaveURL(/kind=operation/);
  for (const kind of await page
    .getByTestId('search-results')
    .locator('a')
    .evaluateAll((links) => links.map((a) => a.getAttribute('data-kind')))) {
    expect(kind).toBe('operation');
  }
  await page.reload();
  await hydrated(page);
  await expect(results.first()).toBeVisible(UNTIL_SIGNAL);
  await expect(page.getByRole('link', {name: /^Operation/})).toHaveAttribute('aria-current', 'page');
  await page.goBack();
  await expect(page).toHaveURL(/\/search\?q=archive%20document$/);
  await expect(page.getByRole('link', {name: /^All/})).toHaveAttribute('aria-current', 'page');
});

test('a shared link to the results page shows its results; a new query from its form updates the address', async ({
  page,
}) => {
  await page.goto('/search?q=smart-id%20session%20status');
  await hydrated(page);
  const results = page.getByTestId('search-results').getByRole('link');
  await expect(results.first()).toContainText('session status', UNTIL_SIGNAL);
  await page.getByLabel('Search docs, operations, schemas and API changes').fill('claim mappers');
  await page.getByRole('button', {name: 'Search'}).click();
  await expect(page).toHaveURL(/\/search\?q=claim\+mappers$/);
  await expect(results.first()).toContainText('Claim mappers');
});

test('the open list and the results page have no accessibility violations', async ({page}) => {
  await search(page, '/', 'archive');
  await page.keyboard.press('ArrowDown');
  expect(await axeViolations(page)).toEqual([]);
  await page.goto('/search?q=archive');
  await hydrated(page);
  await expect(page.getByTestId('search-results')).toBeVisible(UNTIL_SIGNAL);
  expect(await axeViolations(page)).toEqual([]);
});

test('an index that fails to load is reported, and loaded on the next focus', async ({page, problems}) => {
  problems.allow.push(/search index|Failed to load resource/i);
  let fail = true;
  await page.route(/\/search\/index\.\w+\.json$/, (route) => (fail ? route.abort() : route.continue()));
  await page.goto('/');
  await hydrated(page);
  await box(page).click();
  await box(page).fill('helm');
  await expect(page.getByTestId('search-dropdown')).toContainText('Search is unavailable');
  fail = false;
  await box(page).blur();
  await box(page).focus();
  await expect(options(page).first()).toBeVisible(UNTIL_SIGNAL);
});

test('on a phone the list spans the screen below the navbar, the box it answers in view', async ({page}) => {
  await page.setViewportSize({width: 390, height: 800});
  await search(page, '/', 'signing');
  const list = page.getByTestId('search-dropdown');
  // Where the list is against the navbar and the screen, and whether the box is on top at its centre.
  const placement = () =>
    list.evaluate((node) => {
      const input = document.querySelector<HTMLInputElement>('input[role="combobox"]')!.getBoundingClientRect();
      const rect = node.getBoundingClientRect();
      return {
        navbarBottom: Math.round(document.querySelector('.navbar')!.getBoundingClientRect().bottom),
        top: Math.round(rect.top),
        bottom: Math.round(rect.bottom),
        left: rect.left,
        right: rect.right,
        boxOnTop:
          document
            .elementFromPoint(input.left + input.width / 2, input.top + input.height / 2)
            ?.getAttribute('role') === 'combobox',
      };
    });
  // At the top of the page the announcement bar is above the navbar: the list begins below the navbar, not over it.
  await expect(page.locator('.theme-announcement-bar')).toBeVisible();
  const first = await placement();
  expect(first.navbarBottom, 'the announcement bar pushes the navbar down').toBeGreaterThan(60);
  expect(first).toMatchObject({top: first.navbarBottom, boxOnTop: true});
  expect(first.bottom).toBeLessThanOrEqual(800);
  expect(first.left).toBeGreaterThanOrEqual(0);
  expect(first.right).toBeLessThanOrEqual(390);
  // Scrolled, the bar is gone and the navbar sticks to the top: the list follows it.
  await page.evaluate(() => window.scrollTo(0, 400));
  await expect.poll(placement).toMatchObject({navbarBottom: 60, top: 60, boxOnTop: true});
});

test('on a narrow phone the box sits beside the whole site title until it has the focus, then spans the navbar', async ({
  page,
}) => {
  // Where the box is against the site title and the screen, and whether it is on top at its centre.
  const placement = () =>
    page.evaluate(() => {
      const input = document.querySelector<HTMLInputElement>('input[role="combobox"]')!.getBoundingClientRect();
      const title = document.querySelector('.navbar__title')!;
      return {
        boxLeft: Math.round(input.left),
        boxRight: Math.round(input.right),
        titleRight: Math.round(title.getBoundingClientRect().right),
        titleWhole: title.scrollWidth <= title.clientWidth,
        boxOnTop:
          document
            .elementFromPoint(input.left + input.width / 2, input.top + input.height / 2)
            ?.getAttribute('role') === 'combobox',
      };
    });
  for (const width of [320, 412]) {
    await page.setViewportSize({width, height: 700});
    await page.goto('/docs/Archive%20Service');
    await hydrated(page);
    const beside = await placement();
    expect(beside, `${width} px: the box is on screen, on top`).toMatchObject({titleWhole: true, boxOnTop: true});
    expect(beside.boxLeft, `${width} px: the box begins after the title`).toBeGreaterThanOrEqual(beside.titleRight);
    expect(beside.boxRight).toBeLessThanOrEqual(width);

    // With the focus it spans the navbar (1rem from each edge), and the reader sees what they type.
    await box(page).click();
    await box(page).fill('helm');
    await expect(options(page).first()).toBeVisible(UNTIL_SIGNAL);
    const typing = await placement();
    expect(typing, `${width} px: the box spans the navbar`).toMatchObject({boxLeft: 16, boxRight: width - 16});
    expect(typing.boxOnTop).toBe(true);

    // Once the reader leaves it, it is back beside the title.
    await page.keyboard.press('Escape');
    await page.keyboard.press('Tab');
    await expect(box(page)).not.toBeFocused();
    expect(await placement()).toEqual(beside);
  }
});

test.describe('without JavaScript', () => {
  test.use({javaScriptEnabled: false});

  test('the navbar box is a form that opens the results page, which says search needs JavaScript', async ({page}) => {
    await page.goto('/docs/Archive%20Service');
    const form = page.getByRole('search', {name: 'Site'});
    await expect(form).toHaveAttribute('action', '/search');
    await expect(form.locator('input[name="q"]')).toBeVisible();
    await page.goto('/search?q=helm');
    // Text inside <noscript> is not matched by getByText: read the paragraph the browser shows.
    await expect(page.locator('main noscript p')).toContainText('Search runs in your browser and needs JavaScript');
    await expect(page.locator('main noscript p')).toBeVisible();
  });
});
