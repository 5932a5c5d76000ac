/**
 * The page template the site config gives Docusaurus (`ssrTemplate`, made by the patch table's
 * `pageTemplate`), compiled by Docusaurus's own template compiler as the build does, and its script
 * loader run against a minimal fake DOM.
 */
import vm from 'node:vm';
import {describe, expect, it} from 'vitest';
import {compileSSGTemplate} from '@docusaurus/core/lib/ssg/ssgTemplate';
import config from '../../docusaurus.config';
import {FIRST_PAINT_TIMEOUT_MS, PAGE_SCRIPTS_ID, SCRIPT_FAILURE_BANNER_ID} from '../../src/config/pageLoader';

const data = {
  appHtml: '<main><p>Server-rendered text</p></main>',
  baseUrl: '/',
  htmlAttributes: 'lang="en"',
  bodyAttributes: '',
  headTags: '<title>Page</title>',
  preBodyTags: '',
  postBodyTags: '',
  metaAttributes: ['<meta name="description" content="d">'],
  scripts: ['assets/js/runtime~main.1.js', 'assets/js/main.2.js'],
  stylesheets: ['assets/css/styles.3.css'],
  noIndex: false,
  version: '3.10.2',
};

async function render(overrides: Partial<typeof data> = {}): Promise<string> {
  if (config.ssrTemplate === undefined) throw new Error('the site config sets no ssrTemplate');
  const template = await compileSSGTemplate(config.ssrTemplate);
  return template({...data, ...overrides});
}

