/**
 * Size budgets (issue: performance). Deterministic: they measure bytes, not
 * time. For each page the set of scripts it runs is taken from the browser
 * (resource timing, scripts only: prefetched chunks for other pages do not
 * count), and their gzip size and content are read from build/.
 */
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import {parse} from 'yaml';
import {apiSpecs} from '../../src/config/apiSpecs';
import {htmlFiles} from '../../src/lib/buildOutput';
import {STARTUP_CHUNKS, isStartupScript, startupChunkOf} from '../../src/plugins/startup-scripts';
import {expect, hydrated, idle, REFERENCE_RENDER, SIGNAL_TIMEOUT_MS, test, UNTIL_SIGNAL, untilSignal} from './fixtures';
import type {Page, Request} from '@playwright/test';

const root = path.resolve(__dirname, '../..');
const buildDir = path.join(root, 'build');
const DOC_PAGE_JS_BUDGET = 200 * 1024;
/**
 * The home page's own scripts, beyond the shell that every page loads (the start-up scripts of
 * src/plugins/startup-scripts).
 */
const HOME_PAGE_OWN_JS_BUDGET = 12 * 1024;

/** Summaries of each spec's operations, longer than 24 characters. */
const summariesBySpec = apiSpecs.map((spec) => {
  const doc = parse(fs.readFileSync(path.join(root, 'openapi', `${spec.id}.yaml`), 'utf8')) as {
    paths: Record<string, Record<string, {summary?: string}>>;
  };
  const summaries = Object.values(doc.paths)
    .flatMap((item) => Object.values(item).map((op) => op?.summary))
    .filter((s): s is string => typeof s === 'string' && s.length > 24);
  return [spec.id, summaries] as const;
});

/** Distinctive strings of each spec: operation summaries that no other spec has. */
const specMarkers = new Map(
  summariesBySpec.map(([id, summaries]) => {
    const elsewhere = summariesBySpec.filter(([other]) => other !== id).flatMap(([, s]) => s);
    return [id, summaries.filter((s) => !elsewhere.some((other) => other.includes(s))).slice(0, 10)] as const;
  }),
);

/** Strings of Redoc's library code (its bundle, as rewritten by src/plugins/redoc-page). */
const REDOC_MARKERS = ['api-docs-mark.svg', 'searchWorker', 'redoc-json'];

/** A string of the Try it console (src/plugins/api-reference/theme/TryIt/Console.tsx), which has a chunk of its own. */
const TRY_IT_CONSOLE_MARKER = 'Request sent, as curl';
/** The Try it console's chunk, loaded on the first press of a Try it button. */
const TRY_IT_CONSOLE_BUDGET = 12 * 1024;

/** A string of Prism's grammars as minified into the build (checked below to be there on a page with code). */
const PRISM_MARKER = 'lookbehind:!0';

interface Script {
  name: string;
  content: string;
  gzip: number;
}

/**
 * The scripts `url` loads by itself: after hydration, the lazy work the page starts on its own (diagrams,
 * code blocks in view) may still request chunks. The signal that it is done: no script request of the
 * page is in flight, and none started while the browser ran its idle callbacks (the page had nothing
 * left to do).
 */
async function scriptsOf(page: Page, url: string): Promise<Script[]> {
  const inFlight = new Set<Request>();
  let started = 0;
  const onRequest = (request: Request) => {
    if (request.resourceType() !== 'script') return;
    inFlight.add(request);
    started += 1;
  };
  const onDone = (request: Request) => inFlight.delete(request);
  page.on('request', onRequest);
  page.on('requestfinished', onDone);
  page.on('requestfailed', onDone);
  try {
    await page.goto(url);
    await hydrated(page);
    await expect
      .poll(
        async () => {
          const before = started;
          await idle(page);
          return inFlight.size === 0 && started === before;
        },
        {timeout: SIGNAL_TIMEOUT_MS, message: `${url}: scripts still being requested after ${SIGNAL_TIMEOUT_MS} ms`},
      )
      .toBe(true);
  } finally {
    page.off('request', onRequest);
    page.off('requestfinished', onDone);
    page.off('requestfailed', onDone);
  }
  return loadedScripts(page);
}

