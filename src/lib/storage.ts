/**
 * The browser's `localStorage` and `sessionStorage` as JSON, for the features that remember something (the Try it
 * console, the reading position of a page). A storage the browser refuses (private modes, blocked cookies, a full
 * quota, a property that throws) behaves as an empty one, and `onRefused` is called: the caller decides whether to
 * say so.
 */

export type StorageArea = 'localStorage' | 'sessionStorage';

function storage(area: StorageArea): Storage {
  const target = window[area];
  if (!target) throw new Error(`no ${area}`);
  return target;
}

/** The value stored under `key`, parsed; `undefined` when there is none or the storage refuses. */
export function readJson(area: StorageArea, key: string, onRefused?: () => void): unknown {
  try {
    const text = storage(area).getItem(key);
    return text ? (JSON.parse(text) as unknown) : undefined;
  } catch {
    onRefused?.();
    return undefined;
  }
}

/** Stores `value` as JSON under `key`. */
export function writeJson(area: StorageArea, key: string, value: unknown, onRefused?: () => void): void {
  try {
    storage(area).setItem(key, JSON.stringify(value));
  } catch {
    onRefused?.();
  }
}

/** Removes `key`. */
export function removeItem(area: StorageArea, key: string, onRefused?: () => void): void {
  try {
    storage(area).removeItem(key);
  } catch {
    onRefused?.();
  }
}