function loaderOf(html: string): string {
  const match = /<script>(\(function \(d, w, baseUrl\)[\s\S]*?)<\/script>/.exec(html);
  if (!match) throw new Error('no loader script in the rendered page');
  return match[1]!;
}

/** The text of the data block that lists the page's bundles for the loader. */
function pageScriptsOf(html: string): string {
  const match = new RegExp(`<script type="application/json" id="${PAGE_SCRIPTS_ID}">([^<]*)</script>`).exec(html);
  if (!match) throw new Error('no list of bundles in the rendered page');
  return match[1]!;
}

/** What the loader runs against: its own text and the page's data block. */
function loaderPage(html: string): {source: string; list: string} {
  return {source: loaderOf(html), list: pageScriptsOf(html)};
}

interface FakeElement {
  tag: string;
  id?: string;
  src?: string;
  async?: boolean;
  textContent?: string;
  children: FakeElement[];
  style: {cssText?: string; fontWeight?: string};
  attributes: Record<string, string>;
  onerror?: (event: {target: FakeElement}) => void;
  appendChild(child: FakeElement): void;
  setAttribute(name: string, value: string): void;
}

function element(tag: string): FakeElement {
  return {
    tag,
    children: [],
    style: {},
    attributes: {},
    appendChild(child) {
      this.children.push(child);
    },
    setAttribute(name, value) {
      this.attributes[name] = value;
    },
  };
}

/** Runs the loader in a sandbox; returns the fake body and the pending timers and observers. */
function runLoader(
  {source, list}: {source: string; list: string},
  {visibility = 'visible', paintSupported = true} = {},
) {
  const body = element('body');
  const inserted: FakeElement[] = [];
  const timers: {run: () => void; ms: number}[] = [];
  const frames: (() => void)[] = [];
  const observers: {callback: (list: unknown) => void; disconnected: boolean}[] = [];
  class FakeObserver {
    static supportedEntryTypes = paintSupported ? ['paint', 'resource'] : ['resource'];
    record = {callback: (_list: unknown) => undefined as void, disconnected: false};
    constructor(callback: (list: unknown) => void) {
      this.record.callback = callback;
      observers.push(this.record);
    }
    observe() {}
    disconnect() {
      this.record.disconnected = true;
    }
  }
  Object.assign(body, {
    insertBefore(child: FakeElement) {
      inserted.push(child);
    },
    firstChild: null,
  });
  const document = {
    visibilityState: visibility,
    body,
    createElement: element,
    getElementById: (id: string) => (id === PAGE_SCRIPTS_ID ? {textContent: list} : null),
  };
  const window = {requestAnimationFrame: (run: () => void) => frames.push(run), PerformanceObserver: FakeObserver};
  vm.runInNewContext(source, {
    document,
    window,
    PerformanceObserver: FakeObserver,
    setTimeout: (run: () => void, ms: number) => timers.push({run, ms}),
  });
  const scripts = () => body.children.filter((child) => child.tag === 'script');
  const paint = (name: string) =>
    observers.forEach((observer) =>
      observer.callback({getEntriesByName: (wanted: string) => (wanted === name ? [{name}] : [])}),
    );
  return {body, inserted, timers, frames, observers, scripts, paint};
}

describe('page template', () => {
  it("turns Docusaurus's base-URL banner off (the loader reports failures)", () => {
    expect(config.baseUrlIssueBanner).toBe(false);
  });

  it('renders the page with its stylesheet in the head and no script tag that loads a bundle', async () => {
    const html = await render();
    expect(html).toContain('<link rel="stylesheet" href="/assets/css/styles.3.css" />');
    expect(html).toContain('<div id="__docusaurus"><main><p>Server-rendered text</p></main></div>');
    expect(html).not.toMatch(/<script[^>]*\ssrc=/);
    expect(JSON.parse(pageScriptsOf(html))).toEqual(['/assets/js/runtime~main.1.js', '/assets/js/main.2.js']);
    expect(loaderOf(html)).toContain('})(document, window, "/");');
  });

  it("lists each page's bundles in a data block, so the loader's text is the same on every page", async () => {
    const plain = await render();
    const withRoute = await render({scripts: [...data.scripts, 'assets/js/abc123.4.js']});
    expect(loaderOf(withRoute)).toBe(loaderOf(plain));
    expect(JSON.parse(pageScriptsOf(withRoute))).toEqual([
      '/assets/js/runtime~main.1.js',
      '/assets/js/main.2.js',
      '/assets/js/abc123.4.js',
    ]);
  });

  it('escapes "<" in the values it writes into the inline scripts', async () => {
    const html = await render({baseUrl: '/</script><x>/', scripts: ['a.js']});
    expect(loaderOf(html)).not.toContain('</script>');
    expect(loaderOf(html)).toContain('"/\\u003c/script>\\u003cx>/"');
    expect(pageScriptsOf(html)).toBe('["/\\u003c/script>\\u003cx>/a.js"]');
  });
});

describe('script loader', () => {
  it('adds the bundles in order, not async, once the first contentful paint is reported', async () => {
    const run = runLoader(loaderPage(await render()));
    expect(run.scripts()).toEqual([]);
    run.paint('first-paint');
    expect(run.scripts()).toEqual([]);
    run.paint('first-contentful-paint');
    expect(run.scripts().map((script) => [script.src, script.async])).toEqual([
      ['/assets/js/runtime~main.1.js', false],
      ['/assets/js/main.2.js', false],
    ]);
    expect(run.observers[0]!.disconnected).toBe(true);
    // The timeout that follows adds nothing twice.
    for (const timer of run.timers) timer.run();
    expect(run.scripts()).toHaveLength(2);
  });

  it('starts after a timeout when no paint is reported', async () => {
    const run = runLoader(loaderPage(await render()));
    expect(run.timers.map((timer) => timer.ms)).toEqual([FIRST_PAINT_TIMEOUT_MS]);
    run.timers[0]!.run();
    expect(run.scripts()).toHaveLength(2);
  });

  it('starts at once in a hidden tab, and after the next frame where paint timing is unsupported', async () => {
    const loader = loaderPage(await render());
    expect(runLoader(loader, {visibility: 'hidden'}).scripts()).toHaveLength(2);
    const old = runLoader(loader, {paintSupported: false});
    expect(old.scripts()).toHaveLength(0);
    old.frames.forEach((frame) => frame());
    old.timers.forEach((timer) => timer.run());
    expect(old.scripts()).toHaveLength(2);
  });

  it('shows one warning banner naming the missing bundle and the base URL when a bundle fails', async () => {
    const run = runLoader(loaderPage(await render()), {visibility: 'hidden'});
    const [runtime, main] = run.scripts();
    main!.onerror!({target: main!});
    runtime!.onerror!({target: runtime!});
    expect(run.inserted).toHaveLength(1);
    const banner = run.inserted[0]!;
    expect(banner.id).toBe(SCRIPT_FAILURE_BANNER_ID);
    expect(banner.attributes.role).toBe('alert');
    const text = banner.children.map((child) => child.textContent).join(' ');
    expect(text).toContain('/assets/js/main.2.js');
    expect(text).toContain('baseUrl');
    expect(text).toContain('(configured: /)');
  });
});