/** The scripts the page has loaded so far. */
async function loadedScripts(page: Page): Promise<Script[]> {
  const urls = await page.evaluate(() =>
    performance
      .getEntriesByType('resource')
      .filter((entry) => (entry as PerformanceResourceTiming).initiatorType === 'script')
      .map((entry) => entry.name),
  );
  return urls
    .map((u) => decodeURIComponent(new URL(u).pathname))
    .filter((p) => p.endsWith('.js'))
    .map((p) => {
      const content = fs.readFileSync(path.join(buildDir, p), 'utf8');
      return {name: p, content, gzip: zlib.gzipSync(content, {level: 9}).length};
    });
}

const hasMarker = (script: Script, markers: readonly string[]) =>
  markers.find(
    (marker) => script.content.includes(marker) || script.content.includes(JSON.stringify(marker).slice(1, -1)),
  );

test('the built pages are ASCII outside their scripts, and the API pages wholly (decoded on the fast path)', () => {
  const SCRIPT = /<script\b[^>]*>[\s\S]*?<\/script>/gi;
  const offenders: string[] = [];
  for (const file of htmlFiles(buildDir)) {
    const html = fs.readFileSync(file, 'utf8');
    const page = path.relative(buildDir, file);
    const checked = page.startsWith(`api${path.sep}`) ? html : html.replace(SCRIPT, '');
    const others = [...new Set(checked.match(/[^\0-\x7f]/gu) ?? [])];
    if (others.length > 0) offenders.push(`${page}: ${others.join(' ')}`);
  }
  expect(offenders).toEqual([]);
});

test('the API pages break the parsing of their reference at least every 96 KB, and hold no <select>, <svg> chevron, hidden JSON ellipsis or JSON line box', () => {
  // lightenForLoading (src/plugins/api-reference/theme/Redoc/compact.ts) puts a break at the first outer
  // section after 48 KB of markup: a slice is that, plus the rest of the section it ends in.
  const BREAK = /<script type="?text\/plain"? data-parser-break><\/script>/;
  for (const spec of apiSpecs) {
    const html = fs.readFileSync(path.join(buildDir, 'api', `${spec.id}.html`), 'utf8');
    const start = html.indexOf('redocusaurus redocusaurus-static');
    expect(start, `${spec.id}: the static reference's element`).toBeGreaterThan(0);
    const reference = html.slice(start, html.indexOf('</main>', start));
    const slices = reference.split(BREAK).map((slice) => slice.length);
    expect(Math.max(...slices), `${spec.id}: the longest markup between two parser breaks`).toBeLessThanOrEqual(
      96 * 1024,
    );
    expect(html, spec.id).not.toContain('<select');
    // Chevrons are drawn with CSS (cssChevrons): an <svg> each would get a load event when the page loads.
    expect(reference, spec.id).not.toContain('<polygon');
    // What draws nothing is left out (fewerElements.ts): here the JSON samples' ellipses, and the box
    // inside each of their lines (the line's <li> took its padding).
    expect(reference, spec.id).toContain('redoc-json');
    expect(reference, spec.id).not.toMatch(/<span class="?ellipsis"?>/);
    expect(reference, spec.id).not.toContain('hoverable');
    if (spec.id === 'dmss-container-and-signature-services') expect(reference).toMatch(/<li class="?json-line"?>/);
  }
});

test("every built page links one stylesheet, Docusaurus's styles.css (the rules in their order, one request before the first paint)", () => {
  const offenders: string[] = [];
  for (const file of htmlFiles(buildDir)) {
    const html = fs.readFileSync(file, 'utf8');
    // The client redirects' pages (plugin-client-redirects) only send the browser on.
    if (/<meta http-equiv="refresh"/.test(html)) continue;
    const links = [...html.matchAll(/<link\b[^>]*\brel="?stylesheet"?[^>]*>/gi)].map(([tag]) =>
      /href="?([^"\s>]+)/.exec(tag)![1]!.replace(/^.*\//, ''),
    );
    if (links.length !== 1 || !/^styles\.[0-9a-f]+\.css$/.test(links[0]!)) {
      offenders.push(`${path.relative(buildDir, file)}: ${links.join(', ') || 'none'}`);
    }
  }
  expect(offenders).toEqual([]);
  expect(fs.readdirSync(path.join(buildDir, 'assets', 'css'))).toEqual([
    expect.stringMatching(/^styles\.[0-9a-f]+\.css$/),
  ]);
});

