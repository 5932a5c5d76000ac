/**
 * The built site on disk (Node only): the HTML pages of a build folder and
 * their routes, for the build plugins that read the pages after a build
 * (mermaid-prerender, nginx-config, ascii-pages) and the tests that walk them.
 */
import fs from 'node:fs';
import path from 'node:path';

/** Every .html file under `dir`, as absolute paths, sorted. */
export function htmlFiles(dir: string): string[] {
  return fs
    .readdirSync(dir, {recursive: true, encoding: 'utf8'})
    .filter((file) => file.endsWith('.html'))
    .map((file) => path.join(dir, file))
    .sort();
}

/** The route of a built page: `build/docs/Archive Service.html` -> `/docs/Archive Service`, `build/blog/index.html` -> `/blog`. */
export function pageRoute(dir: string, file: string): string {
  const relative = path.relative(dir, file).split(path.sep).join('/');
  return `/${relative.replace(/(^|\/)index\.html$/, '').replace(/\.html$/, '')}`.replace(/\/$/, '') || '/';
}

/** A redirect of the site (`from` and `to` are routes); the static build writes a refresh page for each. */
export interface SiteRedirect {
  from: string;
  to: string;
}

/** The refresh pages the static build writes for `redirects`, relative to the output directory. */
export const refreshPages = (redirects: readonly SiteRedirect[]): string[] =>
  redirects.flatMap(({from}) => {
    const route = decodeURI(from).slice(1);
    return [`${route}.html`, path.join(route, 'index.html')];
  });
