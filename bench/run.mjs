// @ts-check
/**
 * Performance benchmark of the portal against standalone Redoc.
 *
 * Usage: npm run bench -- [options]      (= node bench/run.mjs [options])
 *
 *   --no-build          use the existing build/ (build times reported as not measured)
 *   --runs <n>          Lighthouse runs per URL (default 5)
 *   --cdp-runs <n>      CDP runs per URL (default 3)
 *   --journey-runs <n>  runs of each click journey (default 3; 0 skips them)
 *   --only <substring>  only the URLs whose label contains it, e.g. `--only api/dmss-archive`;
 *                       several substrings separated by commas pick the URLs matching any
 *                       (an API page brings its standalone Redoc page along, for the ratios;
 *                       the click journeys whose label contains it come along too)
 *   --out <dir>         where latest.json and latest.md go (default bench/results)
 *   --scale             also build the portal with the scale fixture (bench/fixtures/, DigitalOcean's public API
 *                       of 663 operations; PORTAL_SCALE_FIXTURE=1) and measure its reference beside standalone
 *                       Redoc of the same file, with its click journey, its first-view HTML and the build's
 *                       seconds per 100 operations (a cold build without the fixture, then one with it)
 *
 * What it does:
 * 1. Unless --no-build: `docusaurus clear` then a timed cold `docusaurus build`, then a timed warm one.
 * 2. Builds the standalone Redoc page of each spec into bench/work/standalone/ with
 *    `redocly build-docs openapi/<id>.yaml -o <id>.html --inlineBundle` (no CDN at page load).
 * 3. Serves build/ and bench/work/standalone/ on 127.0.0.1 with gzip (bench/serve.mjs).
 * 4. Lighthouse (mobile, default simulated throttling) on /, /docs (its target
 *    /docs/Technical%20Requirements), /blog/long-blog-post, the eight /api/<id> and the eight
 *    standalone pages; then CDP measurements (hydration time, JS/HTML bytes, requests) of the
 *    same URLs. Runs are interleaved round-robin; every run gets a fresh Chromium; requests to
 *    any host but 127.0.0.1/localhost are blocked.
 * 5. The click journeys (bench/journey.mjs): from a doc page, a click on a link to the last
 *    operation of its API reference, until that operation is in view, at 4x CPU throttling; for
 *    the container reference and the archive reference.
 * 6. Writes <out>/latest.json (raw runs, medians, ratios, machine) and <out>/latest.md, and
 *    prints the Markdown. Exit code 0 whatever the figures; 1 on errors (results are still
 *    written when the measurements ran); 130 on Ctrl-C.
 *
 * A default run (both builds, then 5 Lighthouse and 3 CDP runs of each of the 19 URLs) takes
 * about 25-30 minutes on 2 cores: ~12 s per Lighthouse run, ~5 s per CDP run, ~30 s for the
 * standalone pages, 1-3 min per build. Develop with e.g.
 * `--no-build --runs 1 --cdp-runs 1 --only api/dmss-archive`.
 * Browser: CHROME_PATH or /usr/bin/chromium; every run gets a fresh one, one at a time.
 */
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import {performance} from 'node:perf_hooks';
import {parseArgs} from 'node:util';
import {buildStandalonePages, timeSiteBuilds} from './build.mjs';
import {measureWithCdp} from './cdp.mjs';
import {JOURNEYS, JOURNEY_TARGET_MS, SCALE_JOURNEYS, measureJourney} from './journey.mjs';
import {SEARCH_KEYSTROKE_TARGET_MS, measureSearch, percentile, searchIndexSize} from './search.mjs';
import {browserVersion, chromePath, launchChromium} from './chromium.mjs';
import {runLighthouse} from './lighthouse.mjs';
import {cleanupAll, killAllSync, onCleanup} from './processes.mjs';
import {
  judgeRatios,
  SCORE_TARGETS,
  ratio,
  stat,
  renderMarkdown,
  summarize,
  CDP_METRICS,
  LIGHTHOUSE_METRICS,
  HTML_GZIP_TARGETS,
} from './report.mjs';
import {startStaticServer} from './serve.mjs';

const benchDir = import.meta.dirname;
const siteDir = path.resolve(benchDir, '..');
const workDir = path.join(benchDir, 'work');

const USAGE =
  'Usage: node bench/run.mjs [--no-build] [--scale] [--runs <n>] [--cdp-runs <n>] [--journey-runs <n>] [--only <substring>] [--out <dir>]';

