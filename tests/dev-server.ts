/**
 * `docusaurus start`, the command `npm start` runs, started by an end-to-end test on a free port
 * (tests/e2e/dev-server.spec.ts, with the reference of real-world size beside the site's own pages).
 */
import {spawn} from 'node:child_process';
import path from 'node:path';
import {freePort} from './free-port';
import {untilAnswering} from './server-ready';

const root = path.resolve(__dirname, '..');

/** The first compilation takes about a minute on an idle two-core machine, several on a busy one. */
export const START_TIMEOUT = 480_000;

export interface DevServer {
  base: string;
  stop: () => void;
  /** How many compilations of the site the server has finished so far (its "compiled successfully" lines). */
  compilations: () => number;
}

/** What the dev server prints each time it has compiled the site, its first start and each reload after an edit. */
const COMPILED = /compiled successfully/g;

/** Starts the dev server with `env` added to the environment, and waits until it answers. */
export async function startDevServer(env: Record<string, string> = {}): Promise<DevServer> {
  const port = await freePort();
  const base = `http://localhost:${port}`;
  let log = '';
  const server = spawn(
    process.execPath,
    ['node_modules/@docusaurus/core/bin/docusaurus.mjs', 'start', '--port', String(port), '--no-open'],
    {cwd: root, env: {...process.env, BROWSER: 'none', ...env}, detached: true, stdio: ['ignore', 'pipe', 'pipe']},
  );
  server.stdout!.on('data', (chunk: Buffer) => (log += chunk.toString()));
  server.stderr!.on('data', (chunk: Buffer) => (log += chunk.toString()));
  const stop = () => {
    // The dev server and the processes it started form one process group.
    if (server.pid) {
      try {
        process.kill(-server.pid, 'SIGTERM');
      } catch {
        // already gone
      }
    }
  };
  try {
    // The dev server holds requests until its first compilation is done.
    await untilAnswering(`${base}/`, server, {
      name: 'docusaurus start',
      timeoutMs: START_TIMEOUT,
      output: () => log.slice(-4000),
      ready: (response) => response.ok,
    });
  } catch (error) {
    stop();
    throw error;
  }
  // Without its colours: the server may print with ANSI escapes between the words.
  // eslint-disable-next-line no-control-regex
  const compilations = () => log.replace(/\x1b\[[0-9;]*m/g, '').match(COMPILED)?.length ?? 0;
  return {base, stop, compilations};
}
