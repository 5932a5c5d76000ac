/** `whenIdle` (src/lib/idle.ts): idle time with a deadline where the browser has it, a timer where not. */
import {afterEach, describe, expect, it, vi} from 'vitest';
import {whenIdle} from '../../src/lib/idle';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe('whenIdle', () => {
  it('asks for idle time with the timeout, and cancels that request', () => {
    const requestIdleCallback = vi.fn(() => 7);
    const cancelIdleCallback = vi.fn();
    vi.stubGlobal('window', {requestIdleCallback, cancelIdleCallback});
    const work = vi.fn();
    const cancel = whenIdle(work, 1000);
    expect(requestIdleCallback).toHaveBeenCalledWith(work, {timeout: 1000});
    cancel();
    expect(cancelIdleCallback).toHaveBeenCalledWith(7);
  });

  it('without requestIdleCallback, runs the work after the fallback delay with no deadline, unless cancelled', () => {
    vi.useFakeTimers();
    vi.stubGlobal('window', {setTimeout, clearTimeout});
    const work = vi.fn();
    whenIdle(work, 2000, 50);
    vi.advanceTimersByTime(49);
    expect(work).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(work).toHaveBeenCalledWith();
    const cancelled = vi.fn();
    whenIdle(cancelled, 2000)();
    vi.advanceTimersByTime(10);
    expect(cancelled).not.toHaveBeenCalled();
  });
});
