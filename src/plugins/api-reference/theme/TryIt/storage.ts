/**
 * What the console remembers: the server choice of each API in
 * `localStorage`, the credentials of each API in `sessionStorage` (this tab
 * only, gone when it closes), never both. A storage the browser refuses
 * (private modes, blocked cookies, a full quota) behaves as an empty one: the
 * console still works, it only forgets; one warning says so, without values.
 */

type Area = 'localStorage' | 'sessionStorage';

const warned = new Set<Area>();

function storage(area: Area): Storage | undefined {
  try {
    return window[area];
  } catch {
    return undefined;
  }
}

function warn(area: Area): void {
  if (warned.has(area)) return;
  warned.add(area);
  console.warn(`Try it: ${area} is not available in this browser; the console will not remember its fields.`);
}

export function readJson(area: Area, key: string): unknown {
  try {
    const text = storage(area)?.getItem(key);
    return text ? (JSON.parse(text) as unknown) : undefined;
  } catch {
    warn(area);
    return undefined;
  }
}

export function writeJson(area: Area, key: string, value: unknown): void {
  try {
    const target = storage(area);
    if (!target) throw new Error('no storage');
    target.setItem(key, JSON.stringify(value));
  } catch {
    warn(area);
  }
}

export function remove(area: Area, key: string): void {
  try {
    storage(area)?.removeItem(key);
  } catch {
    warn(area);
  }
}

/** localStorage key of an API's server choice. */
export const serverKey = (specId: string): string => `portal.try-it.server.${specId}`;

/** sessionStorage key of an API's credentials. */
export const credentialsKey = (specId: string): string => `portal.try-it.credentials.${specId}`;
