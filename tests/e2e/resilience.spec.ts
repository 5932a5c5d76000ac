import {LOADING_DELAY_MS} from '../../src/components/lazy/delay';
import {expect, hydrated, test, UNDER_CPU_THROTTLING, UNTIL_SIGNAL} from './fixtures';

test('a failed route preload reloads the page, which then shows', async ({page, problems}) => {
  problems.allow.push(/Loading chunk|ChunkLoadError|Failed to load resource|net::ERR_FAILED/);
  // Data-saver mode: Docusaurus skips prefetching, so the navigation's preload is the first request of each chunk.
  await page.addInitScript(() =>
    Object.defineProperty(navigator, 'connection', {value: {saveData: true, effectiveType: '4g'}}),
  );
  await page.goto('/');
  await hydrated(page);
  // From now on every new JS chunk fails, until the browser reloads the page.
  let phase: 'failing' | 'reloaded' = 'failing';
  let aborted = 0;
  page.on('request', (request) => {
    if (request.isNavigationRequest() && request.frame() === page.mainFrame()) phase = 'reloaded';
  });
  await page.route(/\/assets\/js\/.+\.js$/, (route) => {
    if (phase === 'reloaded') return route.fallback();
    aborted += 1;
    return route.abort('failed');
  });
  await page.locator('.footer').getByRole('link', {name: 'Blog'}).click();
  await expect.poll(() => phase).toBe('reloaded');
  await hydrated(page);
  expect(aborted).toBeGreaterThan(0);
  expect(new URL(page.url()).pathname).toBe('/blog');
  await expect(page.locator('article').first()).toBeVisible();
});

const CHECKER_CHUNK = /\/assets\/js\/display-text-checker\.[^/]*\.js$/;

test('a lazy chunk shows a spinner while slow, an error box when it fails, and Retry recovers', async ({
  page,
  problems,
}) => {
  problems.allow.push(/Loading chunk|ChunkLoadError|Failed to load resource|net::ERR_FAILED/);
  let mode: 'slow' | 'fail' | 'pass' = 'slow';
  await page.route(CHECKER_CHUNK, async (route) => {
    if (mode === 'fail') return route.abort('failed');
    if (mode === 'slow') await new Promise((resolve) => setTimeout(resolve, 1500));
    return route.fallback();
  });
  // Slow chunk: the spinner appears after the short delay (not at once: a fast
  // chunk should not flash a spinner), then the component.
  await page.goto('/blog/first-blog-post');
  await hydrated(page);
  await page.evaluate(() => {
    const w = window as unknown as {spinnerAfterMs?: number};
    const start = performance.now();
    new MutationObserver((_records, observer) => {
      if (document.querySelector('[data-testid="loading-spinner"]')) {
        w.spinnerAfterMs = performance.now() - start;
        observer.disconnect();
      }
    }).observe(document.body, {childList: true, subtree: true});
  });
  await page.locator('article').getByRole('link', {name: 'interactive checker'}).first().click();
  await expect(page.getByTestId('loading-spinner')).toBeVisible();
  const spinnerAfterMs = await page.evaluate(() => (window as unknown as {spinnerAfterMs?: number}).spinnerAfterMs);
  expect(spinnerAfterMs, 'ms from the click until the spinner showed').toBeGreaterThanOrEqual(LOADING_DELAY_MS - 10);
  await expect(page.getByTestId('display-text-checker')).toBeVisible();
  // Failing chunk (fresh page, so nothing is cached): error box with the error text and Retry.
  mode = 'fail';
  await page.goto('/blog/first-blog-post');
  await hydrated(page);
  await page.locator('article').getByRole('link', {name: 'interactive checker'}).first().click();
  const errorBox = page.getByTestId('loading-error');
  await expect(errorBox).toBeVisible();
  await expect(errorBox).toContainText(/chunk/i);
  mode = 'pass';
  await errorBox.getByRole('button', {name: 'Retry'}).click();
  await expect(page.getByTestId('display-text-checker')).toBeVisible();
  await expect(errorBox).toHaveCount(0);
});