/** A mistake in the command line: reported with the usage line, without a stack trace. */
class UsageError extends Error {}

/** @param {string} message */
const say = (message) => process.stderr.write(`[bench] ${message}\n`);

/**
 * @typedef {import('./report.mjs').Target} Target
 */

/**
 * @returns {{build: boolean, scale: boolean, runs: number, cdpRuns: number, journeyRuns: number, only: string | null, out: string}}
 */
function readOptions() {
  /** @type {ReturnType<typeof parseOptions>} */
  let values;
  try {
    values = parseOptions();
  } catch (error) {
    throw new UsageError(error instanceof Error ? error.message : String(error));
  }
  if (values.help) {
    process.stdout.write(`${USAGE}\n`);
    process.exit(0);
  }
  /** @param {string} name @param {string} value @param {number} [least] */
  const count = (name, value, least = 1) => {
    const n = Number(value);
    if (!Number.isInteger(n) || n < least)
      throw new UsageError(`--${name} needs a whole number of at least ${least}, not "${value}"`);
    return n;
  };
  return {
    build: !values['no-build'],
    scale: values.scale,
    runs: count('runs', values.runs),
    cdpRuns: count('cdp-runs', values['cdp-runs']),
    journeyRuns: count('journey-runs', values['journey-runs'], 0),
    only: values.only ?? null,
    out: path.resolve(values.out),
  };
}

function parseOptions() {
  const {values} = parseArgs({
    options: {
      'no-build': {type: 'boolean', default: false},
      scale: {type: 'boolean', default: false},
      runs: {type: 'string', default: '5'},
      'cdp-runs': {type: 'string', default: '3'},
      'journey-runs': {type: 'string', default: '3'},
      only: {type: 'string'},
      out: {type: 'string', default: path.join(benchDir, 'results')},
      help: {type: 'boolean', short: 'h', default: false},
    },
    strict: true,
    allowPositionals: false,
  });
  return values;
}

/**
 * The spec ids of src/config/apiSpecs.ts, in their order.
 * @returns {Promise<string[]>}
 */
async function readSpecIds() {
  const source = await fs.readFile(path.join(siteDir, 'src/config/apiSpecs.ts'), 'utf8');
  const list = /export const apiSpecs\s*=\s*\[([\s\S]*?)\]\s*as const/.exec(source);
  if (!list) throw new Error('Could not find the apiSpecs list in src/config/apiSpecs.ts');
  const ids = [...(list[1] ?? '').matchAll(/\bid:\s*['"]([^'"]+)['"]/g)].map((m) => m[1] ?? '');
  if (ids.length === 0) throw new Error('No spec ids in src/config/apiSpecs.ts');
  for (const id of ids) await fs.access(path.join(siteDir, 'openapi', `${id}.yaml`));
  return ids;
}

/**
 * The scale fixture of src/config/apiSpecs.ts (`scaleFixtureSpec`): its id and its file.
 * @returns {Promise<{id: string, source: string}>}
 */
async function readScaleFixture() {
  const source = await fs.readFile(path.join(siteDir, 'src/config/apiSpecs.ts'), 'utf8');
  const block = /export const scaleFixtureSpec\b[^=]*=\s*\{([\s\S]*?)\n\};/.exec(source)?.[1] ?? '';
  const id = /\bid:\s*['"]([^'"]+)['"]/.exec(block)?.[1];
  const file = /\bsource:\s*['"]([^'"]+)['"]/.exec(block)?.[1];
  if (!id || !file) throw new Error('Could not find scaleFixtureSpec (id and source) in src/config/apiSpecs.ts');
  await fs.access(path.join(siteDir, file));
  return {id, source: file};
}

/** The operations of an OpenAPI file: its lines that are an operationId (each of the portal's operations has one). */
async function operationCount(/** @type {string} */ file) {
  return ((await fs.readFile(path.join(siteDir, file), 'utf8')).match(/^\s+operationId:/gm) ?? []).length;
}

/**
 * Where /docs leads: the client-redirects page of the build, e.g. /docs/Technical%20Requirements.
 * @param {string} buildDir
 * @returns {Promise<string>}
 */
async function docsTarget(buildDir) {
  for (const file of ['docs.html', 'docs/index.html']) {
    try {
      const html = await fs.readFile(path.join(buildDir, file), 'utf8');
      const match = /http-equiv="refresh"\s+content="0;\s*url=([^"]+)"/i.exec(html);
      if (match?.[1]) return match[1];
    } catch {
      // try the next one
    }
  }
  return '/docs/Technical%20Requirements';
}

