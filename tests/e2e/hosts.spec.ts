/**
 * Every route of the build answers 200 with its own page on every host the site is served from. The routes
 * are the build's pages (build/**\/*.html), so a new page is covered without a list to keep. The hosts:
 *
 * - the project's own server: `docusaurus serve` (project `serve`) and deploy/nginx/default.conf in a real nginx
 *   (project `nginx`, tag @nginx);
 * - `npx serve build`: serve 14.2.7 over build/, with the serve.json the build writes there
 *   (src/plugins/nginx-config/serve.ts), started here as tests/serve-server.ts does;
 * - GitHub Pages, by its rules (tests/github-pages.ts), as Pages cannot run here.
 *
 * "Its own page" is the page's file byte for byte, not only a 200: serve answers a folder listing with 200 too.
 * Left out: 404.html (answered with 404, checked in routes.spec.ts and nginx.spec.ts), and the refresh pages of
 * the site's redirects, which nginx answers with a redirect of its own (nginx.spec.ts).
 */
import fs from 'node:fs';
import path from 'node:path';
import type {APIRequestContext} from '@playwright/test';
import {siteRedirects} from '../../src/config/docs';
import {htmlFiles, pageRoute, refreshPages} from '../../src/lib/buildOutput';
import {githubPagesAnswer} from '../github-pages';
import {startServe} from '../serve-server';
import {expect, hydrated, test as base} from './fixtures';

const BUILD = path.resolve(__dirname, '../../build');

interface BuiltPage {
  route: string;
  /** The page's file, relative to build/ with `/`. */
  file: string;
}

function builtPages(): BuiltPage[] {
  if (!fs.existsSync(path.join(BUILD, 'index.html'))) throw new Error('build/ is missing: run `npm run build` first.');
  const skipped = new Set(['404.html', ...refreshPages(siteRedirects).map((file) => file.split(path.sep).join('/'))]);
  return htmlFiles(BUILD)
    .map((file) => ({route: pageRoute(BUILD, file), file: path.relative(BUILD, file).split(path.sep).join('/')}))
    .filter((page) => !skipped.has(page.file));
}

/** Where the page's file is also a folder's name: serve takes the dot of its last segment for an extension. */
const isFolderShadowed = ({route}: BuiltPage): boolean =>
  path.posix.extname(route) !== '' &&
  fs.statSync(path.join(BUILD, route), {throwIfNoEntry: false})?.isDirectory() === true;

/** Requests every page's route (following redirects) and lists those not answered with 200 and the page's file. */
async function notOwnPage(request: APIRequestContext, base: string): Promise<string[]> {
  const wrong: string[] = [];
  for (const page of builtPages()) {
    const response = await request.get(`${base}${encodeURI(page.route)}`);
    const body = await response.body();
    if (response.status() !== 200 || !body.equals(fs.readFileSync(path.join(BUILD, page.file)))) {
      const title = /<title[^>]*>([^<]*)/.exec(body.toString('utf8'))?.[1] ?? '(no title)';
      wrong.push(`${page.route}: ${response.status()} from ${response.url()}, "${title}" instead of ${page.file}`);
    }
  }
  return wrong;
}

/** serve 14.2.7 over build/, one per worker. */
const test = base.extend<object, {serveUrl: string}>({
  serveUrl: [
    // eslint-disable-next-line no-empty-pattern -- Playwright reads a fixture's dependencies from this pattern.
    async ({}, use) => {
      const server = await startServe(BUILD);
      await use(server.url);
      await server.stop();
    },
    {scope: 'worker'},
  ],
});

test('the build has pages to check, among them a dotted route with a folder beside it', () => {
  const pages = builtPages();
  expect(pages.length).toBeGreaterThan(40);
  expect(pages.filter(isFolderShadowed).map((page) => page.route)).toContain('/api/padsign-2.0-server');
});

test(
  'every route of the build answers 200 with its own page (docusaurus serve; nginx)',
  {tag: '@nginx'},
  async ({request, baseURL}) => {
    expect(await notOwnPage(request, baseURL!)).toEqual([]);
  },
);

test('every route of the build answers 200 with its own page under npx serve', async ({request, serveUrl}) => {
  expect(await notOwnPage(request, serveUrl)).toEqual([]);
});

test('every route of the build is its own page under GitHub Pages’ rules', () => {
  const wrong = builtPages()
    .map((page) => ({page, answer: githubPagesAnswer(BUILD, encodeURI(page.route))}))
    .filter(({page, answer}) => answer.status !== 200 || answer.file !== page.file)
    .map(({page, answer}) => `${page.route}: ${JSON.stringify(answer)} instead of ${page.file}`);
  expect(wrong).toEqual([]);
});

test('under npx serve, a dotted route with a folder beside it shows and hydrates its own page', async ({
  page,
  serveUrl,
}) => {
  const shadowed = builtPages().filter(isFolderShadowed);
  expect(shadowed.length).toBeGreaterThan(0);
  for (const built of shadowed) {
    const html = fs.readFileSync(path.join(BUILD, built.file), 'utf8');
    const title = /<title[^>]*>([^<]*)/
      .exec(html)![1]!
      .replace(/&amp;/g, '&')
      .replace(/&quot;/g, '"');
    const response = await page.goto(`${serveUrl}${encodeURI(built.route)}`);
    expect(response?.status(), built.route).toBe(200);
    await expect(page).toHaveTitle(title);
    await hydrated(page);
    await expect(page.locator('h1').first()).toBeVisible();
    await expect(page.getByRole('heading', {name: 'Page Not Found'})).toHaveCount(0);
  }
});
