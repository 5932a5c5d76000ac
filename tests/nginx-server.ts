/**
 * Runs deploy/nginx/default.conf in a real nginx for the tests, the way the
 * official nginx image runs it: a main nginx.conf like the image's (mime
 * types, an http block that includes the site's server block), with only the
 * three image paths the site file names swapped for this checkout's:
 *   listen 8080               -> a free port on 127.0.0.1
 *   /usr/share/nginx/html     -> build/
 *   /etc/nginx/portal/        -> generated/nginx/ (written by `npm run build`)
 * Each replacement must match exactly where the file uses it; an edit of the
 * file that moves them fails here rather than testing something else.
 */
import {spawn, spawnSync, type ChildProcess} from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {builtFrom} from '../src/plugins/nginx-config';
import {freePort} from './free-port';
import {untilAnswering} from './server-ready';

export const SITE_DIR = path.resolve(__dirname, '..');
export const SITE_CONF = path.join(SITE_DIR, 'deploy', 'nginx', 'default.conf');

/** The image paths default.conf uses; the Dockerfile copies to the same ones (tests/unit/deploy.test.ts). */
export const IMAGE_PATHS = {
  listen: 'listen 8080;',
  root: '/usr/share/nginx/html',
  includes: '/etc/nginx/portal/',
} as const;

/** The nginx binary: NGINX_PATH, Debian's /usr/sbin/nginx, or the first on PATH. */
export function findNginx(): string | undefined {
  const fromPath = (process.env.PATH ?? '').split(path.delimiter).map((dir) => path.join(dir, 'nginx'));
  const candidates = [process.env.NGINX_PATH, '/usr/sbin/nginx', ...fromPath].filter((candidate): candidate is string =>
    Boolean(candidate),
  );
  return candidates.find((candidate) => fs.existsSync(candidate));
}

/** In CI (`.ci/run` sets PORTAL_REQUIRE_NGINX=1) a missing nginx is an error, not a skipped run. */
export const nginxRequired = (): boolean => process.env.PORTAL_REQUIRE_NGINX === '1';

export const NGINX_INSTALL_HINT =
  'Install it with:  sudo apt-get install -y nginx   (or set NGINX_PATH to an nginx binary)';

function replaceOnce(text: string, search: string, replacement: string, times: number): string {
  const count = text.split(search).length - 1;
  if (count !== times) {
    throw new Error(
      `deploy/nginx/default.conf uses "${search}" ${count} times; the test server expects ${times}. ` +
        'Update tests/nginx-server.ts (and the Dockerfile) with the file.',
    );
  }
  return text.split(search).join(replacement);
}

/** default.conf with the image paths swapped for a local port, site root and include directory. */
export function localSiteConf(text: string, where: {port: number; root: string; includes: string}): string {
  let conf = replaceOnce(text, IMAGE_PATHS.listen, `listen 127.0.0.1:${where.port};`, 1);
  conf = replaceOnce(conf, `root ${IMAGE_PATHS.root};`, `root "${where.root}";`, 1);
  return replaceOnce(conf, `include ${IMAGE_PATHS.includes}`, `include ${where.includes.replace(/\/?$/, '/')}`, 2);
}

/** The directory nginx keeps its mime.types in (beside its default nginx.conf). */
function mimeTypes(nginx: string): string {
  const version = spawnSync(nginx, ['-V'], {encoding: 'utf8'});
  const confPath = /--conf-path=(\S+)/.exec(`${version.stdout}${version.stderr}`)?.[1] ?? '/etc/nginx/nginx.conf';
  return path.join(path.dirname(confPath), 'mime.types');
}

export interface NginxServer {
  url: string;
  port: number;
  stop(): Promise<void>;
}

export interface NginxOptions {
  /** The site to serve; `build/` by default. */
  root?: string;
  /** Where csp-script-hashes.conf and redirects.conf are; `generated/nginx/` by default. */
  includes?: string;
  /**
   * Whether the includes must be those of the build of `root` (checkIncludes): yes by default; a small site made up by
   * a test borrows the build's includes.
   */
  sameBuild?: boolean;
}

/**
 * Throws unless `root` is a build and `includes` holds the nginx includes written by that same build: the scale
 * fixture's build (`npm run test:scale`, into build-scale/) writes generated/nginx/ too, and its script hashes
 * would not allow the inline scripts of build/.
 */
export function checkIncludes(root: string, includes: string, sameBuild = true): void {
  const hashes = path.join(includes, 'csp-script-hashes.conf');
  for (const file of [path.join(root, 'index.html'), hashes]) {
    if (!fs.existsSync(file)) throw new Error(`${file} is missing: run \`npm run build\` before the nginx tests.`);
  }
  if (!sameBuild) return;
  const from = builtFrom(fs.readFileSync(hashes, 'utf8'));
  if (from === undefined || path.resolve(SITE_DIR, from) !== root) {
    throw new Error(
      `${hashes} was written by the build of ${from ?? 'an unknown folder'}, not of ${root}: run \`npm run build\` ` +
        'again before the nginx tests (a build of the scale fixture writes generated/nginx/ too).',
    );
  }
}

/** Starts nginx in the foreground over the built site on a free port; resolves once it answers. */
export async function startNginx(options: NginxOptions = {}): Promise<NginxServer> {
  const root = path.resolve(options.root ?? path.join(SITE_DIR, 'build'));
  const includes = path.resolve(options.includes ?? path.join(SITE_DIR, 'generated', 'nginx'));
  checkIncludes(root, includes, options.sameBuild);
  const nginx = findNginx();
  if (!nginx) throw new Error(`No nginx found for the nginx tests. ${NGINX_INSTALL_HINT}`);

  const port = await freePort();
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-nginx-'));
  fs.writeFileSync(
    path.join(dir, 'default.conf'),
    localSiteConf(fs.readFileSync(SITE_CONF, 'utf8'), {port, root, includes}),
  );
  const temp = (name: string) => path.join(dir, name);
  fs.writeFileSync(
    path.join(dir, 'nginx.conf'),
    [
      // As root (CI), workers keep root's rights so they can read the checkout wherever it is.
      ...(process.getuid?.() === 0 ? ['user root;'] : []),
      'worker_processes 1;',
      `pid ${temp('nginx.pid')};`,
      `error_log ${temp('error.log')} warn;`,
      'events { worker_connections 256; }',
      'http {',
      `    include ${mimeTypes(nginx)};`,
      '    default_type application/octet-stream;',
      '    sendfile on;',
      '    keepalive_timeout 65;',
      '    access_log off;',
      ...['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi'].map((kind) => `    ${kind}_temp_path ${temp(kind)};`),
      `    include ${temp('default.conf')};`,
      '}',
      '',
    ].join('\n'),
  );

  const child: ChildProcess = spawn(
    nginx,
    ['-p', dir, '-c', temp('nginx.conf'), '-e', temp('error.log'), '-g', 'daemon off;'],
    {
      stdio: ['ignore', 'ignore', 'pipe'],
    },
  );
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const errorLog = () => (fs.existsSync(temp('error.log')) ? fs.readFileSync(temp('error.log'), 'utf8') : '');

  const url = `http://localhost:${port}`;
  await untilAnswering(`${url}/`, child, {
    name: 'nginx',
    timeoutMs: 15_000,
    output: () => `${stderr}${errorLog()}`,
    killOnTimeout: true,
  });

  return {
    url,
    port,
    async stop() {
      if (child.exitCode === null) child.kill('SIGTERM');
      await exited;
      fs.rmSync(dir, {recursive: true, force: true});
    },
  };
}
