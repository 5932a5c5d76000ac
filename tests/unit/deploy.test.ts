/**
 * Production hosting in configuration: the build's nginx includes (inline
 * script hashes for the CSP, redirects), the Dockerfile, the deploy workflow
 * and the paths they share with deploy/nginx/default.conf. The nginx end-to-end
 * run (tests/e2e/nginx.spec.ts) checks the served behaviour. Also the build's
 * serve.json, under a real `serve` over a small site, and the GitHub Pages rules
 * the end-to-end tests check the build against (tests/e2e/hosts.spec.ts).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {describe, expect, it} from 'vitest';
import {parse} from 'yaml';
import {builtFrom, collectScriptHashes, redirectsConf, scriptHashesConf} from '../../src/plugins/nginx-config';
import {inlineScripts, scriptHash, unhashableScript} from '../../src/plugins/nginx-config/scripts';
import {folderShadowedRoutes, serveConfig} from '../../src/plugins/nginx-config/serve';
import {githubPagesAnswer} from '../github-pages';
import {checkIncludes, IMAGE_PATHS, localSiteConf, SITE_DIR} from '../nginx-server';
import {startServe} from '../serve-server';

const root = path.resolve(__dirname, '../..');
const read = (file: string) => fs.readFileSync(path.join(root, file), 'utf8');

describe('inline script hashes', () => {
  it('hash the exact text of the script, as CSP does', () => {
    // Known value: printf 'alert(1)' | openssl dgst -sha256 -binary | base64
    expect(scriptHash('alert(1)')).toBe("'sha256-bhHHL3z2vDgxUt0W3dWQOrprscmda2Y5pLsLg4GF+pI='");
  });

  it('take the scripts a browser runs, and leave out external and data scripts', () => {
    const html = [
      '<script>one()</script>',
      '<SCRIPT type="module">two()</SCRIPT >',
      '<script type=text/javascript>three()</script>',
      '<script src="/assets/js/main.js"></script>',
      '<script type="application/ld+json">{"@type":"WebSite"}</script>',
      '<script defer src=/a.js>ignored()</script>',
    ].join('');
    expect(inlineScripts(html)).toEqual(['one()', 'two()', 'three()']);
  });

  it('find script that no hash can allow', () => {
    expect(unhashableScript('<button onclick="go()">Go</button>')).toEqual(['an inline onclick handler']);
    expect(unhashableScript('<a href="javascript:void(0)">x</a>')).toEqual(['a javascript: URL']);
    expect(unhashableScript('<script>if (a.onclick = b) {}</script><p>online</p>')).toEqual([]);
  });

  it('fail the build naming the page, and leave out the refresh pages of redirects', () => {
    const outDir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-hashes-'));
    try {
      fs.mkdirSync(path.join(outDir, 'docs'));
      fs.writeFileSync(path.join(outDir, 'index.html'), '<script>a()</script><script>b()</script>');
      fs.writeFileSync(path.join(outDir, 'docs', 'page.html'), '<script>a()</script>');
      fs.writeFileSync(path.join(outDir, 'docs', 'index.html'), '<script>refresh()</script>');
      expect(collectScriptHashes(outDir, ['docs/index.html'])).toEqual([scriptHash('a()'), scriptHash('b()')].sort());
      fs.writeFileSync(path.join(outDir, 'docs', 'bad.html'), '<img src=x onerror="steal()">');
      expect(() => collectScriptHashes(outDir)).toThrow(/docs[/\\]bad\.html: an inline onerror handler/);
    } finally {
      fs.rmSync(outDir, {recursive: true, force: true});
    }
  });

  it('are written as an nginx map for the CSP header', () => {
    expect(scriptHashesConf(["'sha256-a='", "'sha256-b='"])).toContain(
      `map $host $portal_csp_script_hashes {\n    default "'sha256-a=' 'sha256-b='";\n}`,
    );
  });

  it('name the build they were written from, and the nginx tests refuse the includes of another build', () => {
    expect(builtFrom(scriptHashesConf([], 'build-scale'))).toBe('build-scale');
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-includes-'));
    const site = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-build-'));
    try {
      fs.writeFileSync(path.join(site, 'index.html'), '<!doctype html>');
      const ownBuild = path.relative(SITE_DIR, site);
      fs.writeFileSync(path.join(dir, 'csp-script-hashes.conf'), scriptHashesConf([], ownBuild));
      expect(() => checkIncludes(site, dir)).not.toThrow();
      fs.writeFileSync(path.join(dir, 'csp-script-hashes.conf'), scriptHashesConf([], 'build-scale'));
      expect(() => checkIncludes(site, dir)).toThrow(
        /written by the build of build-scale, not of .*run `npm run build`/,
      );
    } finally {
      fs.rmSync(dir, {recursive: true, force: true});
      fs.rmSync(site, {recursive: true, force: true});
    }
  });
});

describe('redirects for nginx', () => {
  it('are temporary, encoded, and keep the query', () => {
    expect(redirectsConf([{from: '/docs', to: '/docs/Technical Requirements'}])).toContain(
      'location = "/docs" {\n    return 302 /docs/Technical%20Requirements$is_args$args;\n}',
    );
  });

  it('accept site paths only', () => {
    expect(() => redirectsConf([{from: 'docs', to: '/x'}])).toThrow(/must be site paths/);
  });
});

/** Writes `files` (path -> text) into a new temporary folder and returns it. */
function siteOf(files: Record<string, string>): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-site-'));
  for (const [file, text] of Object.entries(files)) {
    fs.mkdirSync(path.dirname(path.join(dir, file)), {recursive: true});
    fs.writeFileSync(path.join(dir, file), text);
  }
  return dir;
}

