/**
 * The browser's side of the search: loads the engine (its own chunk) and the
 * index on first use, once per page session, and answers queries with them.
 * A failed load (offline, a chunk that fails) is reported to the caller and
 * tried again on the next focus.
 */
import {usePluginData} from '@docusaurus/useGlobalData';
import useBaseUrl from '@docusaurus/useBaseUrl';
import type {SearchHit} from '../../lib/search/engine';
import type {SiteSearchGlobalData} from './types';

/** The results of a query: at most `limit`, each with a snippet of about `snippetLength` characters. */
export type Search = (query: string, limit: number, snippetLength?: number) => SearchHit[];

let loading: {url: string; promise: Promise<Search>} | undefined;

export function loadSearch(url: string): Promise<Search> {
  if (loading?.url === url) return loading.promise;
  const promise = Promise.all([
    import(/* webpackChunkName: "search-engine" */ '../../lib/search/engine'),
    fetch(url).then((response) => {
      if (!response.ok) throw new Error(`The search index answered HTTP ${response.status}`);
      return response.json() as Promise<unknown>;
    }),
  ]).then(([engine, serialized]) => {
    const index = engine.loadSearchIndex(serialized as Parameters<typeof engine.loadSearchIndex>[0]);
    return (query: string, limit: number, snippetLength?: number) =>
      engine.runSearch(index, query, limit, snippetLength);
  });
  loading = {url, promise};
  promise.catch(() => {
    if (loading?.promise === promise) loading = undefined;
  });
  return promise;
}

/** The address of this build's index. */
export function useSearchIndexUrl(): string {
  const data = usePluginData('portal-site-search') as SiteSearchGlobalData;
  return useBaseUrl(data.indexUrl);
}
