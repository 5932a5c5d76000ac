/**
 * What the console remembers: the server choice of each API in
 * `localStorage`, the credentials of each API in `sessionStorage` (this tab
 * only, gone when it closes), never both. A storage the browser refuses
 * (private modes, blocked cookies, a full quota) behaves as an empty one: the
 * console still works, it only forgets; one warning says so, without values.
 */

import * as storage from '../../../../lib/storage';

type Area = storage.StorageArea;

const warned = new Set<Area>();

function warn(area: Area): void {
  if (warned.has(area)) return;
  warned.add(area);
  console.warn(`Try it: ${area} is not available in this browser; the console will not remember its fields.`);
}

export const readJson = (area: Area, key: string): unknown => storage.readJson(area, key, () => warn(area));

export const writeJson = (area: Area, key: string, value: unknown): void =>
  storage.writeJson(area, key, value, () => warn(area));

export const remove = (area: Area, key: string): void => storage.removeItem(area, key, () => warn(area));

/** localStorage key of an API's server choice. */
export const serverKey = (specId: string): string => `portal.try-it.server.${specId}`;

/** sessionStorage key of an API's credentials. */
export const credentialsKey = (specId: string): string => `portal.try-it.credentials.${specId}`;
