/**
 * `node scripts/mock.mjs <spec> --port <port>` (what `npm run mock` runs) as a
 * child process for the tests: the mock unit test and the Try it end-to-end
 * test both start it here. It runs in its own process group, so that stopping
 * the group also stops Prism.
 */
import {spawn, type ChildProcess} from 'node:child_process';
import path from 'node:path';

const root = path.resolve(__dirname, '..');
const script = path.join(root, 'scripts/mock.mjs');

export interface MockProcess {
  child: ChildProcess;
  /** Everything the mock printed so far (stdout and stderr). */
  output: () => string;
  exited: Promise<void>;
}

/**
 * Starts the mock of spec `name` and resolves on its signal: Prism listens and
 * the script has printed its example call. A mock that exits first rejects
 * with its output. The wait has no clock of its own unless `timeoutMs` is
 * given: on a busy machine Prism takes long to start, and the calling test's
 * time budget bounds the wait (its caller stops what is left running).
 */
export async function startMock(
  name: string,
  port: number,
  {timeoutMs, env = {}}: {timeoutMs?: number; env?: NodeJS.ProcessEnv} = {},
): Promise<MockProcess> {
  const child = spawn(process.execPath, [script, name, '--port', String(port)], {
    cwd: root,
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: {...process.env, ...env, NO_COLOR: '1', FORCE_COLOR: '0'},
  });
  let output = '';
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  try {
    await new Promise<void>((resolve, reject) => {
      const timer =
        timeoutMs === undefined
          ? undefined
          : setTimeout(
              () => reject(new Error(`the mock did not start within ${timeoutMs / 1000} s:\n${output}`)),
              timeoutMs,
            );
      const onData = (chunk: Buffer): void => {
        output += chunk.toString();
        // Prism listens, and the script has printed the example call it works out meanwhile.
        if (output.includes('Prism is listening on') && output.includes('Try: ')) {
          clearTimeout(timer);
          resolve();
        }
      };
      child.stdout!.on('data', onData);
      child.stderr!.on('data', onData);
      child.once('exit', (code) => {
        clearTimeout(timer);
        reject(new Error(`the mock exited with ${code} before listening:\n${output}`));
      });
    });
  } catch (error) {
    try {
      process.kill(-child.pid!, 'SIGKILL');
    } catch {
      // already gone
    }
    throw error;
  }
  return {child, output: () => output, exited};
}
