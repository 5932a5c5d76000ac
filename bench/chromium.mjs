// @ts-check
/**
 * Launches a fresh headless Chromium (own temporary profile) with remote
 * debugging on a free port, for Lighthouse and for the CDP measurements.
 *
 * Nothing may leave the machine: the host resolver maps every name except
 * localhost and 127.0.0.1 to NOTFOUND, and `blockedUrlPatterns()` gives the
 * request-blocking patterns that block every URL whose host is not 127.0.0.1
 * (used by Lighthouse's `blockedUrlPatterns` and by Network.setBlockedURLs).
 */
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import {clearTimeout, setTimeout} from 'node:timers';
import {URL} from 'node:url';
import {chromium} from 'playwright-core';
import {CHROMIUM_ARGS, requireChromium} from '../src/lib/chromium.mjs';
import {endChild, onCleanup, spawnTracked} from './processes.mjs';

export const chromePath = requireChromium('the benchmark');

/** The project's headless flags (src/lib/chromium.mjs), plus chrome-launcher's usual quiet-browser flags. */
const CHROME_FLAGS = [
  '--headless=new',
  ...CHROMIUM_ARGS,
  '--host-resolver-rules=MAP * ~NOTFOUND , EXCLUDE localhost, EXCLUDE 127.0.0.1',
  '--no-default-browser-check',
  '--disable-default-apps',
  '--disable-extensions',
  '--disable-component-extensions-with-background-pages',
  '--disable-domain-reliability',
  '--disable-client-side-phishing-detection',
  '--disable-background-timer-throttling',
  '--disable-backgrounding-occluded-windows',
  '--disable-renderer-backgrounding',
  '--disable-hang-monitor',
  '--metrics-recording-only',
  '--mute-audio',
  '--password-store=basic',
  '--use-mock-keychain',
  '--disable-features=Translate,OptimizationHints,MediaRouter,DialMediaRouteProvider,InterestFeedContentSuggestions,CertificateTransparencyComponentUpdater,AutofillServerCommunication,PrivacySandboxSettings4',
];

/**
 * @typedef {object} Browser
 * @property {number} port remote debugging port on 127.0.0.1
 * @property {string} wsEndpoint browser WebSocket endpoint
 * @property {() => Promise<void>} close ends the browser and removes its profile
 */

/**
 * @param {{extraArgs?: string[]}} [options]
 * @returns {Promise<Browser>}
 */
export async function launchChromium(options = {}) {
  const userDataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'bench-chromium-'));
  const removeProfile = () => fs.rm(userDataDir, {recursive: true, force: true, maxRetries: 3});
  const forget = onCleanup(removeProfile);
  const child = spawnTracked(
    chromePath,
    [
      ...CHROME_FLAGS,
      ...(options.extraArgs ?? []),
      `--user-data-dir=${userDataDir}`,
      '--remote-debugging-address=127.0.0.1',
      '--remote-debugging-port=0',
      'about:blank',
    ],
    {stdio: ['ignore', 'ignore', 'pipe']},
  );
  const close = async () => {
    await endChild(child);
    await removeProfile();
    forget();
  };
  try {
    const wsEndpoint = await new Promise((resolve, reject) => {
      let stderr = '';
      const timer = setTimeout(
        () => reject(new Error(`Chromium did not start in 30 s:\n${stderr.slice(-2000)}`)),
        30000,
      );
      child.stderr?.setEncoding('utf8');
      child.stderr?.on('data', (/** @type {string} */ chunk) => {
        stderr += chunk;
        const match = /DevTools listening on (ws:\/\/\S+)/.exec(stderr);
        if (match) {
          clearTimeout(timer);
          resolve(match[1]);
        }
      });
      child.once('error', (error) => {
        clearTimeout(timer);
        reject(new Error(`Could not start ${chromePath}: ${error.message}`));
      });
      child.once('exit', (code, signal) => {
        clearTimeout(timer);
        reject(new Error(`Chromium exited at start (${code ?? signal}):\n${stderr.slice(-2000)}`));
      });
    });
    // Keep draining stderr so that the pipe never fills up.
    child.stderr?.removeAllListeners('data');
    child.stderr?.resume();
    const port = Number(new URL(wsEndpoint).port);
    return {port, wsEndpoint, close};
  } catch (error) {
    await close();
    throw error;
  }
}

/**
 * Version string of the browser ("Chromium 156.0.8078.79"), read over CDP.
 * @param {Browser} browser
 * @returns {Promise<string>}
 */
export async function browserVersion(browser) {
  const response = await globalThis.fetch(`http://127.0.0.1:${browser.port}/json/version`);
  const info = /** @type {{Browser?: string}} */ (await response.json());
  // "Chrome/156.0.8078.79" (or "HeadlessChrome/..."): the Debian build is Chromium.
  const version = /([\d.]+)$/.exec(info.Browser ?? '')?.[1];
  return version ? `Chromium ${version}` : (info.Browser ?? 'unknown');
}

/** Characters that can start or continue an IP-literal host (dotted IPv4, [IPv6]) and its port. */
const IP_HOST_CHARS = [...'0123456789.:['];

/**
 * Request-blocking patterns for the hosts the host resolver rules cannot
 * stop: IP literals other than 127.0.0.1. (Every host name but localhost
 * already fails to resolve, see the --host-resolver-rules flag.)
 *
 * Chromium's blocked-URL patterns know only the `*` wildcard, no negation,
 * and match anywhere in the URL (a `data:` SVG that mentions
 * `http://www.w3.org/...` matches `http://w*`), so the patterns stay on IP
 * hosts: for every prefix of the allowed `127.0.0.1:`, every other next
 * character is blocked, for http, https, ws and wss.
 * @returns {string[]}
 */
export function blockedUrlPatterns() {
  const allowed = '127.0.0.1:';
  /** @type {string[]} */
  const patterns = [];
  for (const scheme of ['http', 'ws']) {
    for (let i = 0; i < allowed.length; i++) {
      const prefix = allowed.slice(0, i);
      for (const ch of IP_HOST_CHARS) {
        if (ch !== allowed[i]) patterns.push(`${scheme}://${prefix}${ch}*`);
      }
    }
  }
  // Nothing local speaks TLS: every IP literal over https/wss is blocked.
  for (const scheme of ['https', 'wss']) {
    for (const ch of IP_HOST_CHARS.filter((c) => c !== '.' && c !== ':')) patterns.push(`${scheme}://${ch}*`);
  }
  return patterns;
}

/**
 * Runs `measure` on a new page of a fresh Chromium (launchChromium), driven by Playwright over the
 * DevTools protocol, with that page's CDP session; the browser ends afterwards, whatever happens.
 * @template T
 * @param {(session: {page: import('playwright-core').Page, cdp: import('playwright-core').CDPSession}) => Promise<T>} measure
 * @returns {Promise<T>}
 */
export async function withCdpPage(measure) {
  const browser = await launchChromium();
  /** @type {import('playwright-core').Browser | null} */
  let pw = null;
  try {
    pw = await chromium.connectOverCDP(`http://127.0.0.1:${browser.port}`);
    const context = pw.contexts()[0] ?? (await pw.newContext());
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    return await measure({page, cdp});
  } finally {
    if (pw) await pw.close().catch(() => undefined);
    await browser.close();
  }
}
