/**
 * Work for the browser's idle time, the one way the site's client code asks for it (the route
 * prefetches of src/plugins/idle-prefetch, the Try it buttons): `requestIdleCallback` with a
 * deadline, or a timer in a browser without it.
 */
export type IdleWork = (deadline?: IdleDeadline) => void;

/**
 * Runs `work` once the browser is idle, `timeoutMs` at the latest; without `requestIdleCallback`,
 * after `fallbackMs` (with no deadline). Returns the function that cancels it.
 */
export function whenIdle(work: IdleWork, timeoutMs: number, fallbackMs = 0): () => void {
  if (typeof window.requestIdleCallback === 'function') {
    const handle = window.requestIdleCallback(work, {timeout: timeoutMs});
    return () => window.cancelIdleCallback(handle);
  }
  const handle = window.setTimeout(() => work(), fallbackMs);
  return () => window.clearTimeout(handle);
}
