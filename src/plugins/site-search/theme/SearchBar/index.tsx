/**
 * The navbar's search box: one ranked list of docs, operations, schemas and
 * API changes as the reader types (the index loads on the box's first focus).
 * A combobox with a listbox of results, as WAI-ARIA describes it: arrows move
 * through the results, Enter opens one (or the results page when none is
 * chosen), Escape closes the list and then clears the box; Ctrl+K (⌘K on a Mac)
 * or "/" anywhere on the page puts the cursor in the box. Without JavaScript the
 * box is a form that opens the results page.
 */
import {
  type CSSProperties,
  type FormEvent,
  type KeyboardEvent,
  type ReactNode,
  useEffect,
  useId,
  useMemo,
  useRef,
  useState,
} from 'react';
import clsx from 'clsx';
import useBaseUrl from '@docusaurus/useBaseUrl';
import {useHistory} from '@docusaurus/router';
import useIsomorphicLayoutEffect from '@docusaurus/useIsomorphicLayoutEffect';
import SearchHit, {HitLink} from '../SearchHit';
import {SEARCH_ROUTE, searchPageUrl} from '@site/src/lib/search/urls';
import {loadSearch, useSearchIndexUrl, type Search} from '../../client';
import styles from './styles.module.css';

/** Results in the box; the results page has them all. */
const BOX_RESULTS = 8;

/**
 * Characters of a snippet in the box: about two lines on a phone, so that the first screen shows more results
 * (the results page shows longer ones). Each key lays out and paints less text.
 */
const BOX_SNIPPET = 100;

/** Whether a key press is typed into a field, where "/" is a character and not the shortcut. */
const typingInField = (target: EventTarget | null): boolean =>
  target instanceof HTMLElement && (target.isContentEditable || /^(INPUT|TEXTAREA|SELECT)$/.test(target.tagName));