/**
 * Whether a label is one that `--only` (one substring, or several separated by commas) selects.
 * @param {string} label
 * @param {string | null} only
 */
const matchesOnly = (label, only) =>
  !only ||
  only
    .split(',')
    .filter((part) => part !== '')
    .some((part) => label.includes(part));

/**
 * All URLs, or those `--only` selects.
 * @param {string[]} ids
 * @param {string} docsPath
 * @param {string | null} only
 * @returns {Target[]}
 */
function selectTargets(ids, docsPath, only) {
  /** @type {Target[]} */
  const all = [
    {label: '/', path: '/', kind: 'portal', group: 'page'},
    {label: '/docs', path: docsPath, kind: 'portal', group: 'page'},
    {label: '/blog/long-blog-post', path: '/blog/long-blog-post', kind: 'portal', group: 'page'},
    ...ids.map(
      (id) =>
        /** @type {Target} */ ({label: `/api/${id}`, path: `/api/${id}`, kind: 'portal', group: 'api', specId: id}),
    ),
    ...ids.map(
      (id) =>
        /** @type {Target} */ ({
          label: `standalone/${id}`,
          path: `/${id}`,
          kind: 'standalone',
          group: 'standalone',
          specId: id,
        }),
    ),
  ];
  if (!only) return all;
  const picked = new Set(all.filter((t) => matchesOnly(t.label, only)));
  for (const t of [...picked]) {
    if (t.group === 'api')
      picked.add(/** @type {Target} */ (all.find((s) => s.group === 'standalone' && s.specId === t.specId)));
  }
  const selected = all.filter((t) => picked.has(t));
  if (selected.length === 0)
    throw new UsageError(`--only "${only}" matches none of: ${all.map((t) => t.label).join(', ')}`);
  return selected;
}

/**
 * @param {string} file
 * @returns {Promise<string>}
 */
async function packageVersion(file) {
  try {
    return JSON.parse(await fs.readFile(path.join(siteDir, 'node_modules', file), 'utf8')).version;
  } catch {
    return 'unknown';
  }
}

/** The 1-minute load average, to two decimals. */
const loadAverage = () => Math.round((os.loadavg()[0] ?? 0) * 100) / 100;

/** @param {number} seconds */
const duration = (seconds) =>
  seconds >= 90 ? `${Math.floor(seconds / 60)} min ${Math.round(seconds % 60)} s` : `${Math.round(seconds)} s`;

/**
 * Runs `measure` for every target, `runs` times, round-robin; one retry per failed run.
 * @template T
 * @param {string} tool
 * @param {Target[]} targets
 * @param {number} runs
 * @param {(target: Target, run: number) => Promise<T>} measure
 * @param {(value: T) => string} describe
 * @param {any[]} errors
 * @returns {Promise<(T & {label: string, run: number})[]>}
 */
async function interleaved(tool, targets, runs, measure, describe, errors) {
  /** @type {(T & {label: string, run: number})[]} */
  const results = [];
  const total = targets.length * runs;
  const started = performance.now();
  let done = 0;
  for (let run = 1; run <= runs; run++) {
    for (const target of targets) {
      /** @type {T | null} */
      let value = null;
      for (let attempt = 1; attempt <= 2 && value === null; attempt++) {
        if (stopping) throw new Error('stopped');
        try {
          value = await measure(target, run);
        } catch (error) {
          const message = error instanceof Error ? error.message.split('\n')[0] : String(error);
          say(`${tool} ${target.label} run ${run} attempt ${attempt} failed: ${message}`);
          if (attempt === 2) errors.push({tool, label: target.label, run, error: message});
        }
      }
      done++;
      const elapsed = (performance.now() - started) / 1000;
      const left = (elapsed / done) * (total - done);
      if (value !== null) results.push({...value, label: target.label, run});
      say(
        `${tool} ${done}/${total} ${target.label} run ${run}: ${value === null ? 'failed' : describe(value)}` +
          ` (${duration(left)} left)`,
      );
    }
  }
  return results;
}

