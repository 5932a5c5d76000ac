// @ts-check
/**
 * The two things the benchmark builds: the portal (cold and warm production
 * builds, timed) and the standalone Redoc page of every spec (Redocly CLI
 * `build-docs --inlineBundle`, so that the page loads nothing from a CDN).
 */
import {Buffer} from 'node:buffer';
import fs from 'node:fs/promises';
import path from 'node:path';
import {performance} from 'node:perf_hooks';
import {spawnTracked} from './processes.mjs';

/** Redocly CLI: no telemetry, no update check (nothing may leave the machine). */
const QUIET_REDOCLY_ENV = {
  REDOCLY_TELEMETRY: 'off',
  REDOCLY_SDK_TELEMETRY: 'off',
  DO_NOT_TRACK: '1',
  REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true',
  REDOCLY_SUPPRESS_NOTIFICATIONS: 'true',
};

/**
 * Runs a command to completion, its output going to `logFile`.
 * @param {string} command
 * @param {string[]} args
 * @param {{cwd: string, logFile: string, env?: Record<string, string>}} options
 * @returns {Promise<number>} the run time in milliseconds
 */
export async function runLogged(command, args, {cwd, logFile, env}) {
  await fs.mkdir(path.dirname(logFile), {recursive: true});
  const log = await fs.open(logFile, 'w');
  const started = performance.now();
  try {
    const child = spawnTracked(command, args, {
      cwd,
      env: {...process.env, ...env},
      stdio: ['ignore', log.fd, log.fd],
    });
    const code = await new Promise((resolve, reject) => {
      child.once('error', reject);
      child.once('exit', (exitCode, signal) => resolve(exitCode ?? signal));
    });
    const elapsed = performance.now() - started;
    if (code !== 0) {
      const tail = (await fs.readFile(logFile, 'utf8')).split('\n').slice(-30).join('\n');
      throw new Error(`\`${[command, ...args].join(' ')}\` failed (${code}); end of ${logFile}:\n${tail}`);
    }
    return elapsed;
  } finally {
    await log.close();
  }
}

/**
 * Cold build (after `docusaurus clear`: no build/, no .docusaurus/, no bundler
 * cache) and warm build (a second build right after), in seconds.
 * @param {string} siteDir
 * @param {string} logDir
 * @param {(message: string) => void} say
 * @param {{env?: Record<string, string>, warm?: boolean, name?: string}} [options] the builds' environment;
 *   `warm: false` leaves the warm build out; `name` tells the log files of a second pair apart
 * @returns {Promise<{coldSeconds: number, warmSeconds: number | null}>}
 */
export async function timeSiteBuilds(siteDir, logDir, say, {env, warm: withWarm = true, name = 'build'} = {}) {
  const docusaurus = path.join(siteDir, 'node_modules/@docusaurus/core/bin/docusaurus.mjs');
  const node = process.execPath;
  say('docusaurus clear');
  await runLogged(node, [docusaurus, 'clear'], {cwd: siteDir, logFile: path.join(logDir, 'clear.log')});
  say(`cold ${name} (docusaurus build after clear) ...`);
  const cold = await runLogged(node, [docusaurus, 'build'], {
    cwd: siteDir,
    logFile: path.join(logDir, `${name}-cold.log`),
    env,
  });
  say(`cold ${name}: ${(cold / 1000).toFixed(1)} s`);
  if (!withWarm) return {coldSeconds: cold / 1000, warmSeconds: null};
  const warm = await runLogged(node, [docusaurus, 'build'], {
    cwd: siteDir,
    logFile: path.join(logDir, `${name}-warm.log`),
    env,
  });
  say(`warm ${name}: ${(warm / 1000).toFixed(1)} s`);
  return {coldSeconds: cold / 1000, warmSeconds: warm / 1000};
}

/**
 * Builds `<outDir>/<id>.html` for every spec with `redocly build-docs --inlineBundle`.
 * Redocly CLI 2.x pre-renders the page with Redoc 3 and by default imports
 * the Redoc bundle from its CDN (a `<link rel=modulepreload>` and a module
 * `import` of cdn.redocly.com); `--inlineBundle` embeds the bundle it ships
 * in the page instead. Each page is checked afterwards to load no script or
 * style from another host.
 * @param {string} siteDir
 * @param {readonly string[]} ids
 * @param {string} outDir
 * @param {string} logDir
 * @param {Readonly<Record<string, string>>} [sources] a spec's file where it is not `openapi/<id>.yaml`
 * @returns {Promise<{id: string, file: string, bytes: number}[]>}
 */
export async function buildStandalonePages(siteDir, ids, outDir, logDir, sources = {}) {
  await fs.rm(outDir, {recursive: true, force: true});
  await fs.mkdir(outDir, {recursive: true});
  const redocly = path.join(siteDir, 'node_modules/.bin/redocly');
  const pages = [];
  for (const id of ids) {
    const file = path.join(outDir, `${id}.html`);
    await runLogged(redocly, ['build-docs', sources[id] ?? `openapi/${id}.yaml`, '-o', file, '--inlineBundle'], {
      cwd: siteDir,
      logFile: path.join(logDir, `build-docs-${id}.log`),
      env: QUIET_REDOCLY_ENV,
    });
    const html = await fs.readFile(file, 'utf8');
    const external = /<(?:script|link)\b[^>]*\b(?:src|href)\s*=\s*["']?(?:https?:)?\/\//i.exec(html);
    if (external) throw new Error(`${file} still loads a resource from another host: ${external[0]}`);
    if (/\bimport\s*(?:\{[^}]*\}\s*from\s*)?["']https?:\/\//.test(html)) {
      throw new Error(`${file} still imports a module from another host`);
    }
    pages.push({id, file, bytes: Buffer.byteLength(html)});
  }
  return pages;
}
