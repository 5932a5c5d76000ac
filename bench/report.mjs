// @ts-check
/**
 * Medians, ratios and the Markdown report of the benchmark.
 */

/**
 * @typedef {object} Stat
 * @property {number} median
 * @property {number} min
 * @property {number} max
 * @property {number} n number of runs
 */

/**
 * @typedef {object} Target
 * @property {string} label e.g. "/", "/docs", "/api/<id>", "standalone/<id>"
 * @property {string} path URL path on its server
 * @property {'portal' | 'standalone'} kind
 * @property {'page' | 'api' | 'standalone'} group
 * @property {string} [specId] for API and standalone pages
 */

/**
 * The Lighthouse figures and the CDP figures reported per URL. The `cpu*` figures are the same Lighthouse run
 * audited again with its main-thread tasks at their CPU time (`cpu-time.mjs`), `mainThread*` that run's
 * main-thread tasks in wall time and in CPU time.
 */
export const LIGHTHOUSE_METRICS = /** @type {const} */ ([
  'score',
  'fcp',
  'lcp',
  'tbt',
  'cls',
  'cpuScore',
  'cpuTbt',
  'cpuLcp',
  'mainThreadWallMs',
  'mainThreadCpuMs',
]);
export const CDP_METRICS = /** @type {const} */ (['hydrated', 'jsRaw', 'jsGzip', 'htmlRaw', 'htmlGzip', 'requests']);

/** Targets for every API page, as a ratio ours / standalone Redoc. */
export const RATIO_TARGETS = /** @type {const} */ ([
  {metric: 'lcp', name: 'LCP', source: 'lighthouse', max: 0.5},
  {metric: 'tbt', name: 'TBT', source: 'lighthouse', max: 0.5},
  {metric: 'hydrated', name: 'Hydrated', source: 'cdp', max: 1.0},
]);

/** Stricter ratio targets of one API page, by spec id: the container reference. */
export const RATIO_TARGETS_BY_SPEC = /** @type {Readonly<Record<string, Partial<Record<RatioMetric, number>>>>} */ ({
  'dmss-container-and-signature-services': {lcp: 0.3, tbt: 0.1, hydrated: 0.5},
  // The scale run's fixture (`--scale`): a reference of real-world size as fast as the container's.
  'digitalocean-public': {lcp: 0.3, tbt: 0.1, hydrated: 0.5},
});

/** The first view's HTML, gzip as served, at most this many bytes: the scale fixture's reference. */
export const HTML_GZIP_TARGETS = /** @type {Readonly<Record<string, number>>} */ ({
  '/api/digitalocean-public': 300 * 1024,
});

/** @typedef {(typeof RATIO_TARGETS)[number]['metric']} RatioMetric */

/**
 * The ratio targets the API page of `specId` is judged on: RATIO_TARGETS, with its own stricter maxima.
 * @param {string} specId
 * @returns {{metric: RatioMetric, name: string, source: 'lighthouse' | 'cdp', max: number}[]}
 */
export function ratioTargetsOf(specId) {
  const own = RATIO_TARGETS_BY_SPEC[specId] ?? {};
  return RATIO_TARGETS.map((target) => ({...target, max: own[target.metric] ?? target.max}));
}

/**
 * The API page of `specId` judged on its ratio targets (ratioTargetsOf), from its summary and the
 * standalone page's; `pass` is null while a figure is missing.
 * @param {string} specId
 * @param {{lighthouse: Record<string, Stat | null>, cdp: Record<string, Stat | null>}} ours
 * @param {{lighthouse: Record<string, Stat | null>, cdp: Record<string, Stat | null>}} theirs
 */
export function judgeRatios(specId, ours, theirs) {
  const targets = ratioTargetsOf(specId);
  /** @type {Record<string, {ratio: number | null, max: number, pass: boolean | null}>} */
  const checks = {};
  for (const {metric, source, max} of targets) {
    checks[metric] = {
      ratio: ratio(ours[source][metric], theirs[source][metric]),
      max,
      pass: meetsRatio(ours[source][metric], theirs[source][metric], max),
    };
  }
  const failing = targets.filter(({metric}) => checks[metric]?.pass === false).map(({name}) => name);
  const verdicts = Object.values(checks).map((c) => c.pass);
  return {targets: checks, failing, pass: verdicts.includes(null) ? null : failing.length === 0};
}

