import {expect, hydrated, test} from './fixtures';

test('a failed route preload reloads the page, which then shows', async ({page, problems}) => {
  await page.goto('/');
  await hydrated(page);
  // Break every JS chunk once: the client-side navigation's preload fails.
  let failed = 0;
  await page.route(/\/assets\/js\/.+\.js$/, async (route) => {
    if (failed === 0) {
      failed += 1;
      return route.abort('failed');
    }
    return route.fallback();
  });
  problems.allow.push(/Loading chunk|ChunkLoadError|Failed to load resource|net::ERR_FAILED/);
  const reloaded = page.waitForEvent('load');
  await page.locator('a[href="/blog"]').first().click();
  await reloaded;
  await hydrated(page);
  expect(failed).toBe(1);
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
  // Slow chunk: the spinner appears after the short delay, then the component.
  await page.goto('/blog/first-blog-post');
  await hydrated(page);
  await page.getByRole('link', {name: 'interactive checker'}).click();
  await expect(page.getByTestId('loading-spinner')).toBeVisible();
  await expect(page.getByTestId('display-text-checker')).toBeVisible();
  // Failing chunk (fresh page, so nothing is cached): error box with the error text and Retry.
  mode = 'fail';
  await page.goto('/blog/first-blog-post');
  await hydrated(page);
  await page.getByRole('link', {name: 'interactive checker'}).click();
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
  await page.getByRole('link', {name: 'API Docs'}).first().hover();
  await page.locator('.theme-doc-sidebar-container a', {hasText: 'Technical Requirements'}).click();
  await expect(page.locator('h1')).toHaveText('Technical Requirements');
  expect(warnings.some((text) => /storage/i.test(text))).toBe(true);
});

test('a crashing page shows "This page crashed." with the cause and a working Try again', async ({page, problems}) => {
  problems.allow.push(/Simulated crash|The above error occurred|React will try to recreate/);
  await page.goto('/blog/mdx-blog-post');
  await hydrated(page);
  const checker = page.getByTestId('display-text-checker');
  await expect(checker).toBeVisible();
  // Make the next Array.prototype.map call throw once, as a bug in a component would:
  // the checker's next render is the first code to call it.
  await page.evaluate(() => {
    const original = Array.prototype.map;
    Array.prototype.map = function (this: unknown[], ...args: Parameters<typeof original>) {
      Array.prototype.map = original;
      throw new Error('Simulated crash in a page component');
      return original.apply(this, args);
    } as typeof original;
  });
  await checker.getByRole('textbox').fill('crash');
  await expect(page.getByText('This page crashed.')).toBeVisible();
  await expect(page.getByText('Simulated crash in a page component')).toBeVisible();
  await page.getByRole('button', {name: 'Try again'}).click();
  await expect(page.getByTestId('display-text-checker')).toBeVisible();
});
