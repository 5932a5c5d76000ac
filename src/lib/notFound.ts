/**
 * What the not-found page offers for the address a reader asked for (browser-safe): the one page of the site whose
 * address differs from it only in case, separators or a trailing `.html` (`/docs/archive-service` for
 * `/docs/Archive%20Service`), and the words of the address as a search query.
 */

/** Route configs as `@generated/routes` nests them; only their paths are read. */
export interface RouteLike {
  path?: string | readonly string[];
  routes?: readonly RouteLike[];
}

/** Every route path of a route tree that names one page (no parameters, no catch-all). */
export function routePaths(routes: readonly RouteLike[]): string[] {
  const paths: string[] = [];
  const walk = (list: readonly RouteLike[]): void => {
    for (const route of list) {
      for (const path of typeof route.path === 'string' ? [route.path] : (route.path ?? [])) {
        if (!/[:*]/.test(path)) paths.push(path);
      }
      if (route.routes) walk(route.routes);
    }
  };
  walk(routes);
  return [...new Set(paths)];
}

/** An address as a reader reads it (`/docs/Archive%20Service` -> `/docs/Archive Service`); as given if malformed. */
export const decodedAddress = (path: string): string => {
  try {
    return decodeURIComponent(path);
  } catch {
    return path;
  }
};

/** An address reduced to what a reader may get wrong without meaning another page: case, separators, `.html`. */
export const looseAddress = (path: string): string =>
  decodedAddress(path)
    .toLowerCase()
    .replace(/(\/index)?\.html?$/, '')
    .replace(/[\s_+.-]+/g, '-')
    .replace(/\/+$/, '');

/** The one route whose loose address is the same as `pathname`'s, or undefined (none, or more than one). */
export function suggestedRoute(pathname: string, paths: readonly string[]): string | undefined {
  const wanted = looseAddress(pathname);
  const matches = paths.filter((path) => path !== pathname && looseAddress(path) === wanted);
  return matches.length === 1 ? matches[0] : undefined;
}

/** Path segments that say where a page is, not what it is about. */
const PLACE_WORDS = new Set(['docs', 'doc', 'api', 'blog', 'html', 'htm', 'index', 'md', 'tag', 'operation']);

/** The words of an address as a search query: `/docs/archive-service-ports.html` -> `archive service ports`. */
export const addressQuery = (pathname: string): string =>
  decodedAddress(pathname)
    .split(/[^\p{L}\p{N}]+/u)
    .filter((word) => word && !PLACE_WORDS.has(word.toLowerCase()))
    .join(' ')
    .trim();
