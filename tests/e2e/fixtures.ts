/**
 * Shared test fixture: every page in every test (the tests of a worker share a browser context that
 * Playwright resets between them: `reuseContext` in tests/playwright-base.ts)
 * - may only reach localhost (any other request is aborted and recorded), and
 * - records uncaught page errors and console errors; the test fails at the end
 *   if any happened, unless it declares the ones it expects;
 * - fails on any Content-Security-Policy violation the browser reports (under
 *   nginx, whose policy is deploy/nginx/default.conf's), which no test can allow.
 */
import {test as base, expect, type Page} from '@playwright/test';
import {LOCAL_HOSTS, WAIT_LIMIT_MS} from '../playwright-base';
import {PAGE_SCRIPTS_ID, SCRIPT_FAILURE_BANNER_ID} from '../../src/config/pageLoader';

export interface PageProblems {
  pageErrors: string[];
  consoleErrors: string[];
  externalRequests: string[];
  cspViolations: string[];
  /** Console errors matching these are expected by the test and not reported. */
  allow: RegExp[];
}

export const test = base.extend<{problems: PageProblems}>({
  problems: [
    // Playwright reads a fixture's dependencies from its first parameter, which must be a pattern: none here.
    // eslint-disable-next-line no-empty-pattern
    async ({}, use) => {
      const problems: PageProblems = {
        pageErrors: [],
        consoleErrors: [],
        externalRequests: [],
        cspViolations: [],
        allow: [],
      };
      await use(problems);
      const consoleErrors = problems.consoleErrors.filter((text) => !problems.allow.some((re) => re.test(text)));
      const pageErrors = problems.pageErrors.filter((text) => !problems.allow.some((re) => re.test(text)));
      expect(pageErrors, 'uncaught page errors').toEqual([]);
      expect(consoleErrors, 'console errors').toEqual([]);
      expect(problems.externalRequests, 'requests to hosts other than localhost').toEqual([]);
      expect(problems.cspViolations, 'Content-Security-Policy violations').toEqual([]);
    },
    {auto: true},
  ],
  // The problems are watched on the test's context: a test that uses no browser (the search questions) makes none.
  context: async ({context, problems}, use) => {
    // Recorded from the request events, not by intercepting every request: interception would turn the browser's
    // HTTP cache off, and each page would fetch every file again. The browser itself cannot reach another host
    // (LOCAL_ONLY_ARGS in tests/playwright-base.ts): such a request fails, and is reported here.
    context.on('request', (request) => {
      const url = new URL(request.url());
      if (!isLocal(url)) problems.externalRequests.push(url.href);
    });
    // The tab reused from the test before (`reuseContext`) is there already; a tab opened later comes as an event.
    for (const page of context.pages()) watch(page, problems);
    context.on('page', (page) => watch(page, problems));
    await use(context);
    // Playwright's reset between tests leaves granted permissions (the clipboard's) in place.
    await context.clearPermissions();
  },
});

/** Whether a request stays on this machine (or is no request to a host at all: `data:` and `blob:` URLs). */
const isLocal = (url: URL): boolean =>
  (LOCAL_HOSTS as readonly string[]).includes(url.hostname) || url.protocol === 'data:' || url.protocol === 'blob:';

/** How Chromium words a blocked load, script, style, connection or worker, and a bad policy. */
const CSP_MESSAGE = /Content Security Policy|Content-Security-Policy|Permissions-Policy/i;

function watch(page: Page, problems: PageProblems): void {
  page.on('pageerror', (error) => problems.pageErrors.push(`${page.url()}: ${error.message}`));
  page.on('console', (message) => {
    const text = `${page.url()}: ${message.text()}`;
    if (CSP_MESSAGE.test(message.text())) problems.cspViolations.push(text);
    else if (message.type() === 'error') problems.consoleErrors.push(text);
  });
}

/** The longest any wait of the end-to-end tests lasts: a signal that has not come by then is a failure. */
export const SIGNAL_TIMEOUT_MS = WAIT_LIMIT_MS;

/**
 * Options of a wait for a signal the page gives when work of unknown length is done (hydration, a
 * route that loaded, a reference fetched and shown, an answer that arrived). It is bounded like
 * every other wait, so that a hang fails after 15 s with the signal it waited for, not at the end of
 * the test's time budget.
 */
export const UNTIL_SIGNAL = {timeout: SIGNAL_TIMEOUT_MS} as const;

/**
 * The one kind of wait with a longer bound: a whole API reference rendered by React in one task (the interactive
 * Redoc of the container reference, 2.3 MB, or any reference under `npm start`'s development React). No signal
 * splits that task; on a busy two-core runner it takes longer than SIGNAL_TIMEOUT_MS.
 */
export const REFERENCE_RENDER = {timeout: 60_000} as const;

