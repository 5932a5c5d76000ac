/**
 * Crawls every built page (build/**\/*.html) and checks each internal link:
 * the target page exists and, when the link has a #fragment, the target page
 * has an element with that id. Redoc pages are server-rendered, so their
 * operation anchors are in the HTML too.
 */
import fs from 'node:fs';
import path from 'node:path';
import {expect, test} from '@playwright/test';
import {htmlFiles, pageRoute} from '../../src/lib/buildOutput';

const buildDir = path.resolve(__dirname, '../../build');

const decodeEntities = (value: string) =>
  value
    .replace(/&amp;/g, '&')
    .replace(/&quot;/g, '"')
    .replace(/&#x27;/g, "'")
    .replace(/&#39;/g, "'");

test('no built page links to a missing page or anchor', () => {
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
  const broken: string[] = [];
  let checked = 0;
  for (const [route, html] of pages) {
    if (route === '/404') continue;
    // Minified HTML: attribute values may be quoted or not.
    for (const match of html.matchAll(/<a\s[^>]*?href=(?:"([^"]*)"|([^\s>"]+))/g)) {
      const href = decodeEntities(match[1] ?? match[2]!);
      if (!href.startsWith('/') || href.startsWith('//')) continue;
      const url = new URL(href, 'http://portal.local');
      const target = decodeURIComponent(url.pathname).replace(/\/$/, '') || '/';
      checked += 1;
      if (!pages.has(target)) {
        if (!staticFiles.has(decodeURIComponent(url.pathname))) broken.push(`${route} -> ${href} (no such page)`);
        continue;
      }
      const fragment = decodeURIComponent(url.hash.slice(1));
      if (fragment && !idsOf(target).has(fragment))
        broken.push(`${route} -> ${href} (no element with id "${fragment}")`);
    }
  }
  expect(checked).toBeGreaterThan(200);
  expect(broken).toEqual([]);
});