export default function SearchBar(): ReactNode {
  const indexUrl = useSearchIndexUrl();
  const history = useHistory();
  const pageUrl = useBaseUrl(SEARCH_ROUTE);
  const inputRef = useRef<HTMLInputElement>(null);
  const formRef = useRef<HTMLFormElement>(null);
  const id = useId();
  const [query, setQuery] = useState('');
  const [search, setSearch] = useState<Search | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const [isMac, setIsMac] = useState(false);

  const start = (): void => {
    setOpen(true);
    if (search) return;
    loadSearch(indexUrl).then(
      (loaded) => {
        setSearch(() => loaded);
        setActive(-1);
        setFailure(null);
      },
      (error: unknown) => setFailure(error instanceof Error ? error.message : String(error)),
    );
  };

  const trimmed = query.trim();
  const hits = useMemo(() => (search && trimmed ? search(trimmed, BOX_RESULTS, BOX_SNIPPET) : []), [search, trimmed]);
  // The results, then "all results" (only once the results are known).
  const optionCount = search && trimmed ? hits.length + 1 : 0;
  const expanded = open && trimmed.length > 0;

  // On a phone the list spans the screen from the navbar's bottom edge (styles.module.css), which is lower while the
  // announcement bar is above it: measured when the list opens and as the page scrolls, not on each key.
  const [navbarBottom, setNavbarBottom] = useState<number | null>(null);
  useIsomorphicLayoutEffect(() => {
    const navbar = formRef.current?.closest('.navbar');
    if (!expanded || !navbar) return undefined;
    const measure = () => setNavbarBottom(Math.max(0, Math.round(navbar.getBoundingClientRect().bottom)));
    measure();
    window.addEventListener('scroll', measure, {passive: true});
    window.addEventListener('resize', measure);
    return () => {
      window.removeEventListener('scroll', measure);
      window.removeEventListener('resize', measure);
    };
  }, [expanded]);

  // Ctrl+K / ⌘K and "/" put the cursor in the box from anywhere on the page.
  useEffect(() => {
    setIsMac(/Mac|iPhone|iPad/.test(navigator.platform));
    const onKeyDown = (event: globalThis.KeyboardEvent) => {
      const shortcut = (event.ctrlKey || event.metaKey) && !event.altKey && event.key.toLowerCase() === 'k';
      const slash = event.key === '/' && !event.ctrlKey && !event.metaKey && !typingInField(event.target);
      if (!shortcut && !slash) return;
      event.preventDefault();
      inputRef.current?.focus();
      inputRef.current?.select();
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, []);

  const optionId = (i: number): string => `${id}-option-${i}`;
  const go = (to: string): void => {
    setOpen(false);
    inputRef.current?.blur();
    history.push(to);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>): void => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      setOpen(true);
      if (optionCount === 0) return;
      // Positions -1 (the box itself) to optionCount - 1, round and round.
      const step = event.key === 'ArrowDown' ? 1 : -1;
      setActive((current) => ((current + 1 + step + optionCount + 1) % (optionCount + 1)) - 1);
      return;
    }
    if (event.key === 'Escape') {
      // A search field clears itself on Escape: the first Escape only closes the list.
      if (expanded) {
        event.preventDefault();
        setOpen(false);
      } else setQuery('');
    }
  };

  const onSubmit = (event: FormEvent): void => {
    event.preventDefault();
    if (!trimmed) return;
    const hit = active >= 0 ? hits[active] : undefined;
    go(hit ? hit.url : searchPageUrl(trimmed));
  };

  // Arrow keys cycle through the options and back to the box itself (no option chosen, -1).
  const activeIndex = active >= optionCount ? -1 : active;

  const status = !trimmed
    ? ''
    : failure
      ? `Search is unavailable: ${failure}`
      : !search
        ? 'Loading the search index…'
        : hits.length === 0
          ? `No results for “${trimmed}”`
          : `${hits.length} results`;

  return (
    <form
      ref={formRef}
      className={clsx('navbar__search', styles.search)}
      role="search"
      aria-label="Site"
      action={pageUrl}
      method="get"
      onSubmit={onSubmit}
    >
      <input
        ref={inputRef}
        className={clsx('navbar__search-input', styles.input)}
        type="search"
        name="q"
        value={query}
        placeholder="Search"
        autoComplete="off"
        spellCheck={false}
        role="combobox"
        aria-label="Search docs and APIs"
        aria-autocomplete="list"
        aria-expanded={expanded}
        aria-controls={expanded ? `${id}-listbox` : undefined}
        aria-activedescendant={expanded && activeIndex >= 0 ? optionId(activeIndex) : undefined}
        aria-keyshortcuts="Control+K Meta+K /"
        onChange={(event) => {
          // New results: no option is chosen (one render per key, not a second one from an effect).
          setQuery(event.target.value);
          setActive(-1);
          setOpen(true);
        }}
        onFocus={start}
        onClick={start}
        onBlur={() => setOpen(false)}
        onKeyDown={onKeyDown}
      />
      {!query && (
        <kbd className={styles.shortcut} aria-hidden="true">
          {isMac ? '⌘' : 'Ctrl'} K
        </kbd>
      )}
      {expanded && (
        <div
          className={styles.dropdown}
          data-testid="search-dropdown"
          style={navbarBottom === null ? undefined : ({'--search-navbar-bottom': `${navbarBottom}px`} as CSSProperties)}
        >
          {(hits.length === 0 || !search) && <p className={styles.status}>{status}</p>}
          {optionCount > 0 && (
            <div role="listbox" id={`${id}-listbox`} aria-label="Search results" className={styles.list}>
              {hits.map((hit, i) => (
                <HitLink
                  // Keyed by place: the next key's results reuse these elements and change their text, rather than
                  // removing the list and making a new one.
                  key={i}
                  id={optionId(i)}
                  role="option"
                  aria-selected={i === activeIndex}
                  tabIndex={-1}
                  to={hit.url}
                  className={clsx(styles.option, i === activeIndex && styles.active)}
                  data-kind={hit.kind}
                  // Keep the focus in the box while the pointer is down, so the list stays open for the click.
                  onMouseDown={(event) => event.preventDefault()}
                  onClick={() => {
                    setOpen(false);
                    inputRef.current?.blur();
                  }}
                >
                  <SearchHit hit={hit} />
                </HitLink>
              ))}
              <HitLink
                id={optionId(hits.length)}
                role="option"
                aria-selected={activeIndex === hits.length}
                tabIndex={-1}
                to={searchPageUrl(trimmed)}
                className={clsx(styles.option, styles.all, activeIndex === hits.length && styles.active)}
                onMouseDown={(event) => event.preventDefault()}
                onClick={() => setOpen(false)}
              >
                See all results for “{trimmed}”
              </HitLink>
            </div>
          )}
        </div>
      )}
      <span className={styles.visuallyHidden} role="status">
        {expanded ? status : ''}
      </span>
    </form>
  );
}