/**
 * Another: the hydration of the container reference's page after a direct load at one of its operations. The page
 * is 1.5 MB of HTML and 35,000 elements, all of them laid out for the landing; its scripts start once that HTML is
 * parsed and painted. On a quiet machine hydration follows the load event by half a second; in a CI run, with the
 * other worker loading pages too, once by more than SIGNAL_TIMEOUT_MS.
 */
export const LARGEST_PAGE_HYDRATION = {timeout: 60_000} as const;

/**
 * The other: a page whose CPU the test itself slows down (`Emulation.setCPUThrottlingRate`), where every signal
 * comes that many times later. At 12x a doc page took more than SIGNAL_TIMEOUT_MS to hydrate on a slow runner.
 */
export const UNDER_CPU_THROTTLING = {timeout: 60_000} as const;

/**
 * `wait`, failing after SIGNAL_TIMEOUT_MS (or the longer bound given, see REFERENCE_RENDER,
 * LARGEST_PAGE_HYDRATION and UNDER_CPU_THROTTLING) with `what` (the signal that did not come) in the message.
 */
export async function untilSignal<T>(
  what: string,
  wait: Promise<T>,
  {timeout}: {timeout: number} = UNTIL_SIGNAL,
): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`No signal within ${timeout} ms: ${what}`)), timeout);
  });
  try {
    return await Promise.race([
      wait.catch((error: unknown) => {
        throw new Error(`Waiting for ${what}: ${error instanceof Error ? error.message : String(error)}`);
      }),
      late,
    ]);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * Waits until React has hydrated the server HTML (Redoc pages never reach networkidle). When it does not come, the
 * failure also says how far the page got (pageLoadState).
 */
export async function hydrated(page: Page, bound: {timeout: number} = UNTIL_SIGNAL): Promise<void> {
  try {
    await untilSignal(
      'hydration (html[data-has-hydrated="true"])',
      page.waitForSelector('html[data-has-hydrated="true"]', {state: 'attached', ...bound}),
      bound,
    );
  } catch (error) {
    throw new Error(`${error instanceof Error ? error.message : String(error)}. ${await pageLoadState(page)}`);
  }
}

/** How long the page may take to describe its load before it is reported as not answering (its main thread busy). */
const LOAD_STATE_ANSWER_MS = 5_000;

/**
 * How far the page got towards hydration, in one sentence: the document's state, its first contentful paint, which
 * of its start-up scripts (src/config/pageLoader.ts) have arrived, and whether the loader reported a failed one.
 */
async function pageLoadState(page: Page): Promise<string> {
  const described = page.evaluate(
    ({scriptsId, bannerId}) => {
      const listed = JSON.parse(document.getElementById(scriptsId)?.textContent ?? '[]') as string[];
      // A request that failed is in the resource timing too, with no status (0).
      const fetched = new Set(
        (performance.getEntriesByType('resource') as PerformanceResourceTiming[])
          .filter((entry) => entry.responseStatus >= 200 && entry.responseStatus < 400)
          .map((entry) => new URL(entry.name).pathname),
      );
      const missing = listed.filter((url) => !fetched.has(new URL(url, location.href).pathname));
      const paint = performance.getEntriesByName('first-contentful-paint')[0];
      return [
        `The page by then: ${location.pathname}, document ${document.readyState}`,
        paint ? `first contentful paint at ${Math.round(paint.startTime)} ms` : 'no first contentful paint',
        `${listed.length - missing.length} of ${listed.length} start-up scripts fetched` +
          (missing.length > 0 ? ` (not: ${missing.join(', ')})` : ''),
        document.getElementById(bannerId) ? 'the script failure banner shown' : 'no script failure banner',
      ].join(', ');
    },
    {scriptsId: PAGE_SCRIPTS_ID, bannerId: SCRIPT_FAILURE_BANNER_ID},
  );
  // Bounded like any wait: a page whose main thread is busy does not answer.
  return untilSignal('the page to describe its load', described, {timeout: LOAD_STATE_ANSWER_MS}).catch(
    (error: unknown) => (error instanceof Error ? error.message : String(error)),
  );
}

/** Waits until an API page shows its reference: the static one (served or fetched) or the interactive one. */
export async function referenceShown(page: Page, bound: {timeout: number} = UNTIL_SIGNAL): Promise<void> {
  await untilSignal(
    'the API reference ([data-redoc-mode])',
    page
      .locator('[data-redoc-mode="static"], [data-redoc-mode="interactive"]')
      .first()
      .waitFor({state: 'attached', ...bound}),
    bound,
  );
}

/**
 * Waits until the browser has had nothing to do twice in a row (an idle callback that queues a second
 * one): the work the page queued for itself, such as the rendering after a mount, the repairs that
 * follow a change within a frame, or a chunk a lazy component starts loading, has run.
 */
export async function idle(page: Page): Promise<void> {
  await untilSignal(
    'an idle main thread (two requestIdleCallback callbacks in a row)',
    page.evaluate(
      () => new Promise<void>((resolve) => requestIdleCallback(() => requestIdleCallback(() => resolve()))),
    ),
  );
}

export {expect};
