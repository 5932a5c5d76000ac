/**
 * Runs `npx serve` for the tests: the `serve` package pinned in package.json (14.2.7), started with node
 * from node_modules (never through npx, which could fetch another version) over a folder, on a free port.
 * NO_UPDATE_CHECK keeps it from asking the npm registry for a newer version: the tests stay offline.
 */
import {spawn} from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import {freePort} from './free-port';
import {untilAnswering} from './server-ready';

const SITE_DIR = path.resolve(__dirname, '..');
const SERVE_MAIN = path.join(SITE_DIR, 'node_modules', 'serve', 'build', 'main.js');

export interface ServeServer {
  url: string;
  stop(): Promise<void>;
}

/** Starts serve over `root` (which may hold a serve.json); resolves once it answers. */
export async function startServe(root: string): Promise<ServeServer> {
  if (!fs.existsSync(SERVE_MAIN)) throw new Error(`${SERVE_MAIN} is missing: run \`npm ci\`.`);
  const port = await freePort();
  const child = spawn(process.execPath, [SERVE_MAIN, root, '--listen', `tcp://127.0.0.1:${port}`, '-n', '-L'], {
    env: {...process.env, NO_UPDATE_CHECK: '1'},
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));

  const url = `http://127.0.0.1:${port}`;
  await untilAnswering(`${url}/`, child, {name: 'serve', timeoutMs: 15_000, output: () => stderr, killOnTimeout: true});
  return {
    url,
    async stop() {
      if (child.exitCode === null) child.kill('SIGTERM');
      await exited;
    },
  };
}