/** Lighthouse performance targets: the content pages, the container reference. */
export const SCORE_TARGETS = /** @type {const} */ ([
  {label: '/', min: 95},
  {label: '/docs', min: 95},
  {label: '/blog/long-blog-post', min: 95},
  {label: '/api/dmss-container-and-signature-services', min: 98},
  {label: '/api/digitalocean-public', min: 95},
]);

/**
 * @param {number[]} values
 * @returns {Stat | null}
 */
export function stat(values) {
  const sorted = values.filter((v) => typeof v === 'number' && Number.isFinite(v)).sort((a, b) => a - b);
  const at = (/** @type {number} */ i) => /** @type {number} */ (sorted[i]);
  if (sorted.length === 0) return null;
  const mid = Math.floor(sorted.length / 2);
  const median = sorted.length % 2 === 1 ? at(mid) : (at(mid - 1) + at(mid)) / 2;
  return {median, min: at(0), max: at(sorted.length - 1), n: sorted.length};
}

/**
 * Medians of every metric of one URL.
 * @param {Record<string, any>[]} lighthouseRuns successful Lighthouse runs of the URL
 * @param {Record<string, any>[]} cdpRuns successful CDP runs of the URL
 * @returns {{lighthouse: Record<string, Stat | null>, cdp: Record<string, Stat | null>}}
 */
export function summarize(lighthouseRuns, cdpRuns) {
  /** @type {Record<string, Stat | null>} */
  const lighthouse = {};
  for (const metric of LIGHTHOUSE_METRICS) lighthouse[metric] = stat(lighthouseRuns.map((r) => r[metric]));
  /** @type {Record<string, Stat | null>} */
  const cdp = {};
  for (const metric of CDP_METRICS) cdp[metric] = stat(cdpRuns.map((r) => r[metric]));
  return {lighthouse, cdp};
}

/**
 * ours / theirs of two medians; null when either is missing or theirs is 0.
 * @param {Stat | null | undefined} ours
 * @param {Stat | null | undefined} theirs
 * @returns {number | null}
 */
export function ratio(ours, theirs) {
  if (!ours || !theirs || theirs.median === 0) return null;
  return ours.median / theirs.median;
}

/**
 * Whether a ratio meets its target. A zero TBT (or any zero figure) of ours
 * meets it whatever the standalone page did, as nothing can be better.
 * @param {Stat | null | undefined} ours
 * @param {Stat | null | undefined} theirs
 * @param {number} max
 * @returns {boolean | null} null when not measured
 */
export function meetsRatio(ours, theirs, max) {
  if (!ours || !theirs) return null;
  if (ours.median === 0) return true;
  if (theirs.median === 0) return false;
  return ours.median / theirs.median <= max;
}

// ---------------------------------------------------------------- formatting

/**
 * @param {number} value
 * @param {number} digits
 */
const fixed = (value, digits) => value.toFixed(digits);

/**
 * "median [min–max]", or the value alone for a single run.
 * @param {Stat | null | undefined} s
 * @param {(value: number) => string} format
 * @returns {string}
 */
export function formatStat(s, format) {
  if (!s) return 'n/a';
  if (s.n === 1 || s.min === s.max) return format(s.median);
  return `${format(s.median)} [${format(s.min)}–${format(s.max)}]`;
}

const ms = (/** @type {number} */ v) => String(Math.round(v));
const score = (/** @type {number} */ v) => (Number.isInteger(v) ? String(v) : fixed(v, 1));
const cls = (/** @type {number} */ v) => fixed(v, 3);
const kb = (/** @type {Stat | null | undefined} */ s) => (s ? fixed(s.median / 1024, 1) : 'n/a');

/**
 * @param {Stat | null | undefined} ours
 * @param {Stat | null | undefined} theirs
 * @returns {string}
 */
export function formatRatio(ours, theirs) {
  if (!ours || !theirs) return 'n/a';
  if (theirs.median === 0) return ours.median === 0 ? '– (both 0)' : '∞ (standalone 0)';
  return `${fixed(ours.median / theirs.median, 2)}x`;
}

/**
 * @param {string[]} header
 * @param {string[][]} rows
 * @returns {string}
 */
function table(header, rows) {
  const line = (/** @type {string[]} */ cells) => `| ${cells.join(' | ')} |`;
  return [line(header), line(header.map(() => '---')), ...rows.map(line)].join('\n');
}

/**
 * The Markdown report.
 * @param {any} results the object written to latest.json
 * @returns {string}
 */
