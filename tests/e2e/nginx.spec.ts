/**
 * deploy/nginx/default.conf in a real nginx (the `nginx` project of
 * playwright.config.ts starts it over build/): statuses, redirects, caching,
 * compression and the security headers, checked with plain HTTP requests,
 * then the policy's effect in Chromium. The site's own tests tagged @nginx
 * (routes, deep links, search, API pages, Try it) run against the same server.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {gzipSync} from 'node:zlib';
import {apiSpecs} from '../../src/config/apiSpecs';
import {siteRedirects} from '../../src/config/docs';
import {refreshPages} from '../../src/lib/buildOutput';
import {collectScriptHashes} from '../../src/plugins/nginx-config';
import {SITE_DIR, startNginx} from '../nginx-server';
import {expect, hydrated, test} from './fixtures';
import {allPaths} from './routes';

test.describe.configure({mode: 'parallel'});

const base = () => {
  const url = process.env.PORTAL_NGINX_URL;
  if (!url)
    throw new Error('PORTAL_NGINX_URL is not set: run these tests through the nginx project of playwright.config.ts');
  return url;
};

/** One request as a browser would send it, without following redirects. */
async function get(pathname: string, headers: Record<string, string> = {}): Promise<Response> {
  return fetch(`${base()}${pathname}`, {redirect: 'manual', headers: {'accept-encoding': 'gzip', ...headers}});
}

const IMMUTABLE = 'public, max-age=31536000, immutable';

/** The headers every response carries, whatever its status. */
function expectSecurityHeaders(response: Response, what: string): void {
  const csp = response.headers.get('content-security-policy') ?? '';
  const directives = new Map(
    csp
      .split(';')
      .map((part) => part.trim().split(/\s+/))
      .filter((words) => words[0])
      .map(([name, ...values]) => [name!, values]),
  );
  expect(directives.get('default-src'), `${what}: default-src`).toEqual(["'self'"]);
  const scriptSrc = directives.get('script-src') ?? [];
  expect(scriptSrc[0], `${what}: script-src`).toBe("'self'");
  expect(
    scriptSrc.slice(1).every((source) => /^'sha256-[A-Za-z0-9+/]+=*'$/.test(source)),
    `${what}: script-src`,
  ).toBe(true);
  expect(csp, `${what}: no unsafe-eval anywhere`).not.toContain('unsafe-eval');
  expect(directives.get('frame-ancestors'), `${what}: frame-ancestors`).toEqual(["'none'"]);
  expect(directives.get('object-src'), `${what}: object-src`).toEqual(["'none'"]);
  expect(directives.get('base-uri'), `${what}: base-uri`).toEqual(["'self'"]);
  expect(response.headers.get('x-content-type-options'), what).toBe('nosniff');
  expect(response.headers.get('referrer-policy'), what).toBe('strict-origin-when-cross-origin');
  const permissions = response.headers.get('permissions-policy') ?? '';
  for (const feature of ['camera', 'microphone', 'geolocation', 'payment', 'usb']) {
    expect(permissions, `${what}: Permissions-Policy turns off ${feature}`).toContain(`${feature}=()`);
  }
  expect(response.headers.get('server'), `${what}: no version in Server`).toBe('nginx');
}

