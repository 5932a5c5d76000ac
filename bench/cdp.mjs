// @ts-check
/**
 * One Chrome DevTools Protocol measurement of a page: a fresh Chromium,
 * driven by playwright-core over CDP, with Lighthouse's mobile screen
 * (412x823, DPR 1.75) and 4x CPU throttling (as Lighthouse's simulation
 * assumes), network unthrottled (localhost).
 *
 * What it measures:
 * - hydrated: ms from navigation start until the page is hydrated:
 *   - portal pages: `<html data-has-hydrated="true">` (set by Docusaurus right
 *     after React hydrated the page), seen by a MutationObserver installed
 *     before any page script runs;
 *   - standalone Redoc pages (Redoc 3, pre-rendered by Redocly CLI and then
 *     hydrated with `hydrate()`): React's first commit into `#redoc` after
 *     which the side menu (`[data-component-name="Menu/Menu"]`) and the API
 *     content (`.api-content`) are in the page, seen through a stub of React's
 *     DevTools global hook (`onCommitFiberRoot`). Should React never call the
 *     hook, the first animation frame where `.api-content` carries a React
 *     fiber counts instead (recorded as the run's `hydrationSignal`);
 * - JS bytes: external scripts (Network domain: decoded body bytes, and
 *   transfer bytes as served gzipped) plus the executable inline `<script>`s
 *   of the HTML (their UTF-8 bytes, and their gzip size at level 6: the
 *   standalone page inlines all of Redoc);
 * - HTML bytes: the main document, decoded and transferred;
 * - requests: every http(s) request the page made until the network was
 *   quiet for 1 s after hydration (requests to other hosts included: they
 *   are blocked and listed in `blocked`).
 */
import {Buffer} from 'node:buffer';
import {setTimeout as delay} from 'node:timers/promises';
import zlib from 'node:zlib';
import {blockedUrlPatterns, withCdpPage} from './chromium.mjs';

/** Lighthouse's mobile screen (moto g power). */
export const MOBILE_SCREEN = {width: 412, height: 823, deviceScaleFactor: 1.75, mobile: true};
export const CPU_THROTTLING_RATE = 4;

/**
 * @typedef {object} CdpRun
 * @property {number} hydrated ms from navigation start
 * @property {string} hydrationSignal data-has-hydrated | react-commit | react-fiber
 * @property {number | null} fcp First Contentful Paint (unthrottled network), ms
 * @property {number | null} domContentLoaded ms
 * @property {number | null} load ms
 * @property {number} jsRaw bytes
 * @property {number} jsGzip bytes
 * @property {{count: number, raw: number, transfer: number}} jsExternal
 * @property {{count: number, raw: number, gzip: number}} jsInline
 * @property {number} htmlRaw bytes
 * @property {number} htmlGzip bytes (transfer)
 * @property {number} requests http(s) requests
 * @property {{url: string, error: string}[]} failed requests that failed or were blocked
 * @property {boolean} networkQuiet whether the network went quiet before the 15 s limit
 */

/** Init script of portal pages. */
const PORTAL_INIT = `(() => {
  const mark = (signal) => {
    if (window.__benchHydrated == null) {
      window.__benchHydrated = performance.now();
      window.__benchSignal = signal;
    }
  };
  new MutationObserver(() => {
    if (document.documentElement && document.documentElement.getAttribute('data-has-hydrated') === 'true') {
      mark('data-has-hydrated');
    }
  }).observe(document, {subtree: true, attributes: true, attributeFilter: ['data-has-hydrated']});
})();`;

/** Init script of standalone Redoc pages. */
const STANDALONE_INIT = `(() => {
  const mark = (signal) => {
    if (window.__benchHydrated == null) {
      window.__benchHydrated = performance.now();
      window.__benchSignal = signal;
    }
  };
  const rendered = () =>
    !!document.querySelector('#redoc .api-content') &&
    !!document.querySelector('#redoc [data-component-name="Menu/Menu"]');
  let injected = false;
  window.__REACT_DEVTOOLS_GLOBAL_HOOK__ = {
    isDisabled: false,
    supportsFiber: true,
    renderers: new Map(),
    inject() {
      injected = true;
      return 1;
    },
    checkDCE() {},
    onScheduleFiberRoot() {},
    onCommitFiberRoot(_id, root) {
      const container = root && root.containerInfo;
      if (container && container.id === 'redoc' && rendered()) mark('react-commit');
    },
    onPostCommitFiberRoot() {},
    onCommitFiberUnmount() {},
  };
  const poll = () => {
    if (window.__benchHydrated != null) return;
    const content = document.querySelector('#redoc .api-content');
    if (!injected && content && rendered() && Object.keys(content).some((k) => k.startsWith('__reactFiber$'))) {
      mark('react-fiber');
      return;
    }
    requestAnimationFrame(poll);
  };
  requestAnimationFrame(poll);
})();`;

const EXECUTABLE_SCRIPT_TYPES = new Set(['', 'module', 'text/javascript', 'application/javascript', 'text/ecmascript']);

/**
 * The executable inline scripts of an HTML document.
 * @param {string} html
 * @returns {string[]}
 */
