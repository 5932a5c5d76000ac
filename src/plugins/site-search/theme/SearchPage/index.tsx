/**
 * The results page, `/search?q=<query>`: every result of the query, best
 * first, with a filter by kind. The query stays in the address, so a search can
 * be shared and the back button returns to it. Without JavaScript the page says
 * so and offers the docs and API lists instead.
 */
import {type ReactNode, useEffect, useMemo, useState} from 'react';
import clsx from 'clsx';
import Heading from '@theme/Heading';
import Layout from '@theme/Layout';
import Head from '@docusaurus/Head';
import Link from '@docusaurus/Link';
import useIsBrowser from '@docusaurus/useIsBrowser';
import {useHistory, useLocation} from '@docusaurus/router';
import SearchHit, {HitLink, KIND_LABELS} from '../SearchHit';
import type {SearchKind} from '@site/src/lib/search/documents';
import {SEARCH_ROUTE} from '@site/src/lib/search/urls';
import {loadSearch, useSearchIndexUrl, type Search} from '../../client';
import styles from './styles.module.css';

/** Most results the page lists. */
const PAGE_RESULTS = 100;
const KINDS: SearchKind[] = ['doc', 'operation', 'schema', 'change', 'blog'];

export default function SearchPage(): ReactNode {
  const location = useLocation();
  const history = useHistory();
  const indexUrl = useSearchIndexUrl();
  // The served HTML is the page without a query (the query is not known at build time): the first render
  // in the browser matches it, then the query from the address is read.
  const isBrowser = useIsBrowser();
  const params = new URLSearchParams(isBrowser ? location.search : '');
  const query = params.get('q') ?? '';
  const kind = KINDS.find((k) => k === params.get('kind'));
  const [search, setSearch] = useState<Search | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [draft, setDraft] = useState(query);

  useEffect(() => setDraft(query), [query]);
  useEffect(() => {
    loadSearch(indexUrl).then(
      (loaded) => setSearch(() => loaded),
      (error: unknown) => setFailure(error instanceof Error ? error.message : String(error)),
    );
  }, [indexUrl]);

  const trimmed = query.trim();
  const all = useMemo(() => (search && trimmed ? search(trimmed, PAGE_RESULTS) : []), [search, trimmed]);
  const hits = kind ? all.filter((hit) => hit.kind === kind) : all;
  const counts = new Map(KINDS.map((k) => [k, all.filter((hit) => hit.kind === k).length]));

  const address = (q: string, k?: SearchKind): string => {
    const next = new URLSearchParams({q});
    if (k) next.set('kind', k);
    return `${SEARCH_ROUTE}?${next.toString()}`;
  };

  return (
    <Layout title={trimmed ? `Search: ${trimmed}` : 'Search'} description="Search the docs and API references">
      <Head>
        <meta name="robots" content="noindex" />
      </Head>
      <main className={clsx('container margin-vert--lg', styles.page)}>
        <Heading as="h1">{trimmed ? `Results for “${trimmed}”` : 'Search the portal'}</Heading>
        <form
          className={styles.form}
          role="search"
          aria-label="Results"
          action={SEARCH_ROUTE}
          method="get"
          onSubmit={(event) => {
            event.preventDefault();
            history.push(address(draft.trim(), kind));
          }}
        >
          <label className={styles.label} htmlFor="search-page-query">
            Search docs, operations, schemas and API changes
          </label>
          <div className={styles.row}>
            <input
              id="search-page-query"
              className={styles.input}
              type="search"
              name="q"
              value={draft}
              onChange={(event) => setDraft(event.target.value)}
            />
            <button type="submit" className="button button--primary">
              Search
            </button>
          </div>
        </form>
        <noscript>
          <p>
            Search runs in your browser and needs JavaScript. Without it, start from the <Link to="/">home page</Link>,
            which links every doc and API reference.
          </p>
        </noscript>
        {trimmed && search && (
          <nav aria-label="Kinds of results" className={styles.kinds}>
            <Link to={address(trimmed)} aria-current={kind ? undefined : 'page'} className={styles.kind}>
              All ({all.length})
            </Link>
            {KINDS.filter((k) => (counts.get(k) ?? 0) > 0).map((k) => (
              <Link
                key={k}
                to={address(trimmed, k)}
                aria-current={kind === k ? 'page' : undefined}
                className={styles.kind}
              >
                {KIND_LABELS[k]} ({counts.get(k)})
              </Link>
            ))}
          </nav>
        )}
        <p role="status" className={styles.status}>
          {!trimmed
            ? ''
            : failure
              ? `Search is unavailable: ${failure}`
              : !search
                ? 'Loading the search index…'
                : hits.length === 0
                  ? `No results for “${trimmed}”.`
                  : `${hits.length} results${all.length === PAGE_RESULTS ? ' (the best ones)' : ''}.`}
        </p>
        {hits.length > 0 && (
          <ol className={styles.results} data-testid="search-results">
            {hits.map((hit) => (
              <li key={hit.id}>
                <HitLink to={hit.url} className={styles.result} data-kind={hit.kind}>
                  <SearchHit hit={hit} />
                </HitLink>
              </li>
            ))}
          </ol>
        )}
      </main>
    </Layout>
  );
}
