import {describe, expect, it} from 'vitest';
import {mainThreadTasks, shrinkToCpuTime} from '../../bench/cpu-time.mjs';

type Event = {
  name: string;
  ph: string;
  pid: number;
  tid: number;
  ts?: number;
  dur?: number;
  tdur?: number;
  args?: Record<string, unknown>;
};

/**
 * A small recorded load: renderer main thread 1/1 with three tasks, a compositor thread 1/2 and the
 * browser's main thread 2/1, which must stay as recorded.
 */
function recordedLoad(): {traceEvents: Event[]} {
  const thread = (pid: number, tid: number, name: string): Event => ({
    name: 'thread_name',
    ph: 'M',
    pid,
    tid,
    args: {name},
  });
  return {
    traceEvents: [
      thread(1, 1, 'CrRendererMain'),
      thread(1, 2, 'Compositor'),
      thread(2, 1, 'CrBrowserMain'),
      // Task waited 750 of its 1,000 µs: CPU time 250.
      {name: 'RunTask', ph: 'X', pid: 1, tid: 1, ts: 1000, dur: 1000, tdur: 250},
      {name: 'ThreadControllerImpl::RunTask', ph: 'X', pid: 1, tid: 1, ts: 1000, dur: 990, tdur: 245},
      {name: 'ParseHTML', ph: 'X', pid: 1, tid: 1, ts: 1200, dur: 400, tdur: 100},
      {name: 'firstContentfulPaint', ph: 'I', pid: 1, tid: 1, ts: 1800},
      // Task that ran without waiting.
      {name: 'RunTask', ph: 'X', pid: 1, tid: 1, ts: 3000, dur: 100, tdur: 100},
      {name: 'EvaluateScript', ph: 'X', pid: 1, tid: 1, ts: 3010, dur: 80, tdur: 80},
      // Task with no CPU time recorded.
      {name: 'RunTask', ph: 'X', pid: 1, tid: 1, ts: 5000, dur: 300},
      // Other threads, overlapping the first task.
      {name: 'RunTask', ph: 'X', pid: 1, tid: 2, ts: 1500, dur: 800, tdur: 100},
      {name: 'RunTask', ph: 'X', pid: 2, tid: 1, ts: 1100, dur: 500, tdur: 50},
    ],
  };
}

const find = (trace: {traceEvents: Event[]}, name: string, pid = 1, tid = 1) => {
  const event = trace.traceEvents.find((e) => e.name === name && e.pid === pid && e.tid === tid);
  if (!event) throw new Error(`no ${name} on ${pid}/${tid}`);
  return event;
};

describe('main-thread tasks of a trace', () => {
  it('takes the outermost complete events of renderer main threads only', () => {
    const tasks = mainThreadTasks(recordedLoad().traceEvents);
    expect([...tasks.keys()]).toEqual(['1:1']);
    expect(tasks.get('1:1')?.map((t) => [t.name, t.ts])).toEqual([
      ['RunTask', 1000],
      ['RunTask', 3000],
      ['RunTask', 5000],
    ]);
  });
});

describe('shrinkToCpuTime', () => {
  it('gives each main-thread task its CPU time, keeping its start', () => {
    const trace = recordedLoad();
    const time = shrinkToCpuTime(trace);
    const [first, second, third] = trace.traceEvents.filter((e) => e.name === 'RunTask' && e.pid === 1 && e.tid === 1);
    expect([first?.ts, first?.dur]).toEqual([1000, 250]);
    expect([second?.ts, second?.dur]).toEqual([3000, 100]);
    expect([third?.ts, third?.dur]).toEqual([5000, 300]);
    expect(time).toEqual({wallMs: 1.4, cpuMs: 0.65, tasks: 3});
  });

  it('compresses what happens inside a task with it, so nesting and order stay', () => {
    const trace = recordedLoad();
    shrinkToCpuTime(trace);
    const inner = find(trace, 'ThreadControllerImpl::RunTask');
    const parse = find(trace, 'ParseHTML');
    const paint = find(trace, 'firstContentfulPaint');
    expect([inner.ts, inner.dur]).toEqual([1000, 247.5]);
    expect([parse.ts, parse.dur]).toEqual([1050, 100]);
    expect(paint.ts).toBe(1200);
    expect(Number(parse.ts) + Number(parse.dur)).toBeLessThanOrEqual(1000 + 250);
    expect(paint.ts).toBeLessThanOrEqual(1000 + 250);
    // A task that did not wait keeps everything inside it as recorded.
    const script = find(trace, 'EvaluateScript');
    expect([script.ts, script.dur]).toEqual([3010, 80]);
  });

  it('leaves every other thread as recorded', () => {
    const trace = recordedLoad();
    shrinkToCpuTime(trace);
    const compositor = find(trace, 'RunTask', 1, 2);
    const browser = find(trace, 'RunTask', 2, 1);
    expect([compositor.ts, compositor.dur]).toEqual([1500, 800]);
    expect([browser.ts, browser.dur]).toEqual([1100, 500]);
  });

  it('finds no task in a trace without a renderer main thread', () => {
    const trace = {
      traceEvents: [{name: 'RunTask', ph: 'X', pid: 9, tid: 9, ts: 0, dur: 100, tdur: 10}] as Event[],
    };
    expect(shrinkToCpuTime(trace)).toEqual({wallMs: 0, cpuMs: 0, tasks: 0});
    expect(trace.traceEvents[0]?.dur).toBe(100);
  });
});