export function renderMarkdown(results) {
  const {machine, options, builds, targets, summary} = results;
  const date = String(results.date).replace(/\.\d{3}Z$/, 'Z');
  /** @type {string[]} */
  const out = [];
  out.push(
    `Measured on ${date} on ${machine.cpuModel} (${machine.cpuCount} CPUs, ${machine.totalMemoryGiB} GiB RAM, ` +
      `${machine.platform}), Node ${machine.node}, ${machine.chromium}, Lighthouse ${machine.lighthouse}.`,
  );
  if (machine.loadAverage) {
    const busy = Math.max(machine.loadAverage.start, machine.loadAverage.end) > machine.cpuCount / 2;
    out.push(
      '',
      `Load average (1 min) ${machine.loadAverage.start} at the start, ${machine.loadAverage.end} at the end` +
        (busy ? ': other work was running on the machine, so the timings are noisier than usual.' : '.'),
    );
  }
  out.push('');
  out.push(
    `Lighthouse: ${options.runs} run(s) per URL, mobile, default simulated throttling. ` +
      `CDP: ${options.cdpRuns} run(s) per URL, 4x CPU throttling, 412x823 mobile screen, unthrottled localhost network. ` +
      'Runs interleaved round-robin over the URLs; figures are medians [min–max]. ' +
      `Standalone pages: ${results.standalone.generator} (Redoc ${results.standalone.redocVersion ?? '?'}, bundle inlined).`,
  );
  if (options.only) out.push('', `Subset of URLs: \`--only ${options.only}\`.`);

  out.push('', '### Builds', '');
  if (builds.measured) {
    out.push(
      table(
        ['Build', 'Seconds'],
        [
          ['Cold (`docusaurus clear`, then `docusaurus build`)', fixed(builds.coldSeconds, 1)],
          ['Warm (a second `docusaurus build` right after)', fixed(builds.warmSeconds, 1)],
        ],
      ),
    );
  } else {
    out.push(
      table(
        ['Build', 'Seconds'],
        [
          ['Cold', 'not measured (--no-build)'],
          ['Warm', 'not measured (--no-build)'],
        ],
      ),
    );
  }

  if (results.scale) {
    const {fixture, platformOperations, fixtureOperations, platformColdSeconds, coldSeconds} = results.scale;
    const per100 = (/** @type {number} */ seconds, /** @type {number} */ operations) =>
      fixed((seconds / operations) * 100, 1);
    out.push(
      '',
      `Scale run (\`--scale\`): cold build of the ${platformOperations} operations of the platform's APIs, ` +
        `${fixed(platformColdSeconds, 1)} s (${per100(platformColdSeconds, platformOperations)} s per 100 operations, ` +
        `the site's other pages included); with the ${fixtureOperations} operations of \`${fixture.source}\` beside ` +
        `them, ${fixed(coldSeconds, 1)} s: the fixture adds ${fixed(coldSeconds - platformColdSeconds, 1)} s, ` +
        `${per100(coldSeconds - platformColdSeconds, fixtureOperations)} s per 100 operations.`,
    );
  }

  const docsPath = targets.find((/** @type {Target} */ t) => t.label === '/docs')?.path;
  out.push('', '### Pages', '');
  out.push(
    table(
      [
        'URL',
        'Perf',
        'FCP ms',
        'LCP ms',
        'TBT ms',
        'CLS',
        'Perf / TBT ms at CPU time',
        'Main thread CPU / wall ms',
        'Hydrated ms',
        'JS KB raw / gzip',
        'HTML KB raw / gzip',
        'Requests',
      ],
      targets.map((/** @type {Target} */ t) => {
        const s = summary[t.label];
        const lh = s?.lighthouse ?? {};
        const cdp = s?.cdp ?? {};
        return [
          t.label,
          formatStat(lh.score, score),
          formatStat(lh.fcp, ms),
          formatStat(lh.lcp, ms),
          formatStat(lh.tbt, ms),
          formatStat(lh.cls, cls),
          `${formatStat(lh.cpuScore, score)} / ${formatStat(lh.cpuTbt, ms)}`,
          `${formatStat(lh.mainThreadCpuMs, ms)} / ${formatStat(lh.mainThreadWallMs, ms)}`,
          formatStat(cdp.hydrated, ms),
          `${kb(cdp.jsRaw)} / ${kb(cdp.jsGzip)}`,
          `${kb(cdp.htmlRaw)} / ${kb(cdp.htmlGzip)}`,
          formatStat(cdp.requests, ms),
        ];
      }),
    ),
  );
  out.push(
    '',
    'Hydrated: portal pages until `html[data-has-hydrated="true"]`; standalone Redoc until React has committed ' +
      'its hydration of `#redoc` with the menu and `.api-content` in the page. JS counts external scripts and ' +
      'executable inline scripts (gzip of inline scripts: each gzipped alone at level 6). ' +
      'At CPU time: the same Lighthouse runs audited again with each renderer main-thread task as long as the CPU ' +
      'time its thread used (`bench/cpu-time.mjs`), which other work on the machine does not stretch; it leaves out ' +
      "every wait inside a task, the page's own included, so it is the better case. Main thread: the sum of those " +
      'tasks in the Lighthouse run, CPU time / wall time; where wall is much longer, the main thread waited for a core. ' +
      (docsPath ? `/docs is measured at the page it redirects to, \`${docsPath}\`.` : ''),
  );

  if ((results.htmlTargets ?? []).length > 0) {
    out.push('', '### First-view HTML', '');
    out.push(
      table(
        ['URL', 'HTML KB gzip', 'Target', 'Result'],
        results.htmlTargets.map((/** @type {any} */ t) => [
          t.label,
          t.median === null ? 'n/a' : fixed(t.median / 1024, 1),
          `≤ ${t.maxBytes / 1024}`,
          t.pass === null ? 'n/a' : t.pass ? 'pass' : 'fail',
        ]),
      ),
    );
  }

  if (results.ratios.length > 0) {
    out.push('', '### API pages vs standalone Redoc (ours / standalone)', '');
    out.push(
      table(
        ['API', 'LCP', 'TBT', 'Hydrated', 'JS gzip', 'Result'],
        results.ratios.map((/** @type {any} */ r) => {
          const ours = summary[r.ours];
          const theirs = summary[r.standalone];
          const cell = (/** @type {RatioMetric} */ metric) => {
            const source = RATIO_TARGETS.find((target) => target.metric === metric)?.source ?? 'lighthouse';
            const check = r.targets[metric];
            const mark = check.pass === null ? '' : check.pass ? ' ✓' : ' ✗';
            const max = Number.isInteger(check.max) ? check.max.toFixed(1) : String(check.max);
            return `${formatRatio(ours?.[source]?.[metric], theirs?.[source]?.[metric])} (≤ ${max}x)${mark}`;
          };
          return [
            r.specId,
            cell('lcp'),
            cell('tbt'),
            cell('hydrated'),
            formatRatio(ours?.cdp?.jsGzip, theirs?.cdp?.jsGzip),
            r.pass === null ? 'n/a' : r.pass ? 'pass' : `fail (${r.failing.join(', ')})`,
          ];
        }),
      ),
    );
    out.push('', 'All figures as ratios (ours / standalone, of the medians):', '');
    /** @type {[string, 'lighthouse' | 'cdp', string][]} */
    const columns = [
      ['Perf', 'lighthouse', 'score'],
      ['FCP', 'lighthouse', 'fcp'],
      ['LCP', 'lighthouse', 'lcp'],
      ['TBT', 'lighthouse', 'tbt'],
      ['TBT at CPU time', 'lighthouse', 'cpuTbt'],
      ['CLS', 'lighthouse', 'cls'],
      ['Hydrated', 'cdp', 'hydrated'],
      ['JS raw', 'cdp', 'jsRaw'],
      ['JS gzip', 'cdp', 'jsGzip'],
      ['HTML raw', 'cdp', 'htmlRaw'],
      ['HTML gzip', 'cdp', 'htmlGzip'],
      ['Requests', 'cdp', 'requests'],
    ];
    out.push(
      table(
        ['API', ...columns.map(([name]) => name)],
        results.ratios.map((/** @type {any} */ r) => [
          r.specId,
          ...columns.map(([, source, metric]) =>
            formatRatio(summary[r.ours]?.[source]?.[metric], summary[r.standalone]?.[source]?.[metric]),
          ),
        ]),
      ),
    );
  }

  if (results.scoreTargets.length > 0) {
    const verdict = (/** @type {boolean | null | undefined} */ pass) => (pass == null ? 'n/a' : pass ? 'pass' : 'fail');
    out.push('', '### Lighthouse performance vs its target', '');
    out.push(
      table(
        ['Page', 'Target', 'Perf median [min–max]', 'Result', 'At CPU time', 'Result at CPU time'],
        results.scoreTargets.map((/** @type {any} */ t) => [
          t.label,
          `≥ ${t.target}`,
          formatStat(summary[t.label]?.lighthouse?.score, score),
          verdict(t.pass),
          formatStat(summary[t.label]?.lighthouse?.cpuScore, score),
          verdict(t.cpuPass),
        ]),
      ),
    );
  }

  if ((results.journeys ?? []).length > 0) {
    out.push('', `### Click to an operation (${results.options.journeyRuns} run(s), 4x CPU throttling)`, '');
    out.push(
      table(
        ['From', 'Link to', 'In view ms', 'First in view ms', 'Target', 'Result'],
        results.journeys.map((/** @type {any} */ j) => [
          j.from,
          `\`${j.href ?? `/api/${j.specId}#${j.operation}`}\``,
          formatStat(j.inView, ms),
          formatStat(j.firstInView, ms),
          `≤ ${j.target}`,
          j.pass === null ? 'n/a' : j.pass ? 'pass' : 'fail',
        ]),
      ),
    );
    out.push(
      '',
      "A fresh Chromium per run, the CDP runs' mobile screen: the doc page is loaded and hydrated and the network " +
        'quiet for 1 s, then a mouse click on its link to the last operation of the reference (a client-side ' +
        "navigation). In view: ms from the click event until the operation's element is in the viewport and stays " +
        'there (1.5 s); first in view: the first frame it was.',
    );
  }

  if (results.search) {
    const {index, keystroke, keystrokeP95, floor, floorP95, load, target, pass} = results.search;
    const kb = (/** @type {number} */ bytes) => `${Math.round(bytes / 102.4) / 10} KB`;
    out.push('', '### Site search (4x CPU throttling)', '');
    out.push(
      table(
        [
          'Index',
          'Records',
          'Size',
          'Gzip',
          'First load ms',
          'Keystroke ms (median, p95, max)',
          'Plain field ms (median, p95)',
          'Target',
          'Result',
        ],
        [
          [
            `\`${index.indexUrl}\``,
            String(index.records),
            kb(index.bytes),
            kb(index.gzipBytes),
            load ? String(Math.round(load.median)) : 'n/a',
            keystroke
              ? `${Math.round(keystroke.median)}, ${Math.round(keystrokeP95 ?? NaN)}, ${Math.round(keystroke.max)}`
              : 'n/a',
            floor ? `${Math.round(floor.median)}, ${Math.round(floorP95 ?? NaN)}` : 'n/a',
            `p95 ≤ ${target}`,
            pass === null ? 'n/a' : pass ? 'pass' : 'fail',
          ],
        ],
      ),
    );
    out.push(
      '',
      'The index of this build (with the scale fixture under --scale), as the box downloads it on its first focus. ' +
        'First load: from the focus until a first query is answered (index and engine fetched and loaded). ' +
        'Keystroke: each key of the queries of bench/search.mjs, from its keydown to the first frame after its results ' +
        'are rendered, on the mobile screen of the CDP runs. Plain field: the same keys, measured the same way, typed ' +
        'into a plain text field the benchmark adds to the same page (no React, no search): what any keystroke costs ' +
        'on this machine, the part of a key the box cannot take away.',
    );
  }

  /** @type {Map<string, string[]>} */
  const blocked = new Map();
  for (const b of results.blockedRequests ?? []) {
    const key = `${b.url} (${b.error})`;
    blocked.set(key, [...(blocked.get(key) ?? []), b.label]);
  }
  if (blocked.size > 0) {
    const standaloneCount = targets.filter((/** @type {Target} */ t) => t.group === 'standalone').length;
    out.push('', 'Requests to other hosts (blocked by the browser, never sent):');
    for (const [request, labels] of blocked) {
      const all = labels.length === standaloneCount && labels.every((l) => l.startsWith('standalone/'));
      out.push(`- ${request}: ${all ? 'every standalone page' : labels.join(', ')}`);
    }
  }
  if (results.errors.length > 0) {
    out.push('', `**${results.errors.length} measurement error(s)**, see latest.json:`);
    for (const e of results.errors.slice(0, 20)) out.push(`- ${e.tool} ${e.label} run ${e.run}: ${e.error}`);
  }
  return out.join('\n') + '\n';
}
