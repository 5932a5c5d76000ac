// @ts-check
/**
 * One Lighthouse 12 run: a fresh Chromium, Lighthouse's default mobile
 * configuration (Moto G Power screen, simulated throttling: 150 ms RTT,
 * 1.6 Mbit/s, 4x CPU), performance category only.
 *
 * Each run is audited twice: as recorded (Lighthouse's own figures), and once
 * more with the recorded main-thread tasks shrunk to their CPU time
 * (`cpu-time.mjs`), which the machine's other work does not stretch.
 */
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import lighthouse from 'lighthouse';
import {blockedUrlPatterns, launchChromium} from './chromium.mjs';
import {shrinkToCpuTime} from './cpu-time.mjs';

/**
 * @typedef {object} LighthouseRun
 * @property {number | null} score performance score, 0-100
 * @property {number | null} fcp First Contentful Paint, ms
 * @property {number | null} lcp Largest Contentful Paint, ms
 * @property {number | null} tbt Total Blocking Time, ms
 * @property {number | null} cls Cumulative Layout Shift
 * @property {number | null} speedIndex Speed Index, ms
 * @property {number | null} cpuScore performance score of the same run with its main-thread tasks at their CPU time
 * @property {number | null} cpuTbt Total Blocking Time of that audit, ms
 * @property {number | null} cpuLcp Largest Contentful Paint of that audit, ms
 * @property {number | null} mainThreadWallMs the renderer main threads' tasks, wall time, ms
 * @property {number | null} mainThreadCpuMs the same tasks' CPU time, ms
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
  const artifacts = await fs.mkdtemp(path.join(os.tmpdir(), 'bench-lighthouse-'));
  const flags = {
    output: /** @type {const} */ ('json'),
    logLevel: /** @type {const} */ ('error'),
    onlyCategories: ['performance'],
    formFactor: /** @type {const} */ ('mobile'),
    blockedUrlPatterns: blockedUrlPatterns(),
  };
  try {
    const browser = await launchChromium();
    // Gather and audit, keeping the artifacts (trace included) in `artifacts`.
    const result = await lighthouse(
      url,
      {...flags, port: browser.port, hostname: '127.0.0.1', gatherMode: artifacts, auditMode: artifacts},
      /** @type {any} */ (CONFIG),
    ).finally(() => browser.close());
    if (!result) throw new Error('Lighthouse returned no result');
    const lhr = /** @type {any} */ (result.lhr);
    if (options.saveReportTo) {
      await fs.mkdir(path.dirname(options.saveReportTo), {recursive: true});
      const report = Array.isArray(result.report) ? result.report[0] : result.report;
      await fs.writeFile(options.saveReportTo, report ?? '');
    }
    const runtimeError = lhr.runtimeError ? `${lhr.runtimeError.code}: ${lhr.runtimeError.message}` : null;
    const cpu = runtimeError ? null : await auditAtCpuTime(artifacts, flags);
    return {
      score: scoreOf(lhr),
      fcp: numeric(lhr, 'first-contentful-paint'),
      lcp: numeric(lhr, 'largest-contentful-paint'),
      tbt: numeric(lhr, 'total-blocking-time'),
      cls: numeric(lhr, 'cumulative-layout-shift'),
      speedIndex: numeric(lhr, 'speed-index'),
      cpuScore: cpu ? scoreOf(cpu.lhr) : null,
      cpuTbt: cpu ? numeric(cpu.lhr, 'total-blocking-time') : null,
      cpuLcp: cpu ? numeric(cpu.lhr, 'largest-contentful-paint') : null,
      mainThreadWallMs: cpu ? cpu.time.wallMs : null,
      mainThreadCpuMs: cpu ? cpu.time.cpuMs : null,
      finalUrl: String(lhr.finalDisplayedUrl ?? lhr.finalUrl ?? url),
      warnings: Array.isArray(lhr.runWarnings) ? lhr.runWarnings.map(String) : [],
      error: runtimeError,
    };
  } finally {
    await fs.rm(artifacts, {recursive: true, force: true});
  }
}

/**
 * Audits the saved run in `artifacts` again, with its main-thread tasks shrunk to their CPU time.
 * @param {string} artifacts Lighthouse's artifacts folder (gatherMode)
 * @param {Record<string, unknown>} flags the flags of the gathering run (Lighthouse requires the same)
 * @returns {Promise<{lhr: any, time: import('./cpu-time.mjs').MainThreadTime}>}
 */
async function auditAtCpuTime(artifacts, flags) {
  const traceFile = path.join(artifacts, 'defaultPass.trace.json');
  const trace = JSON.parse(await fs.readFile(traceFile, 'utf8'));
  const time = shrinkToCpuTime(trace);
  await fs.writeFile(traceFile, JSON.stringify(trace));
  const result = await lighthouse(undefined, {...flags, auditMode: artifacts}, /** @type {any} */ (CONFIG));
  if (!result) throw new Error('Lighthouse returned no result for the audit at CPU time');
  return {lhr: result.lhr, time};
}

/**
 * @param {any} lhr
 * @returns {number | null} the performance score, 0-100
 */
function scoreOf(lhr) {
  const raw = lhr?.categories?.performance?.score;
  return typeof raw === 'number' ? Math.round(raw * 100) : null;
}