test.describe('HTTP', {tag: '@nginx'}, () => {
  test('every route answers 200 with HTML that is revalidated, compressed, and the security headers', async () => {
    for (const route of allPaths.filter((p) => p !== '/docs')) {
      const response = await get(route);
      expect(response.status, route).toBe(200);
      expect(response.headers.get('content-type'), route).toBe('text/html; charset=utf-8');
      expect(response.headers.get('cache-control'), route).toBe('no-cache');
      expect(response.headers.get('content-encoding'), route).toBe('gzip');
      // A page may be answered as HTML or as its Markdown twin (markdown-twins.spec.ts), so it varies on Accept too.
      expect(response.headers.get('vary'), route).toBe('Accept-Encoding, Accept');
      expectSecurityHeaders(response, route);
    }
  });

  test('/docs redirects to the first doc, as the static build does', async () => {
    for (const {from, to} of siteRedirects) {
      const response = await get(`${from}?from=test`);
      expect(response.status).toBe(302);
      expect(response.headers.get('location')).toBe(`${encodeURI(to)}?from=test`);
      expectSecurityHeaders(response, from);
    }
  });

  test('addresses ending in .html, /index.html or a slash redirect to the page without that ending', async () => {
    const cases: [string, string][] = [
      ['/docs/Archive%20Service.html', '/docs/Archive%20Service'],
      ['/docs/Archive%20Service.html?tab=1', '/docs/Archive%20Service?tab=1'],
      ['/docs/Archive%20Service/', '/docs/Archive%20Service'],
      ['/blog/index.html', '/blog'],
      ['/blog/welcome.html', '/blog/welcome'],
      ['/blog/', '/blog'],
      ['/index.html', '/'],
      ['/api/dmss-archive-service.html', '/api/dmss-archive-service'],
    ];
    for (const [from, to] of cases) {
      const response = await get(from);
      expect(response.status, from).toBe(301);
      // A path only: right behind a proxy or a port mapping.
      expect(response.headers.get('location'), from).toBe(to);
      expectSecurityHeaders(response, from);
    }
    // The canonical address itself is served, not redirected again.
    expect((await get('/docs/Archive%20Service')).status).toBe(200);
  });

  test('unknown paths answer 404 with the site’s not-found page', async () => {
    const notFoundPage = fs.readFileSync(path.join(SITE_DIR, 'build', '404.html'), 'utf8');
    for (const pathname of ['/no/such/page', '/docs/No%20Such%20Doc', '/404', '/404.html', '/.nojekyll', '/assets/']) {
      const response = await get(pathname, {'accept-encoding': 'identity'});
      const final =
        response.status === 301
          ? await get(response.headers.get('location')!, {'accept-encoding': 'identity'})
          : response;
      expect(final.status, pathname).toBe(404);
      expect(await final.text(), pathname).toBe(notFoundPage);
      expect(final.headers.get('cache-control'), pathname).toBe('no-cache');
      expectSecurityHeaders(final, pathname);
    }
  });

  test('hashed assets are cached for a year; the search index and the API descriptions are revalidated', async () => {
    const home = await (await get('/', {'accept-encoding': 'identity'})).text();
    // Stylesheets are linked; scripts are listed in the inline bundle loader.
    const assets = [...new Set(home.match(/\/assets\/[\w~./-]+\.(?:js|css)\b/g))];
    expect(assets.some((asset) => asset.endsWith('.js'))).toBe(true);
    expect(assets.some((asset) => asset.endsWith('.css'))).toBe(true);
    const diagram = fs.readdirSync(path.join(SITE_DIR, 'build', 'diagrams'))[0];
    for (const asset of [...assets, ...(diagram ? [`/diagrams/${diagram}`] : [])]) {
      const response = await get(asset);
      expect(response.status, asset).toBe(200);
      expect(response.headers.get('cache-control'), asset).toBe(IMMUTABLE);
      expectSecurityHeaders(response, asset);
    }
    const revalidated = [
      '/search/manifest.json',
      '/sitemap.xml',
      '/img/favicon.svg',
      ...apiSpecs.flatMap((spec) => [
        `/openapi/${spec.id}.yaml`,
        `/openapi/${spec.id}.json`,
        `/openapi/rendered/${spec.id}.json`,
        `/openapi/try-it/${spec.id}.json`,
      ]),
    ];
    for (const file of revalidated) {
      const response = await get(file);
      expect(response.status, file).toBe(200);
      expect(response.headers.get('cache-control'), file).toBe('no-cache');
      expect(response.headers.get('etag'), file).toBeTruthy();
    }
    const yaml = await get(`/openapi/${apiSpecs[0]!.id}.yaml`);
    expect(yaml.headers.get('content-type')).toBe('application/yaml; charset=utf-8');
    const etag = (await get('/search/manifest.json')).headers.get('etag')!;
    expect((await get('/search/manifest.json', {'if-none-match': etag})).status).toBe(304);
  });

  test('text is compressed: JSON and JavaScript on the fly, and a precompressed .gz is sent as it is', async () => {
    // The search index: large JSON (the manifest that names it is too small to be worth compressing).
    const {indexUrl} = JSON.parse(fs.readFileSync(path.join(SITE_DIR, 'build', 'search', 'manifest.json'), 'utf8')) as {
      indexUrl: string;
    };
    const json = await get(indexUrl);
    expect(json.headers.get('content-encoding')).toBe('gzip');
    expect((await get(indexUrl, {'accept-encoding': 'identity'})).headers.get('content-encoding')).toBeNull();

    // A second nginx over a site whose page has a .gz beside it with different text: that text must come back.
    const root = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-gzip-static-'));
    try {
      fs.writeFileSync(path.join(root, 'index.html'), '<!doctype html><title>home</title>');
      fs.writeFileSync(path.join(root, 'page.html'), 'compressed by nginx');
      fs.writeFileSync(path.join(root, 'page.html.gz'), gzipSync('precompressed at build time'));
      const server = await startNginx({root, sameBuild: false});
      try {
        const response = await fetch(`${server.url}/page`, {headers: {'accept-encoding': 'gzip'}});
        expect(response.headers.get('content-encoding')).toBe('gzip');
        expect(await response.text()).toBe('precompressed at build time');
      } finally {
        await server.stop();
      }
    } finally {
      fs.rmSync(root, {recursive: true, force: true});
    }
  });

  test('script-src lists exactly the inline scripts of the served build', async () => {
    const csp = (await get('/')).headers.get('content-security-policy')!;
    const listed = /script-src ([^;]+)/.exec(csp)![1]!.split(/\s+/).slice(1).sort();
    expect(listed).toEqual(collectScriptHashes(path.join(SITE_DIR, 'build'), refreshPages(siteRedirects)));
  });
});

test.describe('in Chromium under the policy', {tag: '@nginx'}, () => {
  test('the build’s inline scripts run: the bundle loader (hydration), colour mode and announcement bar', async ({
    page,
  }) => {
    await page.goto('/docs/Archive%20Service');
    await hydrated(page);
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'light');
    await expect(page.locator('html')).toHaveAttribute('data-announcement-bar-initially-dismissed', 'false');
  });

  test('script the build did not write does not run', async ({page, problems}) => {
    await page.goto('/');
    await hydrated(page);
    const ran = await page.evaluate(() => {
      const script = document.createElement('script');
      script.textContent = 'window.__injected = true;';
      document.body.append(script);
      return (window as {__injected?: boolean}).__injected === true;
    });
    expect(ran, 'an injected inline script ran').toBe(false);
    // The violation this test provoked, reported by the browser; nothing else.
    await expect.poll(() => problems.cspViolations.length).toBe(1);
    expect(problems.cspViolations[0]).toMatch(/inline script/i);
    problems.cspViolations.length = 0;
  });
});
