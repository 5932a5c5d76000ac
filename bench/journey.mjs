// @ts-check
/**
 * The click journey: a reader on a doc page clicks a link to an operation of an API
 * reference; how long until that operation is in view? A fresh Chromium per run, with the CDP
 * runs' mobile screen and 4x CPU throttling (bench/cdp.mjs), network unthrottled (localhost).
 *
 * One run:
 * 1. loads the doc page, waits until it is hydrated (`html[data-has-hydrated="true"]`) and the
 *    network has been quiet for 1 s (lazy chunks and the search index are in, as for a reader
 *    who has been reading the page);
 * 2. scrolls the link into view, then clicks it (a real mouse click, so the site's router
 *    handles it as a client-side navigation);
 * 3. in the page, from the click event's time stamp, watches every animation frame for the
 *    operation's element (`id` = the link's fragment) inside the API reference, in the viewport
 *    (its top between the top of the viewport and 40 px above its bottom). The result is the time
 *    of the first frame of the streak of in-view frames that lasts until the end (1.5 s in view
 *    without a break, or the 60 s limit): a target that shows and then is pushed away by content
 *    loading above it does not count as landed.
 *
 * The link chosen is the one to the operation that comes last in the reference: every section
 * above it has to be in the page and laid out before it can be in view, so it is the slowest
 * operation to reach.
 */
import {setTimeout as delay} from 'node:timers/promises';
import {URL} from 'node:url';
import {CPU_THROTTLING_RATE, MOBILE_SCREEN} from './cdp.mjs';
import {blockedUrlPatterns, withCdpPage} from './chromium.mjs';

/**
 * @typedef {object} Journey
 * @property {string} label e.g. "click /api/dmss-archive-service"
 * @property {string} specId
 * @property {string} from path of the doc page with the link
 * @property {string | null} operation fragment of the operation (its element id); null: the last link to an
 *   operation on the `from` page, wherever it leads (the overview of a reference cut into tag pages links
 *   each operation on its tag page)
 * @property {boolean} [largestPage] with `operation` null: the last link among those to the page most links
 *   of the `from` page lead to (the largest tag page)
 * @property {boolean} [scale] measured only by the scale run (`--scale`), whose build has the fixture
 */

/** The journeys measured: the container reference (the large one) and the archive reference (a small one). */
export const JOURNEYS = /** @type {const} */ ([
  {
    label: 'click /api/dmss-container-and-signature-services',
    specId: 'dmss-container-and-signature-services',
    from: '/docs/Container%20and%20Signature%20Service',
    operation: 'tag/ping-controller/operation/containerPing',
  },
  {
    label: 'click /api/dmss-archive-service',
    specId: 'dmss-archive-service',
    from: '/docs/Archive%20Service',
    operation: 'tag/ping-controller/operation/archivePing',
  },
]);

/**
 * The journeys of the scale run: on the overview of the fixture's reference (no doc page links that API), a
 * click on the link to its last operation, on the last of its tag pages, and one to the last operation of its
 * largest tag page.
 */
export const SCALE_JOURNEYS = /** @type {const} */ ([
  {
    label: 'click /api/digitalocean-public',
    specId: 'digitalocean-public',
    from: '/api/digitalocean-public',
    operation: null,
    scale: true,
  },
  {
    label: 'click /api/digitalocean-public (largest tag page)',
    specId: 'digitalocean-public',
    from: '/api/digitalocean-public',
    operation: null,
    largestPage: true,
    scale: true,
  },
]);

/** The target: the operation in view within 2 s of the click at 4x CPU throttling. */
export const JOURNEY_TARGET_MS = 2000;

/**
 * @typedef {object} JourneyRun
 * @property {number} inView ms from the click until the operation is in view for good
 * @property {number} firstInView ms from the click until the first frame with the operation in view
 * @property {number} frames animation frames seen between the click and the end of watching
 * @property {string} href the link clicked
 */

const HYDRATION_INIT = `(() => {
  new MutationObserver(() => {
    if (window.__benchHydrated == null && document.documentElement.getAttribute('data-has-hydrated') === 'true') {
      window.__benchHydrated = performance.now();
    }
  }).observe(document, {subtree: true, attributes: true, attributeFilter: ['data-has-hydrated']});
})();`;

/**
 * Watches the frames after the click for the target in view. A client-side navigation keeps the document, so
 * the watch goes on where it started; a link the router does not handle (the static reference's own links to
 * another page) loads a new document, where the same watch resumes from an init script: the click's time and
 * the target are kept in sessionStorage, the click's time as wall-clock time, taken back into the new
 * document's timeline.
 */
const WATCH = `(() => {
  const saved = JSON.parse(sessionStorage.getItem('__journey') || 'null');
  if (!saved) return;
  const STABLE_MS = 1500;
  const LIMIT_MS = 60000;
  const clickAt = saved.clickWall - performance.timeOrigin;
  const state = (window.__journey = window.__journey || {clickAt, frames: [], done: false});
  state.clickAt = clickAt;
  const inView = () => {
    if (decodeURIComponent(window.location.pathname) !== saved.target.pathname) return false;
    const element = document.getElementById(saved.target.id);
    if (!element || !element.closest('.redocusaurus')) return false;
    const rect = element.getBoundingClientRect();
    return rect.height > 0 && rect.top >= 0 && rect.top <= window.innerHeight - 40;
  };
  const frame = (now) => {
    state.frames.push([now, inView()]);
    let since = null;
    for (let i = state.frames.length - 1; i >= 0 && state.frames[i][1]; i--) since = state.frames[i][0];
    if ((since !== null && now - since >= STABLE_MS) || now - state.clickAt >= LIMIT_MS) {
      state.done = true;
      return;
    }
    requestAnimationFrame(frame);
  };
  requestAnimationFrame(frame);
})();`;

