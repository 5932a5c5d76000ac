/**
 * The anchor hold (src/lib/anchorHold.ts): it keeps a target in place while the page changes size, and ends a
 * second after the last change, but not while content the page waits for (a lazy chunk's placeholder) is still on
 * its way. Run against small stand-ins for the browser's window, document and ResizeObserver, with fake timers.
 */
import {afterEach, beforeEach, describe, expect, it, vi} from 'vitest';
import {
  contentPending,
  HOLD_ATTRIBUTE,
  keepTargetInPlace,
  LONGEST_HOLD_MS,
  PENDING_ATTRIBUTE,
  releaseHold,
  SETTLED_AFTER_MS,
} from '../../src/lib/anchorHold';

/** The one ResizeObserver the hold makes; `resize` plays the browser's report of a size change. */
class FakeResizeObserver {
  static current: FakeResizeObserver | undefined;
  connected = false;
  constructor(private readonly callback: () => void) {
    FakeResizeObserver.current = this;
  }
  observe(): void {
    this.connected = true;
  }
  disconnect(): void {
    this.connected = false;
  }
  resize(): void {
    if (this.connected) this.callback();
  }
}

const attributes = new Set<string>();
let scrolledBy = 0;
/** Where the target's top is in the viewport. */
let targetTop = 100;
const target = {getBoundingClientRect: () => ({top: targetTop - scrolledBy})} as unknown as HTMLElement;
const held = (): boolean => attributes.has(HOLD_ATTRIBUTE);

const saved = {
  window: (globalThis as {window?: unknown}).window,
  document: (globalThis as {document?: unknown}).document,
  ResizeObserver: (globalThis as {ResizeObserver?: unknown}).ResizeObserver,
};

beforeEach(() => {
  vi.useFakeTimers();
  attributes.clear();
  scrolledBy = 0;
  targetTop = 100;
  Object.assign(globalThis, {
    window: {
      setTimeout: (handler: () => void, ms: number) => setTimeout(handler, ms),
      clearTimeout: (id: ReturnType<typeof setTimeout>) => clearTimeout(id),
      addEventListener: () => undefined,
      removeEventListener: () => undefined,
      scrollBy: (_x: number, y: number) => {
        scrolledBy += y;
      },
    },
    document: {
      getElementById: () => ({}),
      body: {},
      documentElement: {
        setAttribute: (name: string) => attributes.add(name),
        removeAttribute: (name: string) => attributes.delete(name),
      },
    },
    ResizeObserver: FakeResizeObserver,
  });
});

afterEach(() => {
  releaseHold();
  vi.useRealTimers();
  Object.assign(globalThis, saved);
});

/** The hold lasts `ms` more milliseconds, and not one more. */
function expectReleasedAfter(ms: number): void {
  vi.advanceTimersByTime(ms - 1);
  expect(held(), `held ${ms - 1} ms on`).toBe(true);
  vi.advanceTimersByTime(1);
  expect(held(), `released ${ms} ms on`).toBe(false);
}

/** Starts a hold and plays the observer's first report, which the browser makes when observing begins. */
function hold(): FakeResizeObserver {
  keepTargetInPlace(target);
  const observer = FakeResizeObserver.current!;
  observer.resize();
  return observer;
}

describe('the anchor hold', () => {
  it('scrolls by what the page grew above the target, and ends a second after the last change', () => {
    const observer = hold();
    expect(held()).toBe(true);
    vi.advanceTimersByTime(SETTLED_AFTER_MS - 100);
    targetTop += 500; // a block above the target got taller
    observer.resize();
    expect(scrolledBy).toBe(500);
    expectReleasedAfter(SETTLED_AFTER_MS);
    expect(observer.connected).toBe(false);
  });

  it('lasts while content is on its way, and ends a second after the last of it arrived', () => {
    const first = contentPending();
    const second = contentPending();
    const observer = hold();
    vi.advanceTimersByTime(3 * SETTLED_AFTER_MS);
    expect(held(), 'held while two pieces are on their way').toBe(true);
    expect(attributes.has(PENDING_ATTRIBUTE)).toBe(true);
    first();
    first(); // a second call changes nothing
    vi.advanceTimersByTime(3 * SETTLED_AFTER_MS);
    expect(held(), 'held while one piece is on its way').toBe(true);
    expect(attributes.has(PENDING_ATTRIBUTE)).toBe(true);
    second();
    expect(attributes.has(PENDING_ATTRIBUTE)).toBe(false);
    targetTop += 4000; // the code blocks above the target arrived
    observer.resize();
    expect(scrolledBy).toBe(4000);
    expectReleasedAfter(SETTLED_AFTER_MS);
  });

  it('ends a second after the content arrived even when the page did not change size', () => {
    const done = contentPending();
    hold();
    vi.advanceTimersByTime(2 * SETTLED_AFTER_MS);
    done();
    expectReleasedAfter(SETTLED_AFTER_MS);
  });

  it('never lasts longer than the longest hold, even for content that never arrives', () => {
    const done = contentPending();
    try {
      hold();
      expectReleasedAfter(LONGEST_HOLD_MS);
    } finally {
      done();
    }
  });
});
