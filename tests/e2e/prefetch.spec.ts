/**
 * Route prefetching (src/plugins/idle-prefetch): Docusaurus still prefetches
 * the routes of the links in view, queued into idle time, and still skips it
 * in data-saver mode.
 */
import {expect, hydrated, test, UNTIL_SIGNAL} from './fixtures';

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
  // The signal that prefetching has had its chance: every route the links in view asked for has gone
  // from the idle-time queue to Docusaurus's own prefetch (which adds a link at once, or skips it here).
  // The init script wraps the prefetch of each object assigned to window.docusaurus: Docusaurus's own
  // first (its calls are the ones passed on), then the one whose prefetch queues the calls.
  await page.addInitScript(() => {
    const asked = new Set<string>();
    const passedOn = new Set<string>();
    type Global = {prefetch: (routePath: string) => boolean};
    let current: Global | undefined;
    Object.defineProperty(window, 'docusaurus', {
      configurable: true,
      get: () => current,
      set(next: Global) {
        const record = current === undefined ? passedOn : asked;
        current = Object.freeze({
          ...next,
          prefetch: (routePath: string) => {
            record.add(routePath);
            return next.prefetch(routePath);
          },
        });
      },
    });
    (window as unknown as {__prefetch: {asked: Set<string>; passedOn: Set<string>}}).__prefetch = {asked, passedOn};
  });
  await page.goto('/docs/luna');
  await hydrated(page);
  const drained = () =>
    page.evaluate(() => {
      const {asked, passedOn} = (window as unknown as {__prefetch: {asked: Set<string>; passedOn: Set<string>}})
        .__prefetch;
      return asked.size > 10 && [...asked].every((routePath) => passedOn.has(routePath));
    });
  await expect.poll(drained, {...UNTIL_SIGNAL, message: 'the queued prefetches were passed on'}).toBe(true);
  await expect(page.locator(prefetchLinks)).toHaveCount(0);
});
