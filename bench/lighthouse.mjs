// @ts-check
/**
 * One Lighthouse 12 run: a fresh Chromium, Lighthouse's default mobile
 * configuration (Moto G Power screen, simulated throttling: 150 ms RTT,
 * 1.6 Mbit/s, 4x CPU), performance category only.
 */
import fs from 'node:fs/promises';
import path from 'node:path';
import lighthouse from 'lighthouse';
import {blockedUrlPatterns, launchChromium} from './chromium.mjs';

/**
 * @typedef {object} LighthouseRun
 * @property {number | null} score performance score, 0-100
 * @property {number | null} fcp First Contentful Paint, ms
 * @property {number | null} lcp Largest Contentful Paint, ms
 * @property {number | null} tbt Total Blocking Time, ms
 * @property {number | null} cls Cumulative Layout Shift
 * @property {number | null} speedIndex Speed Index, ms
 * @property {string} finalUrl
 * @property {string[]} warnings Lighthouse's run warnings
 * @property {string | null} error runtime error, if the run failed
 */

/** Lighthouse config: the default (mobile) config, performance only. */
const CONFIG = {extends: 'lighthouse:default', settings: {onlyCategories: ['performance']}};

/**
 * @param {any} lhr
 * @param {string} id
 * @returns {number | null}
 */
function numeric(lhr, id) {
  const value = lhr?.audits?.[id]?.numericValue;
  return typeof value === 'number' && Number.isFinite(value) ? value : null;
}

/**
 * Runs Lighthouse once against `url` in a Chromium of its own.
 * @param {string} url
 * @param {{saveReportTo?: string}} [options] where to keep the JSON report (optional)
 * @returns {Promise<LighthouseRun>}
 */
export async function runLighthouse(url, options = {}) {
  const browser = await launchChromium();
  try {
    const result = await lighthouse(
      url,
      {
        port: browser.port,
        hostname: '127.0.0.1',
        output: 'json',
        logLevel: 'error',
        onlyCategories: ['performance'],
        formFactor: 'mobile',
        blockedUrlPatterns: blockedUrlPatterns(),
      },
      /** @type {any} */ (CONFIG),
    );
    if (!result) throw new Error('Lighthouse returned no result');
    const lhr = /** @type {any} */ (result.lhr);
    if (options.saveReportTo) {
      await fs.mkdir(path.dirname(options.saveReportTo), {recursive: true});
      const report = Array.isArray(result.report) ? result.report[0] : result.report;
      await fs.writeFile(options.saveReportTo, report ?? '');
    }
    const rawScore = lhr.categories?.performance?.score;
    const runtimeError = lhr.runtimeError ? `${lhr.runtimeError.code}: ${lhr.runtimeError.message}` : null;
    return {
      score: typeof rawScore === 'number' ? Math.round(rawScore * 100) : null,
      fcp: numeric(lhr, 'first-contentful-paint'),
      lcp: numeric(lhr, 'largest-contentful-paint'),
      tbt: numeric(lhr, 'total-blocking-time'),
      cls: numeric(lhr, 'cumulative-layout-shift'),
      speedIndex: numeric(lhr, 'speed-index'),
      finalUrl: String(lhr.finalDisplayedUrl ?? lhr.finalUrl ?? url),
      warnings: Array.isArray(lhr.runWarnings) ? lhr.runWarnings.map(String) : [],
      error: runtimeError,
    };
  } finally {
    await browser.close();
  }
}
