/** Where the site search lives: its results page and its index (written by src/plugins/site-search). */

/** The results page: `/search?q=<query>`. */
export const SEARCH_ROUTE = '/search';

export const searchPageUrl = (query: string): string => `${SEARCH_ROUTE}?q=${encodeURIComponent(query)}`;

/** The folder of the index, site-relative (the MCP server looks for the index there in a build). */
export const SEARCH_INDEX_DIR = 'search';

/** The index, named by a hash of its content so a browser may keep it until it changes. */
export const searchIndexUrl = (hash: string): string => `/${SEARCH_INDEX_DIR}/index.${hash}.json`;

/**
 * A small file at a fixed address naming the current index, for readers that cannot list a folder (the
 * MCP server over a deployed portal).
 */
export const SEARCH_MANIFEST_URL = `/${SEARCH_INDEX_DIR}/manifest.json`;

export interface SearchManifest {
  indexUrl: string;
  count: number;
}
