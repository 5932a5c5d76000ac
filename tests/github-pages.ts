/**
 * GitHub Pages' answer to a request over a site folder, for the tests (Pages cannot be run locally). The rules are
 * those slorber/trailing-slash-guide measured on Pages (docs/Hosting-Providers.md, section "GitHub Pages", at
 * commit 9a184c7), for a site of file.html, folder/index.html, and both.html beside both/index.html:
 *
 *   /file 200        /file/ 404               /file.html 200
 *   /folder -> 301 /folder/   /folder/ 200    /folder/index.html 200
 *   /both 200        /both/ 200               /both.html 200      /both/index.html 200
 *
 * The guide does not say which file answers /both. It is both.html: /folder, which has no folder.html, redirects
 * to the folder and /both does not, so Pages tries <path>.html before it turns to a folder of that name. A path
 * with a trailing slash is only ever a folder's index.html (/file/ is a 404 although file.html exists).
 * Assumed, as the guide does not try them: a file is served at its own path whatever its name (/both.html, the
 * assets), and a folder without index.html is a 404 (Pages lists no folders).
 */
import fs from 'node:fs';
import path from 'node:path';

export type PagesAnswer = {status: 200; file: string} | {status: 301; location: string} | {status: 404};

const isFile = (file: string): boolean => fs.statSync(file, {throwIfNoEntry: false})?.isFile() ?? false;

/**
 * What Pages answers to `requestPath` (as a browser sends it: percent-encoded, no query) over the site in `root`:
 * the file it sends (relative to `root`, with `/`), the redirect's target, or its not-found answer.
 */
export function githubPagesAnswer(root: string, requestPath: string): PagesAnswer {
  const decoded = decodeURIComponent(requestPath);
  const served = (file: string): PagesAnswer => ({status: 200, file: file.replace(/^\/+/, '')});
  if (decoded.endsWith('/')) {
    return isFile(path.join(root, decoded, 'index.html')) ? served(`${decoded}index.html`) : {status: 404};
  }
  if (isFile(path.join(root, decoded))) return served(decoded);
  if (isFile(path.join(root, `${decoded}.html`))) return served(`${decoded}.html`);
  if (isFile(path.join(root, decoded, 'index.html'))) return {status: 301, location: `${requestPath}/`};
  return {status: 404};
}
