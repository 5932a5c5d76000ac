// @ts-check
/**
 * Lighthouse's figures as the page's own CPU work gives them, without the
 * time the host took away from it.
 *
 * Lighthouse's default (simulated) throttling takes every main-thread task at
 * the duration it had in the recorded load, multiplies it by 4 and schedules it
 * on a simulated phone. That duration is wall time: on a machine that is busy
 * with other work (or with Chromium's and Lighthouse's own other threads, on
 * two cores), the main thread waits for a core in the middle of its tasks, and
 * the same page's Total Blocking Time moves by a factor of 3 or more between
 * runs. Chromium's trace also records each task's thread CPU time (`tdur`),
 * which that waiting does not stretch.
 *
 * `shrinkToCpuTime` rewrites a recorded trace so that each renderer main-thread
 * task lasts its CPU time: the task keeps its start, and everything inside it
 * (nested events, marks such as first contentful paint) is compressed with it,
 * so nesting and order stay as recorded. Lighthouse then audits the rewritten
 * trace as it audits any other (`bench/lighthouse.mjs`). What this leaves out
 * is every wait inside a task, also the waits the page itself causes (a
 * synchronous call to another process), so it is a lower bound of what a quiet
 * machine would record, reported next to Lighthouse's own figures, never
 * instead of them.
 */

/** The name Chromium's trace gives each renderer's main thread (`thread_name` metadata). */
const MAIN_THREAD_NAME = 'CrRendererMain';

/**
 * @typedef {object} TraceEvent
 * @property {string} name
 * @property {string} [ph]
 * @property {number} pid
 * @property {number} tid
 * @property {number} [ts] microseconds
 * @property {number} [dur] wall microseconds (complete events)
 * @property {number} [tdur] thread CPU microseconds (complete events)
 * @property {Record<string, any>} [args]
 */

/**
 * @typedef {object} MainThreadTime
 * @property {number} wallMs sum of the renderer main threads' top-level tasks, wall time
 * @property {number} cpuMs the same tasks' thread CPU time
 * @property {number} tasks number of top-level tasks
 */

/**
 * The top-level complete events (tasks) of each renderer main thread: those not
 * inside another complete event of the same thread. Sorted by start.
 * @param {TraceEvent[]} events
 * @returns {Map<string, TraceEvent[]>}
 */
export function mainThreadTasks(events) {
  const mains = new Set(
    events
      .filter((e) => e.ph === 'M' && e.name === 'thread_name' && e.args?.name === MAIN_THREAD_NAME)
      .map((e) => `${e.pid}:${e.tid}`),
  );
  /** @type {Map<string, TraceEvent[]>} */
  const complete = new Map();
  for (const e of events) {
    const key = `${e.pid}:${e.tid}`;
    if (e.ph !== 'X' || !mains.has(key) || typeof e.ts !== 'number' || typeof e.dur !== 'number') continue;
    const list = complete.get(key) ?? [];
    list.push(e);
    complete.set(key, list);
  }
  /** @type {Map<string, TraceEvent[]>} */
  const tasks = new Map();
  for (const [key, list] of complete) {
    // Earlier start first; of two with the same start, the longer one is the outer one.
    list.sort((a, b) => Number(a.ts) - Number(b.ts) || Number(b.dur) - Number(a.dur));
    /** @type {TraceEvent[]} */
    const outer = [];
    let end = -Infinity;
    for (const e of list) {
      if (Number(e.ts) < end) continue;
      outer.push(e);
      end = Number(e.ts) + Number(e.dur);
    }
    tasks.set(key, outer);
  }
  return tasks;
}

/**
 * Shrinks every renderer main-thread task of `trace` to its thread CPU time,
 * in place (see the file's comment). Tasks without a CPU time, or whose CPU
 * time is not below their wall time, stay as they are.
 * @param {{traceEvents: TraceEvent[]}} trace
 * @returns {MainThreadTime} the tasks' wall time as recorded, and their CPU time: their length after the change
 */
export function shrinkToCpuTime(trace) {
  const tasks = mainThreadTasks(trace.traceEvents);
  for (const e of trace.traceEvents) {
    const list = tasks.get(`${e.pid}:${e.tid}`);
    if (!list || typeof e.ts !== 'number') continue;
    const task = containing(list, e.ts);
    if (!task || task === e) continue;
    const factor = shrinkFactor(task);
    if (factor === 1) continue;
    const start = Number(task.ts);
    e.ts = start + (e.ts - start) * factor;
    if (typeof e.dur === 'number') e.dur *= factor;
  }
  let wallMicros = 0;
  let cpuMicros = 0;
  let count = 0;
  for (const list of tasks.values()) {
    for (const task of list) {
      count += 1;
      wallMicros += Number(task.dur);
      task.dur = Number(task.dur) * shrinkFactor(task);
      cpuMicros += task.dur;
    }
  }
  return {wallMs: wallMicros / 1000, cpuMs: cpuMicros / 1000, tasks: count};
}

/**
 * CPU time / wall time of a task, or 1 when it has no usable CPU time.
 * @param {TraceEvent} task
 */
function shrinkFactor(task) {
  const {dur, tdur} = task;
  if (typeof dur !== 'number' || typeof tdur !== 'number' || dur <= 0 || tdur <= 0 || tdur >= dur) return 1;
  return tdur / dur;
}

/**
 * The task of `sorted` (top-level tasks by start) whose span holds `ts`.
 * @param {TraceEvent[]} sorted
 * @param {number} ts
 * @returns {TraceEvent | null}
 */
function containing(sorted, ts) {
  let low = 0;
  let high = sorted.length - 1;
  /** @type {TraceEvent | null} */
  let found = null;
  while (low <= high) {
    const middle = (low + high) >> 1;
    const task = /** @type {TraceEvent} */ (sorted[middle]);
    if (Number(task.ts) <= ts) {
      found = task;
      low = middle + 1;
    } else {
      high = middle - 1;
    }
  }
  if (!found || ts > Number(found.ts) + Number(found.dur)) return null;
  return found;
}
