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
