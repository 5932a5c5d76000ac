/**
 * The benchmark's report (bench/report.mjs): which ratio targets each API page is judged on, and
 * that the report names each row's own target.
 */
import {describe, expect, it} from 'vitest';
import {
  RATIO_TARGETS,
  RATIO_TARGETS_BY_SPEC,
  judgeRatios,
  ratioTargetsOf,
  renderMarkdown,
} from '../../bench/report.mjs';

const stat = (median: number) => ({median, min: median, max: median, n: 1});

/** The machine a report names (any will do for what these tests read). */
const MACHINE = {
  cpuModel: 'CPU',
  cpuCount: 2,
  totalMemoryGiB: 1,
  platform: 'Linux',
  node: 'v20',
  chromium: 'Chromium',
  lighthouse: '12',
};

describe('bench ratio targets', () => {
  it('judges every API page on the targets', () => {
    expect(ratioTargetsOf('dmss-archive-service')).toEqual(RATIO_TARGETS.map((target) => ({...target})));
  });

  it('judges the container reference on the stricter targets', () => {
    const maxima = Object.fromEntries(
      ratioTargetsOf('dmss-container-and-signature-services').map(({metric, max}) => [metric, max]),
    );
    expect(maxima).toEqual({lcp: 0.3, tbt: 0.1, hydrated: 0.5});
    // Every override names a metric the report measures, and only makes its target stricter.
    for (const [specId, own] of Object.entries(RATIO_TARGETS_BY_SPEC)) {
      for (const [metric, max] of Object.entries(own)) {
        const general = RATIO_TARGETS.find((target) => target.metric === metric);
        expect(general, `${specId}: ${metric}`).toBeDefined();
        expect(max).toBeLessThan(general!.max);
      }
    }
  });

  it("shows each API page's own target beside its ratio", () => {
    const ours = {lighthouse: {lcp: stat(400), tbt: stat(40)}, cdp: {hydrated: stat(400), jsGzip: stat(1)}};
    const theirs = {lighthouse: {lcp: stat(1000), tbt: stat(100)}, cdp: {hydrated: stat(1000), jsGzip: stat(1)}};
    const specIds = ['dmss-archive-service', 'dmss-container-and-signature-services'];
    const ratios = specIds.map((specId) => ({
      specId,
      ours: `/api/${specId}`,
      standalone: `standalone/${specId}`,
      ...judgeRatios(specId, ours, theirs),
    }));
    const summary = Object.fromEntries(
      ratios.flatMap((r) => [
        [r.ours, ours],
        [r.standalone, theirs],
      ]),
    );
    const markdown = renderMarkdown({
      date: '2026-11-26T00:00:00.000Z',
      machine: MACHINE,
      options: {runs: 1, cdpRuns: 1, journeyRuns: 0, only: null},
      builds: {measured: false},
      standalone: {generator: 'redocly', redocVersion: '2'},
      targets: [],
      summary,
      ratios,
      scoreTargets: [],
      journeys: [],
      blockedRequests: [],
      errors: [],
    });
    const row = (specId: string) => markdown.split('\n').find((line) => line.startsWith(`| ${specId} | 0.40x (`));
    expect(row('dmss-archive-service')).toBe(
      '| dmss-archive-service | 0.40x (≤ 0.5x) ✓ | 0.40x (≤ 0.5x) ✓ | 0.40x (≤ 1.0x) ✓ | 1.00x | pass |',
    );
    expect(row('dmss-container-and-signature-services')).toBe(
      '| dmss-container-and-signature-services | 0.40x (≤ 0.3x) ✗ | 0.40x (≤ 0.1x) ✗ | 0.40x (≤ 0.5x) ✓ | 1.00x | fail (LCP, TBT) |',
    );
  });

  it('reports the scale run: the build per 100 operations and the first view against its target', () => {
    const markdown = renderMarkdown({
      date: '2026-11-28T00:00:00.000Z',
      machine: MACHINE,
      options: {runs: 1, cdpRuns: 1, journeyRuns: 0, only: null, scale: true},
      builds: {measured: true, coldSeconds: 100, warmSeconds: 90},
      scale: {
        fixture: {id: 'digitalocean-public', source: 'bench/fixtures/digitalocean-public.yaml'},
        platformOperations: 400,
        fixtureOperations: 663,
        platformColdSeconds: 40,
        coldSeconds: 100,
      },
      htmlTargets: [
        {label: '/api/digitalocean-public', maxBytes: 300 * 1024, median: 36 * 1024, pass: true},
        {label: '/api/other', maxBytes: 300 * 1024, median: 301 * 1024, pass: false},
      ],
      standalone: {generator: 'redocly', redocVersion: '2'},
      targets: [],
      summary: {},
      ratios: [],
      scoreTargets: [],
      journeys: [],
      blockedRequests: [],
      errors: [],
    });
    expect(markdown).toContain(
      "cold build of the 400 operations of the platform's APIs, 40.0 s (10.0 s per 100 operations, " +
        "the site's other pages included); with the 663 operations of `bench/fixtures/digitalocean-public.yaml` " +
        'beside them, 100.0 s: the fixture adds 60.0 s, 9.0 s per 100 operations.',
    );
    expect(markdown).toContain('| /api/digitalocean-public | 36.0 | ≤ 300 | pass |');
    expect(markdown).toContain('| /api/other | 301.0 | ≤ 300 | fail |');
  });
});
