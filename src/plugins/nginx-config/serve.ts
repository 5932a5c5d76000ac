/**
 * `serve.json` for `npx serve build` (the `serve` package, which reads it from the folder it serves).
 *
 * serve 14.2.7 answers most routes of the build with their `<route>.html` (its clean URLs), except a route
 * whose last segment has a dot (`/api/padsign-2.0-server`) while a folder of that name is beside the page
 * (`api/padsign-2.0-server/`, holding the route's sub-pages and Markdown twins). Its serve-handler (6.1.7)
 * takes the dot for a file extension, finds the folder, and lists the folder's files instead of looking for
 * the page; only its redirects are checked before that. So each such route gets a temporary redirect to its
 * page's file (`/api/padsign-2.0-server.html`), which is then served as it is: those files are left out of
 * the clean-URL redirect that would send the request back to the route. Docusaurus's client router strips
 * `.html` before it matches a route (normalizeLocation), so the page hydrates as the route's own.
 *
 * Temporary (302), so no browser keeps it: `docusaurus serve` on the same port answers `<route>.html` with
 * a permanent redirect to `<route>`, and a remembered permanent redirect back would make a loop.
 */
import fs from 'node:fs';
import path from 'node:path';

/** A route of the build that serve would answer with a folder listing, and the file of its page. */
export interface FolderShadowedRoute {
  /** The route, as Docusaurus lists it (decoded: `/docs/PadSign 2.0`). */
  route: string;
  /** The page's file, as a site path (`/api/padsign-2.0-server.html`). */
  page: string;
}

/** The part of serve.json's schema used here (serve validates the file and refuses unknown keys). */
export interface ServeConfig {
  redirects?: {source: string; destination: string; type: number}[];
  cleanUrls?: string[];
}

/**
 * Characters that serve's path patterns (path-to-regexp for redirects, minimatch with braces for cleanUrls)
 * read as syntax. A shadowed route holding one fails the build instead of getting a rule that matches
 * something else.
 */
const PATTERN_SYNTAX = /[*?()[\]{}:+!@#,\\]/;

const isFile = (file: string): boolean => fs.statSync(file, {throwIfNoEntry: false})?.isFile() ?? false;
const isFolder = (file: string): boolean => fs.statSync(file, {throwIfNoEntry: false})?.isDirectory() ?? false;

/**
 * The routes among `routesPaths` whose last segment has a dot and that are a folder in `outDir`, with their
 * page: `<route>.html`, or `<route>/index.html` for a route written as a folder.
 */
export function folderShadowedRoutes(outDir: string, routesPaths: readonly string[]): FolderShadowedRoute[] {
  const found: FolderShadowedRoute[] = [];
  for (const route of [...new Set(routesPaths)].sort()) {
    const trimmed = route.replace(/\/+$/, '');
    // path.extname is what serve-handler tests: '.0-server' for 'padsign-2.0-server'.
    if (!trimmed || path.posix.extname(trimmed) === '' || !isFolder(path.join(outDir, trimmed))) continue;
    const page = [`${trimmed}.html`, `${trimmed}/index.html`].find((file) => isFile(path.join(outDir, file)));
    if (!page) continue;
    if (PATTERN_SYNTAX.test(trimmed)) {
      throw new Error(
        `Route ${route}: its last segment has a dot and a folder of that name is beside its page, so \`npx serve\` ` +
          'needs a redirect for it (src/plugins/nginx-config/serve.ts), but the route holds characters that ' +
          "serve's path patterns read as syntax. Rename the route or the folder.",
      );
    }
    found.push({route: trimmed, page});
  }
  return found;
}

/** serve.json for those routes; `{}` (serve's defaults) when there are none. */
export function serveConfig(routes: readonly FolderShadowedRoute[]): ServeConfig {
  if (routes.length === 0) return {};
  // One negated pattern: serve applies clean URLs when any pattern of the list matches, so a list of
  // several negations would match every path. Without the leading slash, which serve adds to the whole
  // pattern and a brace list would otherwise double.
  const pages = routes.map(({page}) => page.slice(1));
  return {
    redirects: routes.map(({route, page}) => ({source: route, destination: page, type: 302})),
    cleanUrls: [pages.length === 1 ? `!${pages[0]}` : `!{${pages.join(',')}}`],
  };
}
