/**
 * Crawls every built page (build/**\/*.html) and checks each internal link:
 * the target page exists and, when the link has a #fragment, the target page
 * has an element with that id. Redoc pages are server-rendered, so their
 * operation anchors are in the HTML too. The site search's results are checked
 * the same way.
 */
import fs from 'node:fs';
import path from 'node:path';
import {expect, test} from '@playwright/test';
import {htmlFiles, pageRoute} from '../../src/lib/buildOutput';
import type {SerializedSearchIndex} from '../../src/lib/search/engine';
import {SEARCH_MANIFEST_URL, type SearchManifest} from '../../src/lib/search/urls';

const buildDir = path.resolve(__dirname, '../../build');

const decodeEntities = (value: string) =>
  value
    .replace(/&amp;/g, '&')
    .replace(/&quot;/g, '"')
    .replace(/&#x27;/g, "'")
    .replace(/&#39;/g, "'");

/** The built pages by route, the static files, and each page's element ids. */
function readBuiltSite() {
  expect(fs.existsSync(buildDir), 'run `npm run build` first').toBe(true);
  const pages = new Map<string, string>();
  for (const file of htmlFiles(buildDir)) pages.set(pageRoute(buildDir, file), fs.readFileSync(file, 'utf8'));
  const staticFiles = new Set<string>();
  const collectStatic = (dir: string) => {
    for (const entry of fs.readdirSync(dir, {withFileTypes: true})) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) collectStatic(full);
      else staticFiles.add(`/${path.relative(buildDir, full).split(path.sep).join('/')}`);
    }
  };
  collectStatic(buildDir);
  const idCache = new Map<string, Set<string>>();
  const idsOf = (route: string) => {
    let ids = idCache.get(route);
    if (!ids) {
      ids = new Set(
        [...pages.get(route)!.matchAll(/\sid=(?:"([^"]*)"|([^\s>"]+))/g)].map((m) => decodeEntities(m[1] ?? m[2]!)),
      );
      idCache.set(route, ids);
    }
    return ids;
  };
  /** What is wrong with a link to `href` (a path of the site), or ''. */
  const problem = (href: string): string => {
    const url = new URL(href, 'http://portal.local');
    const target = decodeURIComponent(url.pathname).replace(/\/$/, '') || '/';
    if (!pages.has(target)) return staticFiles.has(decodeURIComponent(url.pathname)) ? '' : 'no such page';
    const fragment = decodeURIComponent(url.hash.slice(1));
    return fragment && !idsOf(target).has(fragment) ? `no element with id "${fragment}"` : '';
  };
  return {pages, problem};
}

let site: ReturnType<typeof readBuiltSite> | undefined;
/** The built site, read once for both tests of a worker (the pages are several megabytes). */
const builtSite = () => (site ??= readBuiltSite());

test('no built page links to a missing page or anchor', () => {
  const {pages, problem} = builtSite();
  const broken: string[] = [];
  let checked = 0;
  for (const [route, html] of pages) {
    if (route === '/404') continue;
    // Minified HTML: attribute values may be quoted or not.
    for (const match of html.matchAll(/<a\s[^>]*?href=(?:"([^"]*)"|([^\s>"]+))/g)) {
      const href = decodeEntities(match[1] ?? match[2]!);
      if (!href.startsWith('/') || href.startsWith('//')) continue;
      checked += 1;
      const wrong = problem(href);
      if (wrong) broken.push(`${route} -> ${href} (${wrong})`);
    }
  }
  expect(checked).toBeGreaterThan(200);
  expect(broken).toEqual([]);
});

// The search's records are made from the sources (a doc's headings read again to find their anchors), not from the
// built pages: each result must still open a page that exists, at an element that exists.
test('every result of the site search links to a page and an anchor that exist', () => {
  const {problem} = builtSite();
  const manifest = JSON.parse(fs.readFileSync(path.join(buildDir, SEARCH_MANIFEST_URL), 'utf8')) as SearchManifest;
  const index = JSON.parse(fs.readFileSync(path.join(buildDir, manifest.indexUrl), 'utf8')) as SerializedSearchIndex;
  const stored = (index.index as {storedFields: Record<string, {url?: string}>}).storedFields;
  const urls = Object.values(stored).map((fields) => fields.url!);
  expect(urls.length).toBe(manifest.count);
  const broken = urls.flatMap((url) => {
    const wrong = problem(url);
    return wrong ? [`${url} (${wrong})`] : [];
  });
  expect(broken).toEqual([]);
});