export function inlineScripts(html) {
  /** @type {string[]} */
  const scripts = [];
  const pattern = /<script\b([^>]*)>([\s\S]*?)<\/script\s*>/gi;
  for (const match of html.matchAll(pattern)) {
    const attrs = match[1] ?? '';
    const body = match[2] ?? '';
    if (/\bsrc\s*=/i.test(attrs)) continue;
    const type = /\btype\s*=\s*["']?([^"'\s>]+)/i.exec(attrs)?.[1]?.toLowerCase() ?? '';
    if (!EXECUTABLE_SCRIPT_TYPES.has(type)) continue;
    if (body.trim() !== '') scripts.push(body);
  }
  return scripts;
}

/**
 * @typedef {object} RequestRecord
 * @property {string} url
 * @property {string} type CDP resource type
 * @property {number} decoded decoded body bytes received
 * @property {number} transfer encoded bytes on the wire
 * @property {boolean} done
 * @property {string | null} error
 */

/**
 * Measures one load of `url`.
 * @param {string} url
 * @param {'portal' | 'standalone'} kind
 * @returns {Promise<CdpRun>}
 */
export async function measureWithCdp(url, kind) {
  return withCdpPage(async ({page, cdp}) => {
    /** @type {Map<string, RequestRecord>} */
    const requests = new Map();
    /** @type {string | null} */
    let documentId = null;
    let lastActivity = Date.now();
    const inflight = () => [...requests.values()].filter((r) => !r.done).length;
    const isHttp = (/** @type {string} */ u) => /^https?:/i.test(u);

    cdp.on('Network.requestWillBeSent', (event) => {
      if (!isHttp(event.request.url)) return;
      lastActivity = Date.now();
      const previous = requests.get(event.requestId);
      if (previous && event.redirectResponse) {
        // A redirect: the hop counts as a request of its own.
        previous.done = true;
        requests.set(`${event.requestId}#${requests.size}`, previous);
      }
      requests.set(event.requestId, {
        url: event.request.url,
        type: event.type ?? 'Other',
        decoded: 0,
        transfer: 0,
        done: false,
        error: null,
      });
      if (documentId === null && event.type === 'Document') documentId = event.requestId;
    });
    cdp.on('Network.responseReceived', (event) => {
      const record = requests.get(event.requestId);
      if (record) record.type = event.type ?? record.type;
    });
    cdp.on('Network.dataReceived', (event) => {
      const record = requests.get(event.requestId);
      if (record) record.decoded += event.dataLength;
    });
    cdp.on('Network.loadingFinished', (event) => {
      const record = requests.get(event.requestId);
      if (!record) return;
      lastActivity = Date.now();
      record.transfer = event.encodedDataLength;
      record.done = true;
    });
    cdp.on('Network.loadingFailed', (event) => {
      const record = requests.get(event.requestId);
      if (!record) return;
      lastActivity = Date.now();
      record.error = event.blockedReason ? `blocked (${event.blockedReason})` : event.errorText;
      record.done = true;
    });

    await cdp.send('Network.enable');
    await cdp.send('Network.setBlockedURLs', {urls: blockedUrlPatterns()});
    await cdp.send('Emulation.setDeviceMetricsOverride', MOBILE_SCREEN);
    await cdp.send('Emulation.setCPUThrottlingRate', {rate: CPU_THROTTLING_RATE});
    await page.addInitScript({content: kind === 'portal' ? PORTAL_INIT : STANDALONE_INIT});

    const response = await page.goto(url, {waitUntil: 'load', timeout: 120000});
    if (!response || !response.ok()) throw new Error(`${url} answered ${response ? response.status() : 'nothing'}`);
    await page.waitForFunction('window.__benchHydrated != null', undefined, {timeout: 120000, polling: 50});

    // Let the page finish what it starts after hydration (lazy chunks, search index ...).
    const quietSince = Date.now();
    let networkQuiet = false;
    while (Date.now() - quietSince < 15000) {
      if (inflight() === 0 && Date.now() - lastActivity >= 1000) {
        networkQuiet = true;
        break;
      }
      await delay(100);
    }

    const timings =
      /** @type {{hydrated: number, signal: string, fcp: number | null, dcl: number | null, load: number | null}} */ (
        await page.evaluate(`(() => {
        const nav = performance.getEntriesByType('navigation')[0];
        const fcp = performance.getEntriesByName('first-contentful-paint')[0];
        return {
          hydrated: window.__benchHydrated,
          signal: window.__benchSignal,
          fcp: fcp ? fcp.startTime : null,
          dcl: nav ? nav.domContentLoadedEventStart : null,
          load: nav ? nav.loadEventStart : null,
        };
      })()`)
      );

    if (documentId === null) throw new Error(`No document request seen for ${url}`);
    const documentRecord = /** @type {RequestRecord} */ (requests.get(documentId));
    const body = /** @type {{body: string, base64Encoded: boolean}} */ (
      await cdp.send('Network.getResponseBody', {requestId: documentId})
    );
    const html = body.base64Encoded ? Buffer.from(body.body, 'base64').toString('utf8') : body.body;
    const inline = inlineScripts(html);
    const jsInline = {
      count: inline.length,
      raw: inline.reduce((sum, s) => sum + Buffer.byteLength(s), 0),
      gzip: inline.reduce((sum, s) => sum + zlib.gzipSync(s, {level: 6}).length, 0),
    };
    const scripts = [...requests.values()].filter((r) => r.type === 'Script' && !r.error);
    const jsExternal = {
      count: scripts.length,
      raw: scripts.reduce((sum, r) => sum + r.decoded, 0),
      transfer: scripts.reduce((sum, r) => sum + r.transfer, 0),
    };
    const all = [...new Set(requests.values())];

    return {
      hydrated: timings.hydrated,
      hydrationSignal: timings.signal,
      fcp: timings.fcp,
      domContentLoaded: timings.dcl,
      load: timings.load,
      jsRaw: jsExternal.raw + jsInline.raw,
      jsGzip: jsExternal.transfer + jsInline.gzip,
      jsExternal,
      jsInline,
      htmlRaw: documentRecord.decoded || Buffer.byteLength(html),
      htmlGzip: documentRecord.transfer,
      requests: all.length,
      failed: all.filter((r) => r.error).map((r) => ({url: r.url.slice(0, 200), error: String(r.error)})),
      networkQuiet,
    };
  });
}
