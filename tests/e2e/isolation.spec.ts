/**
 * The tests never reach the network: the browser sends nothing beyond this machine (LOCAL_ONLY_ARGS in
 * tests/playwright-base.ts), and the shared fixture reports any request that tried (tests/e2e/fixtures.ts).
 */
import {expect, hydrated, test} from './fixtures';

test('a request to another host, by name or by address, fails and is reported', async ({page, problems}) => {
  const failures: string[] = [];
  page.on('requestfailed', (request) => failures.push(`${request.url()} ${request.failure()?.errorText ?? ''}`));
  await page.goto('/');
  await hydrated(page);
  const outcomes = await page.evaluate(async () => {
    const attempt = (url: string) =>
      fetch(url, {mode: 'no-cors'}).then(
        () => 'answered',
        () => 'failed',
      );
    return [
      await attempt('https://example.com/'),
      await attempt('http://93.184.216.34/'),
      await attempt(`${location.origin}/`),
    ];
  });
  expect(outcomes).toEqual(['failed', 'failed', 'answered']);
  // Stopped by the browser's settings, not by a network that happens to be missing.
  expect(failures).toEqual([
    'https://example.com/ net::ERR_PROXY_CONNECTION_FAILED',
    'http://93.184.216.34/ net::ERR_PROXY_CONNECTION_FAILED',
  ]);
  expect(problems.externalRequests).toEqual(['https://example.com/', 'http://93.184.216.34/']);
  // Both were expected here; any other test fails on such a request.
  problems.externalRequests.length = 0;
  problems.consoleErrors.length = 0;
});

/**
 * The tests of a worker share one browser context, which Playwright resets between them (`reuseContext` in
 * tests/playwright-base.ts), and the fixture clears what Playwright leaves (tests/e2e/fixtures.ts). The first test
 * leaves every kind of state a test can leave; the second, in the same worker right after it, finds none of it, and a
 * cold HTTP cache as a fresh context has.
 */
test.describe('one test leaves nothing to the next', () => {
  test.describe.configure({mode: 'serial'});

  test('a test leaves storage, cookies, a permission, an init script and a route behind', async ({page}) => {
    await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
    await page.addInitScript(() => Object.assign(window, {leftBehind: true}));
    await page.route('**/left-behind', (route) => route.fulfill({body: 'left behind'}));
    await page.goto('/');
    await hydrated(page);
    await page.evaluate(() => {
      localStorage.setItem('left-behind', '1');
      sessionStorage.setItem('left-behind', '1');
      document.cookie = 'leftBehind=1; path=/';
    });
    await page.setViewportSize({width: 400, height: 700});
  });

  test('the next test finds none of it, and fetches the site again', async ({page, problems}) => {
    // The route is gone, so the browser reports the request's 404: on the console of a tab that the test before
    // used, which the fixture watches all the same.
    problems.allow.push(/404/);
    await page.goto('/');
    await hydrated(page);
    const state = await page.evaluate(async () => ({
      localStorage: localStorage.getItem('left-behind'),
      sessionStorage: sessionStorage.getItem('left-behind'),
      cookie: document.cookie,
      initScript: 'leftBehind' in window,
      route: (await fetch('/left-behind')).status,
      clipboard: (await navigator.permissions.query({name: 'clipboard-read' as PermissionName})).state,
      width: window.innerWidth,
      // A script fetched over the network (a cold cache) transfers its headers as well as its body; one from the
      // cache transfers nothing or (revalidated) only headers.
      scriptsFromCache: performance
        .getEntriesByType('resource')
        .filter((entry) => (entry as PerformanceResourceTiming).initiatorType === 'script')
        .filter((entry) => {
          const timing = entry as PerformanceResourceTiming;
          return timing.transferSize <= timing.encodedBodySize;
        })
        .map((entry) => entry.name),
    }));
    expect(state).toEqual({
      localStorage: null,
      sessionStorage: null,
      cookie: '',
      initScript: false,
      route: 404,
      clipboard: 'prompt',
      width: 1280,
      scriptsFromCache: [],
    });
    // Once: the tab is watched, and only once.
    await expect.poll(() => problems.consoleErrors.filter((text) => text.includes('404')).length).toBe(1);
  });
});