test('the site works when browser storage throws', async ({page, problems}) => {
  problems.allow.push(/storage|SecurityError/i);
  await page.addInitScript(() => {
    const fail = () => {
      throw new DOMException('Storage is disabled', 'SecurityError');
    };
    for (const name of ['localStorage', 'sessionStorage'] as const) {
      Object.defineProperty(window, name, {configurable: true, get: fail});
    }
  });
  const warnings: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'warning') warnings.push(message.text());
  });
  await page.goto('/docs/Archive%20Service');
  await hydrated(page);
  await expect(page.locator('h1')).toHaveText('Archive Service');
  await page.locator('.theme-doc-sidebar-container a', {hasText: 'Technical Requirements'}).click();
  await expect(page.locator('h1')).toHaveText('Technical Requirements');
  expect(warnings.some((text) => /storage/i.test(text))).toBe(true);
});

test('a lazy component still appears when its chunk arrives while a slow machine is hydrating the page', async ({
  page,
}) => {
  // Three visits, each hydrated at 12x: minutes on a slow runner.
  test.setTimeout(240_000);
  // A slow CPU stretches hydration into many time slices, so the chunk the
  // post requests during hydration arrives before that render is committed.
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', {rate: 12});
  for (let visit = 0; visit < 3; visit += 1) {
    await page.goto('/blog/mdx-blog-post');
    await hydrated(page, UNDER_CPU_THROTTLING);
    const checker = page.getByTestId('display-text-checker');
    await expect(checker).toBeVisible(UNDER_CPU_THROTTLING);
    await checker.getByRole('textbox').fill('x'.repeat(61), UNDER_CPU_THROTTLING);
    await expect(checker).toContainText('too long by 1 characters', UNDER_CPU_THROTTLING);
  }
  await cdp.send('Emulation.setCPUThrottlingRate', {rate: 1});
});

test('a crashing page shows "This page crashed." with the cause and a working Try again', async ({page, problems}) => {
  problems.allow.push(/Simulated crash|react\.dev\/errors\/520/);
  await page.goto('/blog/mdx-blog-post');
  await hydrated(page);
  const checker = page.getByTestId('display-text-checker');
  await expect(checker).toBeVisible();
  // Make the checker throw while rendering, as a bug in a component would: it
  // counts characters by iterating the text, and only it iterates "crash".
  await page.evaluate(() => {
    const original = String.prototype[Symbol.iterator];
    (window as unknown as {restoreIterator: () => void}).restoreIterator = () => {
      String.prototype[Symbol.iterator] = original;
    };
    String.prototype[Symbol.iterator] = function (this: string) {
      if (String(this) === 'crash') throw new Error('Simulated crash in a page component');
      return original.call(this);
    };
  });
  await checker.getByRole('textbox').fill('crash');
  await expect(page.getByText('This page crashed.')).toBeVisible();
  await expect(page.getByText('Simulated crash in a page component')).toBeVisible();
  await page.evaluate(() => (window as unknown as {restoreIterator: () => void}).restoreIterator());
  await page.getByRole('button', {name: 'Try again'}).click();
  await expect(page.getByTestId('display-text-checker')).toBeVisible();
});

for (const failure of [
  // The spec's URL carries its content hash as a query (?v=...).
  {what: 'its spec', url: /\/openapi\/rendered\/[^/?]+\.json\?v=[0-9a-f]+$/},
  {what: 'the interactive Redoc chunk', url: /\/assets\/js\/redoc-interactive\.[^/]*\.js$/},
]) {
  test(`when ${failure.what} does not load, an API page keeps the static reference, says so, and retries on the next click`, async ({
    page,
    problems,
  }) => {
    problems.allow.push(/Failed to load resource|net::ERR_FAILED|Failed to fetch|Loading chunk|ChunkLoadError/);
    let failing = true;
    await page.route(failure.url, (route) => (failing ? route.abort('failed') : route.fallback()));
    await page.goto('/api/dmss-archive-service');
    await hydrated(page);
    const reference = page.locator('.redocusaurus-static h1').first();
    await reference.click();
    const notice = page.getByRole('alert').filter({hasText: 'interactive reference could not load'});
    await expect(notice).toBeVisible();
    await expect(page.locator('[data-redoc-mode="static"]')).toBeVisible();
    await expect(reference).toBeVisible();
    failing = false;
    await reference.click();
    await expect(page.locator('[data-redoc-mode="interactive"]')).toBeVisible(UNTIL_SIGNAL);
    await expect(notice).toHaveCount(0);
    await expect(page.locator('.redocusaurus-interactive h1').first()).toBeVisible();
  });
}