test('the stylesheets use :has() only where its subject is narrow (each :has() is tried on every element its subject matches)', () => {
  // The Try it bar's room: first divs of operations with an h2 child (src/plugins/api-reference/theme/TryIt).
  const ALLOWED = new Set([String.raw`.redocusaurus [data-section-id^=operation\/]>div:first-child:has(>h2)`]);
  const cssDir = path.join(buildDir, 'assets', 'css');
  const found: string[] = [];
  for (const file of fs.readdirSync(cssDir).filter((name) => name.endsWith('.css'))) {
    const css = fs.readFileSync(path.join(cssDir, file), 'utf8');
    for (const [selector] of css.matchAll(/[^{}]*:has\([^{]*(?=\{)/g)) {
      for (const one of selector.split(',').map((part) => part.trim())) {
        if (one.includes(':has(') && !ALLOWED.has(one)) found.push(`${file}: ${one}`);
      }
    }
  }
  expect(found).toEqual([]);
});

for (const url of ['/', '/docs/Technical%20Requirements', '/docs/luna', '/blog/long-blog-post', '/blog']) {
  test(`${url} loads no Redoc code and no OpenAPI data`, async ({page}) => {
    const scripts = await scriptsOf(page, url);
    expect(scripts.length).toBeGreaterThan(0);
    const offenders: string[] = [];
    for (const script of scripts) {
      const redoc = hasMarker(script, REDOC_MARKERS);
      if (redoc) offenders.push(`${script.name} contains Redoc code ("${redoc}")`);
      for (const [specId, markers] of specMarkers) {
        const found = hasMarker(script, markers);
        if (found) offenders.push(`${script.name} contains data of ${specId} ("${found}")`);
      }
    }
    expect(offenders).toEqual([]);
  });
}

test('code blocks: a served page keeps their server highlighting without Prism; using a block or navigating loads it', async ({
  page,
  context,
}) => {
  test.setTimeout(120_000);
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  const hasPrism = (scripts: Script[]) => scripts.some((s) => s.content.includes(PRISM_MARKER));
  const served = await scriptsOf(page, '/docs/Archive%20Service');
  expect(hasPrism(served), `a served doc page loads no Prism (marker "${PRISM_MARKER}")`).toBe(false);
  // The server's highlighting is there, in the extra languages too, and hydration kept it.
  expect(await page.locator('[data-code-block="server"] pre.language-bash .token:not(.plain)').count()).toBeGreaterThan(
    0,
  );

  // Pointing at a block swaps in the full block (Prism, working buttons) in place.
  const servedBlocks = await page.locator('[data-code-block="server"]').count();
  const first = page.locator('[data-code-block="server"]').first();
  await first.scrollIntoViewIfNeeded();
  await first.hover();
  const live = page.locator('[data-code-block="live"]:visible').first();
  await expect(live.locator('pre .token:not(.plain)').first()).toBeVisible();
  await expect(page.locator('[data-code-block="server"]')).toHaveCount(servedBlocks - 1);
  // The copy button works: the block's code reaches the clipboard. (Its "Copied" label lasts a second only, which a
  // busy machine can miss between two checks; the clipboard keeps what was copied.)
  await page.evaluate(() => navigator.clipboard.writeText('(nothing copied yet)'));
  await live.hover();
  await live.getByRole('button', {name: /copy/i}).click();
  const clipboard = () => page.evaluate(() => navigator.clipboard.readText());
  await expect
    .poll(clipboard, {...UNTIL_SIGNAL, message: 'the copied code in the clipboard'})
    .not.toBe('(nothing copied yet)');
  const copied = await clipboard();
  expect(copied.trim().length).toBeGreaterThan(0);
  expect(await live.locator('pre').innerText()).toContain(copied.trim().split('\n')[0]);

  // After a client-side navigation there is no server HTML: the blocks render with Prism at once.
  await page.goto('/');
  await hydrated(page);
  await page.locator('.navbar').getByRole('link', {name: 'Install Docs'}).click();
  await expect(page.locator('h1').first()).toHaveText('Technical Requirements');
  await expect(page.locator('[data-code-block="live"] pre .token:not(.plain)').first()).toBeVisible();
  await expect(page.locator('[data-code-block="server"]')).toHaveCount(0);

  for (const url of ['/', `/api/${apiSpecs[0]!.id}`]) {
    const scripts = await scriptsOf(page, url);
    const offenders = scripts.filter((s) => s.content.includes(PRISM_MARKER)).map((s) => s.name);
    expect(offenders, `scripts of ${url} that hold Prism`).toEqual([]);
  }
});

/**
 * The first Intl.DateTimeFormat, Intl.Collator or localeCompare of a page makes Chromium load its locale data
 * (12 to 90 ms of main-thread time on a desktop CPU): none may run while a page starts (src/lib/dateFormat.ts and
 * the patch table keep the theme's out of it). The calls are counted from the first script until the page is
 * idle after hydration, on a phone's viewport (where the docs render their mobile sidebar after hydration) and
 * on a desktop's.
 */
for (const url of [
  '/',
  '/docs/Technical%20Requirements',
  '/blog/long-blog-post',
  '/blog',
  '/api/dmss-container-and-signature-services',
]) {
  test(`${url} starts without loading the browser's locale data (no Intl date format, collator or localeCompare)`, async ({
    page,
  }) => {
    await page.addInitScript(() => {
      const calls: string[] = [];
      (window as unknown as {portalLocaleCalls: string[]}).portalLocaleCalls = calls;
      const count = <T extends object>(owner: T, key: keyof T & string, label: string) => {
        const original = owner[key] as unknown as (...args: unknown[]) => unknown;
        const counted = function (this: unknown, ...args: unknown[]) {
          calls.push(label);
          return new.target ? Reflect.construct(original, args, new.target) : original.apply(this, args);
        };
        Object.defineProperty(owner, key, {value: counted, writable: true, configurable: true});
      };
      count(Intl, 'DateTimeFormat', 'Intl.DateTimeFormat');
      count(Intl, 'Collator', 'Intl.Collator');
      count(String.prototype, 'localeCompare', 'localeCompare');
      count(Date.prototype, 'toLocaleDateString', 'toLocaleDateString');
      count(Date.prototype, 'toLocaleString', 'toLocaleString');
    });
    for (const viewport of [
      {width: 412, height: 823},
      {width: 1280, height: 800},
    ]) {
      await page.setViewportSize(viewport);
      await page.goto(url);
      await hydrated(page);
      // The work that hydration leaves (effects, the switch to the phone's layout) is done by the first idle callback.
      await page.evaluate(() => new Promise<void>((resolve) => requestIdleCallback(() => resolve())));
      const calls = await page.evaluate(() => (window as unknown as {portalLocaleCalls: string[]}).portalLocaleCalls);
      expect(calls, `${url} at ${viewport.width} px: calls that load locale data as the page starts`).toEqual([]);
    }
  });
}

for (const url of ['/docs/Technical%20Requirements', '/docs/luna', '/docs/SignBox%20User%20Manual']) {
  test(`${url} loads at most 200 KB of gzip JavaScript`, async ({page}) => {
    const scripts = await scriptsOf(page, url);
    const total = scripts.reduce((sum, s) => sum + s.gzip, 0);
    const listing = scripts
      .sort((a, b) => b.gzip - a.gzip)
      .map((s) => `${s.name}: ${(s.gzip / 1024).toFixed(1)} KB`)
      .join(', ');
    expect(total, `JS of ${url} is ${(total / 1024).toFixed(1)} KB gzip: ${listing}`).toBeLessThanOrEqual(
      DOC_PAGE_JS_BUDGET,
    );
  });
}

test('the home page is light: beyond the shell every page loads, its own scripts stay under 12 KB gzip', async ({
  page,
}) => {
  const scripts = await scriptsOf(page, '/');
  const shell = scripts.filter((s) => isStartupScript(s.name));
  expect(shell.map((s) => startupChunkOf(s.name)).sort()).toEqual([...STARTUP_CHUNKS].sort());
  const own = scripts.filter((s) => !shell.includes(s));
  const total = own.reduce((sum, s) => sum + s.gzip, 0);
  const listing = own.map((s) => `${s.name}: ${(s.gzip / 1024).toFixed(1)} KB`).join(', ');
  expect(total, `home page scripts beyond the shell: ${listing}`).toBeLessThanOrEqual(HOME_PAGE_OWN_JS_BUDGET);
});

for (const spec of apiSpecs) {
  test(`/api/${spec.id} loads no spec in its scripts, and only its own spec when the reader starts using it`, async ({
    page,
  }) => {
    test.setTimeout(240_000);
    const scripts = await scriptsOf(page, `/api/${spec.id}`);
    const offenders: string[] = [];
    for (const script of scripts) {
      for (const [specId, markers] of specMarkers) {
        const found = hasMarker(script, markers);
        if (found) offenders.push(`${script.name} contains data of ${specId} ("${found}")`);
      }
    }
    expect(offenders, 'spec data in the JavaScript of the page').toEqual([]);

    // The interactive reference fetches the page's own spec, as JSON, and no other.
    const specUrl = `/openapi/rendered/${spec.id}.json`;
    const specArrived = page.waitForResponse((response) => new URL(response.url()).pathname === specUrl, UNTIL_SIGNAL);
    await page.locator('.redocusaurus-static h1').first().click();
    // The upgrade of a large reference takes long on a busy runner (the container reference, 2.3 MB): it is
    // followed signal by signal, each within the bound. The upgrade started, the spec arrived, the
    // interactive reference replaced the static one.
    await expect(page.locator('[data-redoc-mode="upgrading"], [data-redoc-mode="interactive"]')).toBeAttached();
    await untilSignal(
      `the body of ${specUrl}`,
      specArrived.then((response) => response.finished()),
    );
    await expect(page.locator(`[data-redoc-mode="interactive"]`)).toBeVisible(REFERENCE_RENDER);
    const specRequests = await page.evaluate(() =>
      performance
        .getEntriesByType('resource')
        .map((entry) => new URL(entry.name).pathname)
        .filter((pathname) => pathname.startsWith('/openapi/')),
    );
    expect(specRequests).toEqual([`/openapi/rendered/${spec.id}.json`]);
  });
}

test(`the Try it console loads only when a reader presses Try it, and its chunk is at most ${TRY_IT_CONSOLE_BUDGET / 1024} KB gzip`, async ({
  page,
}) => {
  test.setTimeout(120_000);
  const spec = apiSpecs[0]!;
  const before = await scriptsOf(page, `/api/${spec.id}`);
  const early = before.filter((s) => s.content.includes(TRY_IT_CONSOLE_MARKER)).map((s) => s.name);
  expect(early, 'scripts that hold the console before any press').toEqual([]);

  const button = page.getByRole('button', {name: 'Try it', exact: true}).first();
  await expect(button).toBeVisible(UNTIL_SIGNAL);
  await button.click();
  await expect(page.getByRole('dialog').getByRole('button', {name: 'Send', exact: true})).toBeVisible(UNTIL_SIGNAL);
  const consoleScripts = (await loadedScripts(page)).filter((s) => s.content.includes(TRY_IT_CONSOLE_MARKER));
  expect(consoleScripts.map((s) => path.basename(s.name).replace(/\.[0-9a-f]+\.js$/, ''))).toEqual(['try-it-console']);
  const size = consoleScripts[0]!.gzip;
  expect(size, `the console chunk is ${(size / 1024).toFixed(1)} KB gzip`).toBeLessThanOrEqual(TRY_IT_CONSOLE_BUDGET);
  // The console fetched the request models of this API only.
  const models = await page.evaluate(() =>
    performance
      .getEntriesByType('resource')
      .map((entry) => new URL(entry.name).pathname)
      .filter((pathname) => pathname.startsWith('/openapi/try-it/')),
  );
  expect(models).toEqual([`/openapi/try-it/${spec.id}.json`]);
});
