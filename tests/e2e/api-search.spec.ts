import type {Locator} from '@playwright/test';
import {expect, hydrated, test} from './fixtures';

/**
 * Waits until the API panel stops moving: it is placed beside the doc hits,
 * which appear (and move it) once the docs index has loaded.
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
      await expect(page.locator(`[id="${hash}"]`).first()).toBeInViewport();
    });
  }

  test('a path fragment and words of a summary list operations with method, path and service', async ({page}) => {
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
  });

  test('a schema name is found and opens an operation that uses it', async ({page}) => {
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
    await expect(page.locator(`[id="${hash}"]`).first()).toBeInViewport();
  });
});