describe('serve.json for npx serve', () => {
  // Each page's text is its own file name, so an answer shows which file it came from.
  const pages = [
    'index.html',
    'api/padsign-2.0-server.html',
    'api/padsign-2.0-server/changes.html',
    'api/plain.html',
    'api/plain/changes.html',
    'docs/Guide 1.5.html',
    'notes/Release 3.1.html',
    'notes/Release 3.1/details.html',
    'ref/v1.2/index.html',
    'ref/v1.2/other.html',
  ];
  const routes = [
    '/',
    '/api/padsign-2.0-server',
    '/api/padsign-2.0-server/changes',
    '/api/plain',
    '/api/plain/changes',
    '/docs/Guide 1.5',
    '/notes/Release 3.1',
    '/notes/Release 3.1/details',
    '/ref/v1.2/',
    '/ref/v1.2/other',
  ];
  const files = () => ({
    ...Object.fromEntries(pages.map((page) => [page, page])),
    'api/padsign-2.0-server/createUser.md': 'twin',
    '404.html': 'not found',
  });
  const ownPage = (route: string) =>
    pages.find((page) => [`${route}.html`, `${route}index.html`, `${route}/index.html`].includes(`/${page}`));

  it('redirects the routes with a dot in their last segment and a folder beside them to their page', () => {
    const site = siteOf(files());
    try {
      const shadowed = folderShadowedRoutes(site, routes);
      expect(shadowed).toEqual([
        {route: '/api/padsign-2.0-server', page: '/api/padsign-2.0-server.html'},
        {route: '/notes/Release 3.1', page: '/notes/Release 3.1.html'},
        {route: '/ref/v1.2', page: '/ref/v1.2/index.html'},
      ]);
      expect(serveConfig(shadowed)).toEqual({
        redirects: shadowed.map(({route, page}) => ({source: route, destination: page, type: 302})),
        cleanUrls: ['!{api/padsign-2.0-server.html,notes/Release 3.1.html,ref/v1.2/index.html}'],
      });
      expect(serveConfig(shadowed.slice(0, 1)).cleanUrls).toEqual(['!api/padsign-2.0-server.html']);
      expect(serveConfig([])).toEqual({});
    } finally {
      fs.rmSync(site, {recursive: true, force: true});
    }
  });

  it('refuses a route serve’s path patterns would misread', () => {
    const site = siteOf({'api/v(2).0.html': 'page', 'api/v(2).0/changes.html': 'sub'});
    try {
      expect(() => folderShadowedRoutes(site, ['/api/v(2).0'])).toThrow(/Route \/api\/v\(2\)\.0: .*Rename/);
    } finally {
      fs.rmSync(site, {recursive: true, force: true});
    }
  });

  it('under serve 14.2.7, every route answers 200 with its own page, and other .html addresses stay clean', async () => {
    const site = siteOf(files());
    const answers = async (url: string) =>
      Promise.all(
        routes.map(async (route) => {
          const response = await fetch(`${url}${encodeURI(route)}`);
          return `${route}: ${response.status} ${(await response.text()).slice(0, 400)}`;
        }),
      );
    const expected = routes.map((route) => `${route}: 200 ${ownPage(route)}`);
    try {
      // Without serve.json, serve lists the folders of the dotted routes instead (with status 200).
      let server = await startServe(site);
      try {
        const without = await answers(server.url);
        expect(routes.filter((route, index) => without[index] !== expected[index])).toEqual([
          '/api/padsign-2.0-server',
          '/notes/Release 3.1',
          '/ref/v1.2/',
        ]);
        expect(without[1]).toMatch(/^\/api\/padsign-2\.0-server: 200 .*Files within/s);
      } finally {
        await server.stop();
      }
      fs.writeFileSync(path.join(site, 'serve.json'), JSON.stringify(serveConfig(folderShadowedRoutes(site, routes))));
      server = await startServe(site);
      try {
        expect(await answers(server.url)).toEqual(expected);
        const plain = await fetch(`${server.url}/api/plain.html`, {redirect: 'manual'});
        expect([plain.status, plain.headers.get('location')]).toEqual([301, '/api/plain']);
        const twin = await fetch(`${server.url}/api/padsign-2.0-server/createUser.md`);
        expect([twin.status, await twin.text()]).toEqual([200, 'twin']);
      } finally {
        await server.stop();
      }
    } finally {
      fs.rmSync(site, {recursive: true, force: true});
    }
  });
});

