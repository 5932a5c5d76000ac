/**
 * Route prefetching (src/plugins/idle-prefetch): Docusaurus still prefetches
 * the routes of the links in view, queued into idle time, and still skips it
 * in data-saver mode (spec section 9).
 */
import {expect, hydrated, test} from './fixtures';

const prefetchLinks = "link[rel='prefetch']";

test('links in view are prefetched, one route per idle callback', async ({page}) => {
  await page.goto('/docs/luna');
  await hydrated(page);
  // The deferred prefetch replaced Docusaurus's global, keeping its preload.
  expect(await page.evaluate(() => typeof window.docusaurus.preload)).toBe('function');
  await expect.poll(() => page.locator(prefetchLinks).count(), {timeout: 10_000}).toBeGreaterThan(10);
  // Clicking a prefetched link navigates without a full reload.
  await page.evaluate(() => ((window as unknown as {marker: number}).marker = 1));
  await page.locator('.theme-doc-sidebar-container').getByRole('link', {name: 'Archive Service'}).click();
  await expect(page).toHaveURL(/\/docs\/Archive%20Service$/);
  expect(await page.evaluate(() => (window as unknown as {marker?: number}).marker)).toBe(1);
});

test('nothing is prefetched in data-saver mode', async ({page}) => {
  await page.addInitScript(() =>
    Object.defineProperty(navigator, 'connection', {value: {saveData: true, effectiveType: '4g'}}),
  );
  await page.goto('/docs/luna');
  await hydrated(page);
  await page.waitForTimeout(3000);
  await expect(page.locator(prefetchLinks)).toHaveCount(0);
});