/**
 * Installed in the doc page before the click: at the click, keeps the target and the click's time, then
 * starts the watch (WATCH).
 * @param {{pathname: string, id: string}} target
 * @returns {string}
 */
const watchForTarget = (target) => `(() => {
  document.addEventListener('click', (event) => {
    if (sessionStorage.getItem('__journey')) return;
    const clickWall = performance.timeOrigin + event.timeStamp;
    sessionStorage.setItem('__journey', JSON.stringify({target: ${JSON.stringify(target)}, clickWall}));
    ${WATCH}
  }, {capture: true});
})();`;

/**
 * Waits for the watch to end, in whichever document it runs: a new document destroys the context the
 * previous check ran in, and the check starts again in the new one.
 * @param {import('playwright-core').Page} page
 */
async function watchEnded(page) {
  const deadline = Date.now() + 90000;
  for (;;) {
    try {
      await page.waitForFunction('window.__journey && window.__journey.done', undefined, {
        timeout: Math.max(1, deadline - Date.now()),
        polling: 200,
      });
      return;
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      if (Date.now() >= deadline || !/context was destroyed|navigation/i.test(message)) throw error;
    }
  }
}

/**
 * One run of a journey.
 * @param {string} origin e.g. http://127.0.0.1:41234
 * @param {Journey} journey
 * @returns {Promise<JourneyRun>}
 */
export async function measureJourney(origin, journey) {
  return withCdpPage(async ({page, cdp}) => {
    let inflight = 0;
    let lastActivity = Date.now();
    const busy = () => {
      inflight++;
      lastActivity = Date.now();
    };
    const idle = () => {
      inflight = Math.max(0, inflight - 1);
      lastActivity = Date.now();
    };
    cdp.on('Network.requestWillBeSent', busy);
    cdp.on('Network.loadingFinished', idle);
    cdp.on('Network.loadingFailed', idle);
    await cdp.send('Network.enable');
    await cdp.send('Network.setBlockedURLs', {urls: blockedUrlPatterns()});
    await cdp.send('Emulation.setDeviceMetricsOverride', MOBILE_SCREEN);
    await cdp.send('Emulation.setCPUThrottlingRate', {rate: CPU_THROTTLING_RATE});
    await page.addInitScript({content: HYDRATION_INIT});
    await page.addInitScript({content: WATCH});

    const response = await page.goto(origin + journey.from, {waitUntil: 'load', timeout: 120000});
    if (!response || !response.ok())
      throw new Error(`${journey.from} answered ${response ? response.status() : 'nothing'}`);
    await page.waitForFunction('window.__benchHydrated != null', undefined, {timeout: 120000, polling: 50});
    const quietSince = Date.now();
    while (Date.now() - quietSince < 15000 && !(inflight === 0 && Date.now() - lastActivity >= 1000)) await delay(100);

    const href =
      journey.operation !== null
        ? `/api/${journey.specId}#${journey.operation}`
        : /** @type {string} */ (
            await page.evaluate(`(() => {
              const hrefs = [...document.querySelectorAll('.redocusaurus a[href*="/operation/"]')].map((a) => a.getAttribute('href'));
              if (!${Boolean(journey.largestPage)}) return hrefs.pop() ?? '';
              const byPage = new Map();
              for (const href of hrefs) byPage.set(href.split('#')[0], [...(byPage.get(href.split('#')[0]) ?? []), href]);
              return [...byPage.values()].sort((a, b) => b.length - a.length)[0]?.pop() ?? '';
            })()`)
          );
    const link = page.locator(`a[href="${href}"]`).first();
    if (href === '' || (await link.count()) === 0)
      throw new Error(`No link to ${href || 'an operation'} on ${journey.from}`);
    await link.evaluate((element) => element.scrollIntoView({block: 'center'}));
    const target = new URL(href, origin);
    await page.evaluate(
      watchForTarget({pathname: decodeURIComponent(target.pathname), id: decodeURIComponent(target.hash.slice(1))}),
    );
    // The first line of the link: a link that wraps has a bounding box whose middle may be on another element.
    const box = /** @type {{x: number, y: number, width: number, height: number} | null} */ (
      await link.evaluate((element) => {
        const rect = element.getClientRects()[0];
        return rect ? {x: rect.x, y: rect.y, width: rect.width, height: rect.height} : null;
      })
    );
    if (!box) throw new Error(`The link to ${href} has no box`);
    await page.mouse.click(box.x + Math.min(box.width / 2, 20), box.y + box.height / 2);
    await watchEnded(page);

    const state = /** @type {{clickAt: number, frames: [number, boolean][]}} */ (
      await page.evaluate('window.__journey')
    );
    const frames = state.frames;
    const first = frames.find(([, visible]) => visible);
    let streak = null;
    for (let i = frames.length - 1; i >= 0; i--) {
      const entry = /** @type {[number, boolean]} */ (frames[i]);
      if (!entry[1]) break;
      streak = entry[0];
    }
    if (!first || streak === null) throw new Error(`${href} was not in view 60 s after the click`);
    return {inView: streak - state.clickAt, firstInView: first[0] - state.clickAt, frames: frames.length, href};
  });
}