describe('GitHub Pages rules (tests/github-pages.ts)', () => {
  it('answer the trailing-slash guide’s site as the guide measured on Pages', () => {
    const site = siteOf({
      'file.html': 'file.html',
      'folder/index.html': 'folder/index.html',
      'both.html': 'both.html',
      'both/index.html': 'both/index.html',
      'empty/notes.md': 'a folder without index.html',
    });
    try {
      const answer = (request: string) => githubPagesAnswer(site, request);
      expect(answer('/file')).toEqual({status: 200, file: 'file.html'});
      expect(answer('/file/')).toEqual({status: 404});
      expect(answer('/file.html')).toEqual({status: 200, file: 'file.html'});
      expect(answer('/folder')).toEqual({status: 301, location: '/folder/'});
      expect(answer('/folder/')).toEqual({status: 200, file: 'folder/index.html'});
      expect(answer('/folder/index.html')).toEqual({status: 200, file: 'folder/index.html'});
      expect(answer('/both')).toEqual({status: 200, file: 'both.html'});
      expect(answer('/both/')).toEqual({status: 200, file: 'both/index.html'});
      expect(answer('/both.html')).toEqual({status: 200, file: 'both.html'});
      expect(answer('/both/index.html')).toEqual({status: 200, file: 'both/index.html'});
      expect(answer('/empty')).toEqual({status: 404});
      expect(answer('/nothing')).toEqual({status: 404});
    } finally {
      fs.rmSync(site, {recursive: true, force: true});
    }
  });
});

describe('deploy/nginx/default.conf', () => {
  const conf = read('deploy/nginx/default.conf');

  it('uses the official image layout: port 8080, the image root, the build includes', () => {
    expect(conf).toContain(IMAGE_PATHS.listen);
    expect(conf).toContain(`root ${IMAGE_PATHS.root};`);
    expect(conf).toContain(`include ${IMAGE_PATHS.includes}csp-script-hashes.conf;`);
    expect(conf).toContain(`include ${IMAGE_PATHS.includes}redirects.conf;`);
  });

  it('sets every header with "always" at server level, where locations cannot drop them', () => {
    const headers = [...conf.matchAll(/^ {4}add_header ([\w-]+) .* always;$/gm)].map((match) => match[1]);
    expect(headers).toEqual(
      expect.arrayContaining([
        'Content-Security-Policy',
        'X-Content-Type-Options',
        'Referrer-Policy',
        'Permissions-Policy',
        'Cache-Control',
      ]),
    );
    // An add_header inside a location would replace all of these there.
    expect(conf.match(/add_header/g)).toHaveLength(headers.length);
    const csp = /Content-Security-Policy "([^"]+)"/.exec(conf)![1]!;
    expect(csp).not.toMatch(/unsafe-eval/);
    expect(/script-src ([^;]+)/.exec(csp)![1]).not.toMatch(/unsafe-inline/);
  });

  it('is turned into a local server by swapping exactly the image paths, or the test server refuses', () => {
    const local = localSiteConf(conf, {port: 4321, root: '/tmp/site', includes: '/tmp/includes'});
    expect(local).toContain('listen 127.0.0.1:4321;');
    expect(local).toContain('root "/tmp/site";');
    expect(local).toContain('include /tmp/includes/redirects.conf;');
    expect(() =>
      localSiteConf(conf.replace('listen 8080;', 'listen 80;'), {port: 1, root: '/', includes: '/'}),
    ).toThrow(/uses "listen 8080;" 0 times/);
  });
});