async function main() {
  const options = readOptions();
  const startedAt = new Date();
  const started = performance.now();
  /** @type {Record<string, number>} seconds each phase took, for planning runs */
  const phaseSeconds = {};
  let phaseStart = performance.now();
  const endPhase = (/** @type {string} */ name) => {
    phaseSeconds[name] = Math.round(performance.now() - phaseStart) / 1000;
    phaseStart = performance.now();
  };
  const loadAtStart = loadAverage();
  const platformIds = await readSpecIds();
  const fixture = options.scale ? await readScaleFixture() : null;
  const ids = fixture ? [...platformIds, fixture.id] : platformIds;
  const buildDir = path.join(siteDir, 'build');
  const logDir = path.join(workDir, 'logs');
  const standaloneDir = path.join(workDir, 'standalone');

  // Fail fast without a browser, before any build.
  say(`checking ${chromePath}`);
  const probe = await launchChromium();
  const chromiumVersion = await browserVersion(probe).finally(() => probe.close());
  say(chromiumVersion);

  /** @type {{measured: boolean, coldSeconds: number | null, warmSeconds: number | null}} */
  let builds = {measured: false, coldSeconds: null, warmSeconds: null};
  /** @type {any} */
  let scale = null;
  if (options.build && fixture) {
    // The build's cost per operation: a cold build of the platform's APIs, then one with the fixture beside them.
    const platform = await timeSiteBuilds(siteDir, logDir, say, {warm: false, name: 'build-platform'});
    builds = {measured: true, ...(await timeSiteBuilds(siteDir, logDir, say, {env: {PORTAL_SCALE_FIXTURE: '1'}}))};
    const platformOperations = (
      await Promise.all(platformIds.map((id) => operationCount(`openapi/${id}.yaml`)))
    ).reduce((a, b) => a + b, 0);
    const fixtureOperations = await operationCount(fixture.source);
    scale = {
      fixture,
      platformOperations,
      fixtureOperations,
      platformColdSeconds: platform.coldSeconds,
      coldSeconds: builds.coldSeconds,
    };
  } else if (options.build) {
    builds = {measured: true, ...(await timeSiteBuilds(siteDir, logDir, say))};
  } else {
    say('--no-build: using the existing build/');
  }
  try {
    await fs.access(path.join(buildDir, 'index.html'));
  } catch {
    throw new Error(`No build at ${buildDir}: run the benchmark without --no-build, or build first`);
  }
  if (fixture) {
    try {
      await fs.access(path.join(buildDir, 'api', `${fixture.id}.html`));
    } catch {
      throw new Error(
        `--scale: build/ has no page of ${fixture.id}; build with PORTAL_SCALE_FIXTURE=1, or run without --no-build`,
      );
    }
  }

  const targets = selectTargets(ids, await docsTarget(buildDir), options.only);
  const specIds = [
    ...new Set(targets.filter((t) => t.group === 'standalone').map((t) => /** @type {string} */ (t.specId))),
  ];
  if (specIds.length > 0)
    say(`standalone Redoc pages of ${specIds.length} spec(s) (redocly build-docs --inlineBundle)`);
  endPhase('siteBuilds');
  const standalonePages = await buildStandalonePages(
    siteDir,
    specIds,
    standaloneDir,
    logDir,
    fixture ? {[fixture.id]: fixture.source} : {},
  );
  endPhase('standaloneBuilds');
  let redocVersion = null;
  if (standalonePages[0]) {
    const html = await fs.readFile(standalonePages[0].file, 'utf8');
    redocVersion = /\*\s*Version:\s*([\w.-]+)/.exec(html)?.[1] ?? null;
  }

  const portal = await startStaticServer(buildDir);
  onCleanup(portal.close);
  await fs.mkdir(standaloneDir, {recursive: true});
  const standalone = await startStaticServer(standaloneDir);
  onCleanup(standalone.close);
  /** @param {Target} t */
  const urlOf = (t) => (t.kind === 'portal' ? portal.origin : standalone.origin) + t.path;
  say(`serving build/ at ${portal.origin} and the standalone pages at ${standalone.origin}`);
  say(`${targets.length} URL(s): ${options.runs} Lighthouse run(s) and ${options.cdpRuns} CDP run(s) each`);

  /** @type {any[]} */
  const errors = [];
  const slug = (/** @type {string} */ label) => label.replace(/^\//, '').replace(/[^\w.-]+/g, '_') || 'home';
  const lighthouseRuns = await interleaved(
    'lighthouse',
    targets,
    options.runs,
    async (target, run) => {
      const result = await runLighthouse(urlOf(target), {
        // Keep the report of the last run of each URL, for a closer look.
        saveReportTo: run === options.runs ? path.join(workDir, 'lighthouse', `${slug(target.label)}.json`) : undefined,
      });
      if (result.error) throw new Error(result.error);
      return result;
    },
    (r) =>
      `perf ${r.score} FCP ${Math.round(r.fcp ?? NaN)} LCP ${Math.round(r.lcp ?? NaN)} TBT ${Math.round(r.tbt ?? NaN)} ms; ` +
      `at CPU time perf ${r.cpuScore} TBT ${Math.round(r.cpuTbt ?? NaN)} ms`,
    errors,
  );
  endPhase('lighthouse');
  const cdpRuns = await interleaved(
    'cdp',
    targets,
    options.cdpRuns,
    (target) => measureWithCdp(urlOf(target), target.kind),
    (r) => `hydrated ${Math.round(r.hydrated)} ms, JS ${Math.round(r.jsGzip / 1024)} KB gzip, ${r.requests} requests`,
    errors,
  );
  endPhase('cdp');
  const journeys =
    options.journeyRuns === 0
      ? []
      : [...JOURNEYS, ...(fixture ? SCALE_JOURNEYS : [])].filter((j) => matchesOnly(j.label, options.only));
  const journeyRuns = await interleaved(
    'journey',
    /** @type {any[]} */ (journeys),
    options.journeyRuns,
    (journey) => measureJourney(portal.origin, /** @type {any} */ (journey)),
    (r) => `in view ${Math.round(r.inView)} ms after the click`,
    errors,
  );
  endPhase('journeys');
  // The site search: its index at this build's size (with the scale fixture's operations under --scale),
  // and each keystroke's time to its results.
  const searchIndex = await searchIndexSize(buildDir);
  /** @type {number[]} */
  const keystrokes = [];
  /** @type {number[]} */
  const floor = [];
  /** @type {number[]} */
  const searchLoads = [];
  if (matchesOnly('search', options.only) || !options.only) {
    for (let run = 1; run <= options.journeyRuns; run++) {
      const {keystrokes: times, floor: plain, loadMs} = await measureSearch(portal.origin, await docsTarget(buildDir));
      keystrokes.push(...times);
      floor.push(...plain);
      searchLoads.push(loadMs);
      say(
        `search run ${run}: keystrokes median ${Math.round(stat(times)?.median ?? NaN)} ms, max ${Math.round(Math.max(...times))} ms; ` +
          `plain field median ${Math.round(stat(plain)?.median ?? NaN)} ms`,
      );
    }
  }
  const search = {
    index: searchIndex,
    keystroke: stat(keystrokes),
    keystrokeP95: percentile(keystrokes, 0.95),
    floor: stat(floor),
    floorP95: percentile(floor, 0.95),
    load: stat(searchLoads),
    target: SEARCH_KEYSTROKE_TARGET_MS,
    pass: keystrokes.length === 0 ? null : (percentile(keystrokes, 0.95) ?? Infinity) <= SEARCH_KEYSTROKE_TARGET_MS,
  };
  endPhase('search');
  phaseSeconds.total = Math.round(performance.now() - started) / 1000;
  await portal.close();
  await standalone.close();

  /** @type {Record<string, ReturnType<typeof summarize>>} */
  const summary = {};
  for (const t of targets) {
    summary[t.label] = summarize(
      lighthouseRuns.filter((r) => r.label === t.label),
      cdpRuns.filter((r) => r.label === t.label),
    );
  }

  const ratios = targets
    .filter((t) => t.group === 'api' && targets.some((s) => s.group === 'standalone' && s.specId === t.specId))
    .map((t) => {
      const oursLabel = t.label;
      const theirsLabel = `standalone/${t.specId}`;
      const ours = summary[oursLabel];
      const theirs = summary[theirsLabel];
      if (!ours || !theirs) throw new Error(`No summary of ${oursLabel} or ${theirsLabel}`);
      /** @type {Record<string, number | null>} */
      const all = {};
      for (const metric of LIGHTHOUSE_METRICS) all[metric] = ratio(ours.lighthouse[metric], theirs.lighthouse[metric]);
      for (const metric of CDP_METRICS) all[metric] = ratio(ours.cdp[metric], theirs.cdp[metric]);
      const judged = judgeRatios(t.specId ?? '', ours, theirs);
      return {
        specId: t.specId,
        ours: oursLabel,
        standalone: theirsLabel,
        ratios: all,
        ...judged,
      };
    });

  const scoreTargets = SCORE_TARGETS.filter(({label}) => targets.some((t) => t.label === label)).map(({label, min}) => {
    const lighthouse = summary[label]?.lighthouse;
    const s = lighthouse?.score;
    const cpu = lighthouse?.cpuScore;
    return {
      label,
      target: min,
      median: s?.median ?? null,
      pass: s ? s.median >= min : null,
      cpuMedian: cpu?.median ?? null,
      cpuPass: cpu ? cpu.median >= min : null,
    };
  });

  // The first view's HTML (gzip, as served) of the pages that have a target for it.
  const htmlTargets = Object.entries(HTML_GZIP_TARGETS)
    .filter(([label]) => summary[label])
    .map(([label, maxBytes]) => {
      const median = summary[label]?.cdp.htmlGzip?.median ?? null;
      return {label, maxBytes, median, pass: median === null ? null : median <= maxBytes};
    });

  const blockedRequests = [];
  const seen = new Set();
  for (const r of cdpRuns) {
    for (const f of r.failed) {
      if (/^https?:\/\/(127\.0\.0\.1|localhost)[:/]/.test(f.url)) continue;
      const key = `${r.label} ${f.url}`;
      if (!seen.has(key)) blockedRequests.push({label: r.label, url: f.url, error: f.error});
      seen.add(key);
    }
  }

  const cpus = os.cpus();
  const results = {
    date: startedAt.toISOString(),
    machine: {
      cpuModel: cpus[0]?.model.trim() ?? 'unknown CPU',
      cpuCount: cpus.length,
      totalMemoryGiB: Math.round((os.totalmem() / 1024 ** 3) * 10) / 10,
      platform: `${os.type()} ${os.release()} ${os.arch()}`,
      node: process.version,
      chromium: chromiumVersion,
      chromePath,
      lighthouse: await packageVersion('lighthouse/package.json'),
      // Other work on the machine skews the figures: the 1-minute load average before and after.
      loadAverage: {start: loadAtStart, end: loadAverage()},
    },
    options: {
      build: options.build,
      runs: options.runs,
      cdpRuns: options.cdpRuns,
      journeyRuns: options.journeyRuns,
      only: options.only,
      scale: options.scale,
    },
    builds,
    scale,
    htmlTargets,
    standalone: {
      generator: `@redocly/cli ${await packageVersion('@redocly/cli/package.json')} build-docs --inlineBundle`,
      redocVersion,
      pages: standalonePages.map((p) => ({id: p.id, bytes: p.bytes})),
    },
    targets,
    urls: Object.fromEntries(targets.map((t) => [t.label, urlOf(t)])),
    summary,
    ratios,
    scoreTargets,
    journeys: journeys.map((j) => {
      const runs = journeyRuns.filter((r) => r.label === j.label);
      const inView = stat(runs.map((r) => r.inView));
      return {
        ...j,
        href: runs[0]?.href,
        inView,
        firstInView: stat(runs.map((r) => r.firstInView)),
        target: JOURNEY_TARGET_MS,
        pass: inView ? inView.median <= JOURNEY_TARGET_MS : null,
      };
    }),
    search,
    blockedRequests,
    errors,
    phaseSeconds,
    runs: {lighthouse: lighthouseRuns, cdp: cdpRuns, journeys: journeyRuns},
  };

  const markdown = renderMarkdown(results);
  await fs.mkdir(options.out, {recursive: true});
  await fs.writeFile(path.join(options.out, 'latest.json'), JSON.stringify(results, null, 2) + '\n');
  await fs.writeFile(path.join(options.out, 'latest.md'), markdown);
  say(`wrote ${path.join(options.out, 'latest.json')} and latest.md`);
  process.stdout.write(markdown);
  return errors.length === 0 ? 0 : 1;
}

let stopping = false;
/** @param {NodeJS.Signals} signal */
const stop = (signal) => {
  if (stopping) return;
  stopping = true;
  say(`${signal}: stopping, ending the servers and browsers`);
  void cleanupAll().finally(() => process.exit(signal === 'SIGINT' ? 130 : 143));
};
process.on('SIGINT', () => stop('SIGINT'));
process.on('SIGTERM', () => stop('SIGTERM'));
process.on('exit', killAllSync);

main()
  .then(async (code) => {
    await cleanupAll();
    process.exit(code);
  })
  .catch(async (error) => {
    if (error instanceof UsageError) say(`${error.message}\n${USAGE}`);
    else if (error instanceof Error && error.message === 'stopped') return;
    else say(`error: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
    await cleanupAll();
    process.exit(1);
  });
