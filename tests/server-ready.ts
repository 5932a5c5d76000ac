/**
 * Waits until a server the tests started answers (nginx, `serve`, the dev server of `npm start`): one home for
 * the wait, the check that the process is still alive, and the message that says what it printed.
 */
import type {ChildProcess} from 'node:child_process';

export interface ReadyOptions {
  /** What the server is, for the messages ("nginx", "serve", "docusaurus start"). */
  name: string;
  timeoutMs: number;
  /** What the server printed so far, for the messages. */
  output: () => string;
  /** Whether an answer means it is ready; any answer does unless given. */
  ready?: (response: Response) => boolean;
  /** Kill the process when it does not answer in time (the caller that stops it otherwise leaves it running). */
  killOnTimeout?: boolean;
}

export async function untilAnswering(url: string, child: ChildProcess, options: ReadyOptions): Promise<void> {
  const {name, timeoutMs, output, ready = () => true, killOnTimeout = false} = options;
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`${name} exited with code ${child.exitCode}:\n${output()}`);
    try {
      const response = await fetch(url, {
        redirect: 'manual',
        signal: AbortSignal.timeout(Math.max(1, deadline - Date.now())),
      });
      if (ready(response)) return;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      if (killOnTimeout) child.kill('SIGKILL');
      throw new Error(`${name} did not answer ${url} within ${Math.round(timeoutMs / 1000)} s:\n${output()}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
