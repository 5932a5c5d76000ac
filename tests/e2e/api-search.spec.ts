import type {Locator} from '@playwright/test';
import {expect, hydrated, test, referenceShown} from './fixtures';

/**
 * Waits until the API panel has a stable box (its results may still change
 * while the doc hits and the API index load).
 */
async function settled(hit: Locator): Promise<Locator> {
  const panel = hit.page().locator('#api-search-panel');
  let last = '';
  await expect
    .poll(
      async () => {
        const box = JSON.stringify(await panel.boundingBox());
        const same = box === last;
        last = box;
        return same;
      },
      {intervals: [300]},
    )
    .toBe(true);
  return hit;
}

const cases = [
  {
    query: 'generateHashForPDFExistingEndpoint',
    anchor:
      '/api/dmss-container-and-signature-services#tag/id-card-sign-controller/operation/generateHashForPDFExistingEndpoint',
  },
  {
    query: 'fallbackGetMigrationStatus',
    anchor: '/api/dmss-fallback-service#tag/migration-controller/operation/fallbackGetMigrationStatus',
  },
  {
    query: 'authenticateSmartId',
    anchor: '/api/dmss-authentication-service#tag/smart-id-authentication-controller/operation/authenticateSmartId',
  },
];

test.describe('navbar search finds API operations', () => {
  for (const {query, anchor} of cases) {
    test(`"${query}" opens ${anchor}`, async ({page}) => {
      test.setTimeout(120_000);
      await page.goto('/docs/Technical%20Requirements');
      await hydrated(page);
      const box = page.locator('.navbar__search-input');
      await box.click();
      await box.fill(query);
      const hit = page.getByTestId('api-search-hit').first();
      await expect(hit).toContainText(query);
      await expect(hit).toHaveAttribute('href', anchor);
      await (await settled(hit)).click();
      const [pathname, hash] = anchor.split('#');
      await expect(page).toHaveURL((url) => url.pathname === pathname && decodeURIComponent(url.hash) === `#${hash}`);
      // After a client-side navigation the reference is fetched with the page's HTML (the container page: 2.3 MB).
      await referenceShown(page);
      await expect(page.locator(`[id="${hash}"]`).first()).toBeInViewport();
    });
  }

  test(
    'a path fragment and words of a summary list operations with method, path and service',
    {tag: '@nginx'},
    async ({page}) => {
      await page.goto('/');
      await hydrated(page);
      const box = page.locator('.navbar__search-input');
      await box.click();
      await box.fill('/api/container/compose');
      const hits = page.getByTestId('api-search-hit');
      await expect(hits.first()).toContainText('POST');
      await expect(hits.first()).toContainText('/api/container/compose');
      await expect(hits.first()).toContainText('Container and Signature Service');
      await box.fill('generateHash');
      await expect(hits.first()).toContainText('generateHash');
    },
  );

  test('a schema name is found and opens an operation that uses it', async ({page}) => {
    test.setTimeout(120_000);
    await page.goto('/');
    await hydrated(page);
    const box = page.locator('.navbar__search-input');
    await box.click();
    await box.fill('PDFSigningSigner');
    const hit = page.getByTestId('api-search-hit').filter({hasText: 'SCHEMA'}).first();
    await expect(hit).toContainText('PDFSigningSigner');
    const href = await hit.getAttribute('href');
    await (await settled(hit)).click();
    const [pathname, rawHash] = href!.split('#');
    await expect(page).toHaveURL((url) => url.pathname === pathname && url.hash === `#${rawHash}`);
    const hash = decodeURIComponent(rawHash!);
    // After a client-side navigation the reference is fetched with the page's HTML (the container page: 2.3 MB).
    await referenceShown(page);
    await expect(page.locator(`[id="${hash}"]`).first()).toBeInViewport();
  });
});

test(
  'on a desktop screen the API panel opens beside where the doc hits appear, and stays there when they arrive',
  {tag: '@nginx'},
  async ({page}) => {
    await page.setViewportSize({width: 1280, height: 900});
    await page.goto('/docs/Archive%20Service');
    await hydrated(page);
    // Record every position the panel takes, frame by frame, and whether the doc hits were showing.
    await page.evaluate(() => {
      const seen: string[] = [];
      (window as unknown as {panelPositions: string[]}).panelPositions = seen;
      const frame = () => {
        const panel = document.getElementById('api-search-panel');
        const docHits = document.querySelector<HTMLElement>('.navbar [role="listbox"]');
        if (panel) {
          const box = panel.getBoundingClientRect();
          const entry = `${Math.round(box.left)},${Math.round(box.top)}${docHits?.offsetParent ? ' with doc hits' : ''}`;
          if (seen.at(-1) !== entry) seen.push(entry);
        }
        requestAnimationFrame(frame);
      };
      frame();
    });
    await page.locator('input.navbar__search-input').click();
    await page.keyboard.type('generateHash', {delay: 20});
    await expect(page.locator('.navbar [role="listbox"]')).toBeVisible();
    await expect(page.getByTestId('api-search-hit').first()).toBeVisible();
    await page.waitForTimeout(500);
    const positions = await page.evaluate(() => (window as unknown as {panelPositions: string[]}).panelPositions);
    const places = new Set(positions.map((entry) => entry.replace(' with doc hits', '')));
    expect([...places], `positions of the panel: ${positions.join(' | ')}`).toHaveLength(1);
    // Beside (left of) the doc hits, not over them.
    const panel = await page.locator('#api-search-panel').boundingBox();
    const docHits = await page.locator('.navbar [role="listbox"]').boundingBox();
    expect(panel!.x + panel!.width).toBeLessThanOrEqual(docHits!.x);
  },
);
