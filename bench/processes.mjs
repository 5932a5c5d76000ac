// @ts-check
/**
 * Child processes and servers the benchmark started, so that they can all be
 * ended on exit, on an error and on SIGINT/SIGTERM. Every child runs in its
 * own process group (spawned with `detached: true`) and is ended through that
 * group, by its own id: Chromium's helper processes go with it.
 */
import {spawn} from 'node:child_process';
import {setTimeout} from 'node:timers';

/** @type {Set<import('node:child_process').ChildProcess>} */
const children = new Set();
/** @type {Set<() => Promise<void>>} */
const closers = new Set();

/**
 * Spawns a child in its own process group and remembers it until it exits.
 * @param {string} command
 * @param {readonly string[]} args
 * @param {import('node:child_process').SpawnOptions} options
 * @returns {import('node:child_process').ChildProcess}
 */
export function spawnTracked(command, args, options) {
  const child = spawn(command, args, {...options, detached: true});
  children.add(child);
  child.once('exit', () => children.delete(child));
  child.once('error', () => children.delete(child));
  return child;
}

/**
 * Sends a signal to the child's process group (falls back to the child itself).
 * @param {import('node:child_process').ChildProcess} child
 * @param {NodeJS.Signals} signal
 */
function signalGroup(child, signal) {
  if (child.pid === undefined) return;
  try {
    process.kill(-child.pid, signal);
  } catch {
    try {
      child.kill(signal);
    } catch {
      // already gone
    }
  }
}

/**
 * Ends a tracked child: SIGTERM to its group, SIGKILL after `graceMs`.
 * @param {import('node:child_process').ChildProcess} child
 * @param {number} [graceMs]
 * @returns {Promise<void>}
 */
export async function endChild(child, graceMs = 3000) {
  if (child.exitCode !== null || child.signalCode !== null) {
    // The leader is gone; helpers of its group may not be.
    signalGroup(child, 'SIGKILL');
    children.delete(child);
    return;
  }
  const exited = new Promise((resolve) => child.once('exit', () => resolve(undefined)));
  signalGroup(child, 'SIGTERM');
  const timer = new Promise((resolve) => {
    const t = setTimeout(() => resolve('timeout'), graceMs);
    t.unref();
  });
  if ((await Promise.race([exited, timer])) === 'timeout') {
    signalGroup(child, 'SIGKILL');
    await exited;
  } else {
    signalGroup(child, 'SIGKILL');
  }
  children.delete(child);
}

/**
 * Registers an async cleanup (e.g. closing a server); returns a function that unregisters it.
 * @param {() => Promise<void>} close
 * @returns {() => void}
 */
export function onCleanup(close) {
  closers.add(close);
  return () => closers.delete(close);
}

/** Ends all tracked children, then runs all cleanups. */
export async function cleanupAll() {
  await Promise.all([...children].map((child) => endChild(child, 1500)));
  const pending = [...closers].map((close) => close().catch(() => undefined));
  closers.clear();
  await Promise.all(pending);
}

/** Synchronous last resort for process 'exit': SIGKILL every group still tracked. */
export function killAllSync() {
  for (const child of children) signalGroup(child, 'SIGKILL');
  children.clear();
}
