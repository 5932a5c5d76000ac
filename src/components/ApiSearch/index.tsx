/**
 * API operations and schemas in the navbar search: listens to the search box
 * of the local search plugin, loads the build-time index on first focus and
 * shows the matching operations (method, path, summary, service) beside the
 * doc hits. Choosing one opens the API page at the operation's anchor.
 */
import {type ReactNode, useEffect, useLayoutEffect, useRef, useState} from 'react';
import Link from '@docusaurus/Link';
import {type ApiSearchHit, type ApiSearchIndex, searchApi} from '@site/src/lib/openapi/searchIndex';
import {API_SEARCH_INDEX_URL} from '@site/src/lib/openapi/urls';
import styles from './styles.module.css';

const PANEL_WIDTH = 420;

let indexPromise: Promise<ApiSearchIndex> | undefined;
function loadIndex(): Promise<ApiSearchIndex> {
  indexPromise ??= fetch(API_SEARCH_INDEX_URL).then((response) => {
    if (!response.ok) throw new Error(`API search index: HTTP ${response.status}`);
    return response.json() as Promise<ApiSearchIndex>;
  });
  indexPromise.catch(() => {
    indexPromise = undefined;
  });
  return indexPromise;
}

interface Position {
  top: number;
  left: number;
  width: number;
}

/** Width of the doc hits dropdown of search-local (its CSS variable, 560px by default). */
function docHitsWidth(input: HTMLInputElement): number {
  const value = parseFloat(getComputedStyle(input).getPropertyValue('--search-local-modal-width'));
  return Number.isFinite(value) && value > 0 ? value : 560;
}

/** Where search-local's dropdown will appear: 8px below the search box's wrapper, right-aligned to it. */
function expectedDocHits(input: HTMLInputElement): {top: number; left: number} {
  const wrapperRect = (input.parentElement ?? input).getBoundingClientRect();
  return {top: wrapperRect.bottom + 8, left: wrapperRect.right - docHitsWidth(input)};
}

/**
 * Beside the doc hits when there is room, otherwise below them (phones).
 * Before the doc hits have rendered (their index loads on the first focus),
 * the panel takes the place beside where they will appear, so it does not jump
 * sideways when they arrive.
 */
function panelPosition(input: HTMLInputElement): Position {
  const docHits = input.parentElement?.querySelector<HTMLElement>('[role="listbox"]');
  const hitsRect = docHits && docHits.offsetParent !== null ? docHits.getBoundingClientRect() : undefined;
  const inputRect = input.getBoundingClientRect();
  const width = Math.min(PANEL_WIDTH, window.innerWidth - 16);
  const expected = hitsRect ?? expectedDocHits(input);
  if (expected.left - width - 8 >= 8) {
    return {top: expected.top, left: expected.left - width - 8, width};
  }
  const anchor = hitsRect ?? inputRect;
  const top = (hitsRect ? hitsRect.bottom : inputRect.bottom) + 8;
  const left = Math.max(8, Math.min(anchor.right - width, window.innerWidth - width - 8));
  return {top, left, width};
}

export default function ApiSearch(): ReactNode {
  const anchorRef = useRef<HTMLSpanElement>(null);
  const [input, setInput] = useState<HTMLInputElement | null>(null);
  const [query, setQuery] = useState('');
  const [index, setIndex] = useState<ApiSearchIndex | null>(null);
  const [open, setOpen] = useState(false);
  const [position, setPosition] = useState<Position | null>(null);
  const pressing = useRef(false);

  // Find the plugin's search box next to us and follow what the reader types.
  useEffect(() => {
    const box = anchorRef.current?.parentElement?.querySelector<HTMLInputElement>('input.navbar__search-input');
    if (!box) return undefined;
    setInput(box);
    const onInput = () => {
      setQuery(box.value);
      setOpen(true);
    };
    const onFocus = () => {
      pressing.current = false;
      loadIndex().then(setIndex, (error: unknown) => console.warn(error));
      setOpen(true);
    };
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'Escape') setOpen(false);
    };
    box.addEventListener('input', onInput);
    box.addEventListener('focus', onFocus);
    box.addEventListener('keydown', onKeyDown);
    return () => {
      box.removeEventListener('input', onInput);
      box.removeEventListener('focus', onFocus);
      box.removeEventListener('keydown', onKeyDown);
    };
  }, []);

  // Close when the reader clicks elsewhere.
  useEffect(() => {
    if (!open) return undefined;
    const onPointerDown = (event: PointerEvent) => {
      const target = event.target as Node;
      if (input?.contains(target) || document.getElementById('api-search-panel')?.contains(target)) return;
      setOpen(false);
    };
    document.addEventListener('pointerdown', onPointerDown);
    return () => document.removeEventListener('pointerdown', onPointerDown);
  }, [open, input]);

  const hits: ApiSearchHit[] = index && query.trim().length >= 2 ? searchApi(index, query) : [];
  const visible = open && hits.length > 0;

  useLayoutEffect(() => {
    if (!visible || !input) return undefined;
    // The doc hits render and resize asynchronously (their index loads on first focus):
    // place the panel now and again whenever the search box's surroundings change.
    const place = () => {
      // While the reader presses a hit, the doc hits close (the search box blurs): keep the panel still.
      if (pressing.current) return;
      const next = panelPosition(input);
      setPosition((prev) =>
        prev && prev.top === next.top && prev.left === next.left && prev.width === next.width ? prev : next,
      );
    };
    place();
    const observer = new MutationObserver(place);
    if (input.parentElement) {
      observer.observe(input.parentElement, {
        childList: true,
        subtree: true,
        attributes: true,
        attributeFilter: ['style', 'class'],
      });
    }
    window.addEventListener('resize', place);
    return () => {
      observer.disconnect();
      window.removeEventListener('resize', place);
    };
  }, [visible, input, query]);

  return (
    <span ref={anchorRef} className={styles.anchor}>
      {visible && position && (
        <div
          id="api-search-panel"
          className={styles.panel}
          style={{top: position.top, left: position.left, width: position.width}}
          role="region"
          aria-label="API operations"
          onPointerDown={() => {
            pressing.current = true;
          }}
        >
          <p className={styles.heading}>API operations</p>
          <ul className={styles.list}>
            {hits.map((hit) => (
              <li key={`${hit.kind}-${hit.href}-${hit.kind === 'schema' ? hit.schema.name : ''}`}>
                <Link
                  to={hit.href}
                  className={styles.hit}
                  onClick={() => {
                    pressing.current = false;
                    setOpen(false);
                  }}
                  data-testid="api-search-hit"
                >
                  {hit.kind === 'operation' ? (
                    <>
                      <span className={styles.line}>
                        <span className={`${styles.method} ${styles[hit.op.method.toLowerCase()] ?? ''}`}>
                          {hit.op.method}
                        </span>
                        <code className={styles.path}>{hit.op.path}</code>
                      </span>
                      <span className={styles.summary}>{hit.op.summary}</span>
                      <span className={styles.meta}>
                        {hit.service} · {hit.op.operationId}
                      </span>
                    </>
                  ) : (
                    <>
                      <span className={styles.line}>
                        <span className={`${styles.method} ${styles.schema}`}>SCHEMA</span>
                        <code className={styles.path}>{hit.schema.name}</code>
                      </span>
                      <span className={styles.summary}>
                        Used by {hit.op.method} {hit.op.path}
                      </span>
                      <span className={styles.meta}>{hit.service}</span>
                    </>
                  )}
                </Link>
              </li>
            ))}
          </ul>
        </div>
      )}
    </span>
  );
}
