// @ts-check
/**
 * The site search at real size: the index's size (raw and gzip, as a browser downloads it), and how long
 * each keystroke takes to show its results in the navbar box. A fresh Chromium with the CDP runs' mobile
 * screen and 4x CPU throttling (bench/cdp.mjs) loads a doc page, focuses the box (the index loads), then
 * types each query a key at a time. For each key, in the page, from the key's `keydown` event to the first
 * animation frame after the task that handled its `input` event (React renders the results in that task):
 * that is what the reader waits for. The target is 50 ms.
 *
 * The same keys are then typed, measured the same way, into a plain `<input>` that the benchmark adds to the same
 * page (no React, no search): the floor, what any keystroke costs on this machine and browser at this throttling,
 * which the box cannot take away. The keystroke times minus the floor are the search box's own share.
 */
import fs from 'node:fs/promises';
import path from 'node:path';
import {gzipSync} from 'node:zlib';
import {CPU_THROTTLING_RATE, MOBILE_SCREEN} from './cdp.mjs';
import {withCdpPage} from './chromium.mjs';

/** Most a keystroke may take, at 4x CPU throttling, from the key to its results on screen. */
export const SEARCH_KEYSTROKE_TARGET_MS = 50;

/** Queries typed a key at a time: a question, an operationId, a path and a word with a typo. */
export const SEARCH_QUERIES = [
  'what port does the archive service use',
  'createDocument',
  '/api/container/compose',
  'signture',
];

/**
 * Arms the measure of the next key, in the page: from its `keydown` to the first frame after the task that
 * handled its `input` event (React renders the results in that task). Read back as `window.__keystroke`.
 */
const ARM_KEYSTROKE = `(() => {
  window.__keystroke = new Promise((resolve) => {
    let start = 0;
    document.addEventListener('keydown', (event) => (start = event.timeStamp), {once: true, capture: true});
    document.addEventListener(
      'input',
      () => setTimeout(() => requestAnimationFrame(() => resolve(performance.now() - start))),
      {once: true, capture: true},
    );
  });
})();`;

/**
 * The value below which `share` of the values are (nearest rank), or null without values.
 * @param {number[]} values
 * @param {number} share
 */
export function percentile(values, share) {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil(share * sorted.length) - 1)] ?? null;
}

/**
 * The index of a build: its file, and its size raw and gzip.
 * @param {string} buildDir
 */
export async function searchIndexSize(buildDir) {
  const manifest = JSON.parse(await fs.readFile(path.join(buildDir, 'search', 'manifest.json'), 'utf8'));
  const data = await fs.readFile(path.join(buildDir, manifest.indexUrl));
  return {indexUrl: manifest.indexUrl, records: manifest.count, bytes: data.length, gzipBytes: gzipSync(data).length};
}

/** A plain text field outside React, at the top right of the screen over the page: the floor's field. */
const ADD_PLAIN_INPUT = `(() => {
  const input = document.createElement('input');
  input.id = 'bench-plain-input';
  input.setAttribute('aria-label', 'Plain field of the benchmark');
  input.style.cssText = 'position: fixed; top: 0.75rem; right: 1rem; width: 10rem; z-index: 1000';
  document.body.append(input);
})();`;

/**
 * Types each query a key at a time into `field` (cleared first) and returns each key's time.
 * @param {import('@playwright/test').Page} page
 * @param {import('@playwright/test').Locator} field
 * @returns {Promise<number[]>}
 */
async function typeQueries(page, field) {
  /** @type {number[]} */
  const times = [];
  for (const query of SEARCH_QUERIES) {
    await field.fill('');
    for (const key of query) {
      await page.evaluate(ARM_KEYSTROKE);
      await page.keyboard.press(key === ' ' ? 'Space' : key);
      times.push(/** @type {number} */ (await page.evaluate('window.__keystroke')));
    }
  }
  return times;
}

/**
 * Keystroke times (ms) of the queries, typed into the box of `origin` + `from`, and the floor: the same keys typed
 * into a plain field on the same page.
 * @param {string} origin
 * @param {string} from
 * @returns {Promise<{keystrokes: number[], floor: number[], loadMs: number}>}
 */
export async function measureSearch(origin, from) {
  return withCdpPage(async ({page, cdp}) => {
    await cdp.send('Emulation.setDeviceMetricsOverride', MOBILE_SCREEN);
    await cdp.send('Emulation.setCPUThrottlingRate', {rate: CPU_THROTTLING_RATE});
    await page.goto(origin + from);
    await page.waitForSelector('html[data-has-hydrated="true"]', {state: 'attached', timeout: 60_000});
    const box = page.getByRole('combobox', {name: 'Search docs and APIs'});
    const loadStart = Date.now();
    await box.focus();
    // The index has loaded when a query gets an answer (results or "No results").
    await box.fill('archive');
    await page.getByRole('option').first().waitFor({timeout: 60_000});
    const loadMs = Date.now() - loadStart;
    const keystrokes = await typeQueries(page, box);
    // The floor: the box closed (the focus leaves it), a plain field in its place.
    await box.fill('');
    await page.evaluate(ADD_PLAIN_INPUT);
    const plain = page.locator('#bench-plain-input');
    await plain.focus();
    const floor = await typeQueries(page, plain);
    return {keystrokes, floor, loadMs};
  });
}
