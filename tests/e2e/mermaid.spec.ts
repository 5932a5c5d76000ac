/**
 * Mermaid diagrams are drawn at build time (src/plugins/mermaid-prerender):
 * every ```mermaid block of a doc or blog post is an SVG in the page's HTML,
 * shown without any Mermaid JavaScript, with its text readable by find-in-page
 * and screen readers, and without a hydration error (the fixtures fail a test
 * on any console error).
 */
import fs from 'node:fs';
import path from 'node:path';
import type {Page, Response} from '@playwright/test';
import {DIAGRAM_MIN_SCALE} from '../../src/components/MermaidDiagram/minScale';
import {allDocIds, docUrl} from '../../src/config/docs';
import {expect, hydrated, test} from './fixtures';

const root = path.resolve(__dirname, '../..');

const countDiagrams = (file: string) => (fs.readFileSync(file, 'utf8').match(/^```mermaid\s*$/gm) ?? []).length;

const docsWithDiagrams = allDocIds
  .map((id) => {
    const file = ['.md', '.mdx'].map((ext) => path.join(root, 'docs', `${id}${ext}`)).find((f) => fs.existsSync(f))!;
    return {url: docUrl(id), diagrams: countDiagrams(file)};
  })
  .filter((page) => page.diagrams > 0);

const longPost = {
  url: '/blog/long-blog-post',
  diagrams: countDiagrams(path.join(root, 'blog/2025-03-10-long-blog-post.mdx')),
};

/** Smallest scale a diagram may be drawn at in the doc column (see the test below). */
const MIN_DIAGRAM_SCALE = 0.5;

/** A name of Mermaid's library API: present in its code, never in a diagram's SVG. */
const MERMAID_CODE_MARKER = 'mermaidAPI';

/**
 * Records the scripts a page receives from now on; `read()` stops recording and
 * returns their bodies. Bodies are read with the listener removed, so that a
 * script arriving late (idle-time prefetch) cannot outlive the test. A body the
 * browser no longer holds (it drops them from its buffer on a long page) is
 * fetched again: the scripts are content-hashed files, the same at every fetch.
 */
function recordScripts(page: Page): {read: () => Promise<{url: string; body: string}[]>} {
  const responses: Response[] = [];
  const collect = (response: Response) => {
    if (response.url().endsWith('.js')) responses.push(response);
  };
  page.on('response', collect);
  return {
    read: async () => {
      page.off('response', collect);
      return Promise.all(
        responses.map(async (response) => ({
          url: response.url(),
          body: await response.text().catch(async () => (await page.request.get(response.url())).text()),
        })),
      );
    },
  };
}

test('some docs and the long blog post have diagrams', () => {
  expect(docsWithDiagrams.length).toBeGreaterThan(5);
  expect(longPost.diagrams).toBeGreaterThan(0);
  expect(fs.readFileSync(path.join(root, 'node_modules/mermaid/dist/mermaid.core.mjs'), 'utf8')).toContain(
    MERMAID_CODE_MARKER,
  );
});

for (const page of [...docsWithDiagrams, longPost]) {
  test(`${page.url}: ${page.diagrams} diagram(s) are SVG in the HTML, with no Mermaid code loaded`, async ({
    page: browserPage,
    request,
  }) => {
    // In the server HTML, before any script runs.
    const html = await (await request.get(page.url)).text();
    expect(html.match(/<svg[^>]* id="?mermaid-/g) ?? []).toHaveLength(page.diagrams);
    expect(html).not.toMatch(/Syntax error in text|Parse error on line/);

    const recorder = recordScripts(browserPage);
    await browserPage.goto(page.url);
    await hydrated(browserPage);
    const diagrams = browserPage.getByTestId('mermaid-diagram');
    await expect(diagrams).toHaveCount(page.diagrams);
    for (const diagram of await diagrams.all()) {
      await diagram.scrollIntoViewIfNeeded();
      const box = await diagram.locator('svg').boundingBox();
      expect(box?.width).toBeGreaterThan(100);
      expect(box?.height).toBeGreaterThan(20);
      // Readable: a diagram wider than the column is scaled down to fit; at least half size keeps its
      // 16 px labels at 8 px or more (wide diagrams: wrap the messages, or lay them out top to bottom).
      const scale = await diagram.locator('svg').evaluate((svg: SVGSVGElement) => {
        const natural = svg.viewBox.baseVal.width;
        return natural > 0 ? svg.getBoundingClientRect().width / natural : 1;
      });
      const label = (await diagram.locator('svg').getAttribute('aria-roledescription')) ?? 'diagram';
      expect(scale, `${label} drawn at ${scale.toFixed(2)}x its size`).toBeGreaterThanOrEqual(MIN_DIAGRAM_SCALE);
      // Labels are text, not pixels.
      expect((await diagram.textContent())?.trim().length).toBeGreaterThan(0);
    }
    const scripts = await recorder.read();
    expect(scripts.length).toBeGreaterThan(0);
    expect(scripts.filter((script) => script.body.includes(MERMAID_CODE_MARKER)).map((script) => script.url)).toEqual(
      [],
    );
  });
}

test.describe('on a phone', () => {
  test.use({viewport: {width: 390, height: 844}});

  test('a wide diagram keeps a readable size and scrolls sideways in its box, from the keyboard too', async ({
    page,
  }) => {
    await page.goto(docUrl('Container and Signature Service'));
    await hydrated(page);
    const boxes = page.getByTestId('mermaid-diagram');
    expect(await boxes.count()).toBeGreaterThan(1);
    const drawn = await boxes.evaluateAll((all) =>
      all.map((box) => {
        const svg = box.querySelector('svg')!;
        return {
          scale: svg.getBoundingClientRect().width / svg.viewBox.baseVal.width,
          scrolls: box.scrollWidth > box.clientWidth + 1,
        };
      }),
    );
    for (const [i, {scale}] of drawn.entries()) {
      expect(scale, `diagram ${i + 1} drawn at ${scale.toFixed(2)}x`).toBeGreaterThanOrEqual(DIAGRAM_MIN_SCALE - 0.01);
    }
    // The page itself does not scroll sideways: the wide drawings scroll in their boxes.
    expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
    const wide = drawn.findIndex(({scrolls}) => scrolls);
    expect(wide, 'a diagram wider than the screen').toBeGreaterThanOrEqual(0);
    const box = boxes.nth(wide);
    await box.focus();
    await page.keyboard.press('ArrowRight');
    await expect.poll(() => box.evaluate((element) => element.scrollLeft)).toBeGreaterThan(0);
  });
});

test(
  'the diagrams are not in the JavaScript: a client-side navigation fetches them, and a failed fetch says so',
  {tag: '@nginx'},
  async ({page, problems}) => {
    const target = docsWithDiagrams.find((doc) => doc.url === '/docs/Archive%20Service')!;
    const sidebarLink = page.locator('.theme-doc-sidebar-container a', {hasText: /^Archive Service$/});
    const recorder = recordScripts(page);
    await page.goto('/docs/Technical%20Requirements');
    await hydrated(page);
    const diagramRequests: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes('/diagrams/')) diagramRequests.push(request.url());
    });
    // Client-side navigation (no page load: the marker survives); the diagrams come from /diagrams/<id>.svg.
    await page.evaluate(() => ((window as unknown as {stayed: boolean}).stayed = true));
    await sidebarLink.click();
    await expect(page.locator('h1')).toHaveText('Archive Service');
    const diagrams = page.getByTestId('mermaid-diagram');
    await expect(diagrams).toHaveCount(target.diagrams);
    for (const diagram of await diagrams.all()) await expect(diagram.locator('svg')).toBeVisible();
    expect(await page.evaluate(() => (window as unknown as {stayed?: boolean}).stayed)).toBe(true);
    expect(diagramRequests).toHaveLength(target.diagrams);
    const bodies = await recorder.read();
    expect(bodies.length).toBeGreaterThan(0);
    expect(bodies.filter((script) => /<svg id=\\?"mermaid-/.test(script.body)).map((script) => script.url)).toEqual([]);

    // The same navigation with the diagram files unavailable: a note with a link instead of an empty box.
    problems.allow.push(/Failed to load resource|net::ERR_FAILED/);
    await page.route('**/diagrams/*.svg', (route) => route.abort('failed'));
    await page.locator('.theme-doc-sidebar-container a', {hasText: /^Technical Requirements$/}).click();
    await expect(page.locator('h1')).toHaveText('Technical Requirements');
    await sidebarLink.click();
    await expect(page.locator('h1')).toHaveText('Archive Service');
    await expect(page.getByTestId('mermaid-diagram-error')).toHaveCount(target.diagrams);
    await expect(page.getByTestId('mermaid-diagram-error').first()).toContainText('The diagram could not be loaded');
  },
);