describe('Dockerfile', () => {
  const dockerfile = read('Dockerfile');
  const instructions = dockerfile
    .replace(/\\\n\s*(#[^\n]*\n\s*)*/g, ' ')
    .split('\n')
    .filter((line) => /^[A-Z]+\s/.test(line));
  const stages = instructions.filter((line) => line.startsWith('FROM '));

  it('builds with Node and serves with the unprivileged nginx image', () => {
    expect(stages).toHaveLength(2);
    expect(stages[0]).toMatch(/^FROM node:20\S* AS build$/);
    expect(stages[1]).toMatch(/^FROM nginxinc\/nginx-unprivileged:\S+$/);
    expect(instructions).toContain('RUN npm ci --no-audit --no-fund');
    expect(instructions.some((line) => line.startsWith('RUN npm run build'))).toBe(true);
  });

  it('copies the config, the build includes and the site to the paths default.conf names', () => {
    expect(instructions).toContain('COPY deploy/nginx/default.conf /etc/nginx/conf.d/default.conf');
    expect(instructions).toContain(`COPY --from=build /portal/generated/nginx/ ${IMAGE_PATHS.includes}`);
    expect(instructions).toContain(`COPY --from=build /portal/build/ ${IMAGE_PATHS.root}/`);
    expect(instructions).toContain('EXPOSE 8080');
  });

  it('runs as a non-root user and has a health check', () => {
    const user = instructions.filter((line) => line.startsWith('USER ')).at(-1);
    expect(user).toBeDefined();
    expect(user).not.toMatch(/^USER (root|0)(:|$)/);
    expect(instructions.some((line) => /^HEALTHCHECK .*CMD .*8080/.test(line))).toBe(true);
  });

  it('keeps secrets and local output out of the build context', () => {
    const ignored = read('.dockerignore').split('\n');
    for (const entry of ['node_modules', 'build', 'generated', '.env']) expect(ignored).toContain(entry);
    // The benchmark's scale fixture and its build are never published.
    for (const entry of ['build-scale', 'bench/fixtures']) expect(ignored).toContain(entry);
  });
});

describe('deploy workflow and CI', () => {
  it('the deploy workflow builds the image, checks its health and pushes it', () => {
    const workflow = parse(read('.github/workflows/deploy.yml')) as {
      jobs: Record<string, {steps: {run?: string}[]}>;
    };
    const runs = workflow.jobs.image!.steps.map((step) => step.run ?? '').join('\n');
    expect(runs).toMatch(/docker build[\s\S]*--tag "\$IMAGE/);
    expect(runs).toContain('.State.Health.Status');
    expect(runs).toMatch(/docker push/);
  });

  it('.ci/run installs nginx and requires the nginx tests', () => {
    const ci = read('.ci/run');
    expect(ci).toContain('packages+=(nginx)');
    expect(ci).toMatch(/apt-get install -y -qq "\$\{packages\[@\]\}"/);
    expect(ci).toMatch(/export PORTAL_REQUIRE_NGINX=1/);
  });

  it('the README documents docker build and docker run -p 8080:8080', () => {
    const readme = read('README.md');
    expect(readme).toMatch(/docker build /);
    expect(readme).toMatch(/docker run [^\n]*-p 8080:8080/);
  });
});
