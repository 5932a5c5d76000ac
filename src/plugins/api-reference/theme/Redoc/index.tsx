/**
 * `@theme/Redoc` of the api-reference plugin, in place of docusaurus-theme-redoc's.
 *
 * The stock component server-renders Redoc and then hydrates the whole tree,
 * which on a large spec blocks the main thread for seconds, and its style
 * container did not match between server and client (React error #418).
 * This version:
 * - server: renders the reference to static HTML with its CSS;
 * - hydration: keeps that HTML as it is (no Redoc code runs), and makes the
 *   side menu scroll to its sections with one delegated click handler;
 * - client-side navigation: fetches the page's static HTML and shows it;
 * - first interaction inside the reference (pointer, key, focus): loads the
 *   interactive Redoc chunk and swaps it in, keeping the reader at the same
 *   section.
 */
import {type ReactNode, type SyntheticEvent, useCallback, useEffect, useLayoutEffect, useRef, useState} from 'react';
import Loading from '@theme/Loading';
import useIsBrowser from '@docusaurus/useIsBrowser';
import {useHistory} from '@docusaurus/router';
// docusaurus-theme-redoc's stylesheet of the reference inside a Docusaurus page.
import 'docusaurus-theme-redoc/dist/theme/Redoc/styles.css';
import {lazyComponent} from '@site/src/components/lazy';
import TryIt from '../TryIt';
import {BAR_ATTRIBUTE} from '../TryIt/buttons';
import StaticRedoc from './StaticRedoc.client';
import {useRedocOptions} from './options';
import {keepRedocMarkupRepaired} from './a11y';
import type {ApiPageProps, FetchedReference} from './types';
import {
  type ChooserPlace,
  chooserPlace,
  focusChooser,
  otherPageLink,
  restoreSection,
  scrollToHash,
  scrollToMenuTarget,
  sectionAtTop,
  takeStaticReference,
} from './sections';
import styles from './styles.module.css';

const InteractiveRedoc = lazyComponent(() => import(/* webpackChunkName: "redoc-interactive" */ './InteractiveRedoc'));

type Mode = 'fetching' | 'static' | 'upgrading' | 'interactive';

export default function Redoc({specId, pageKey, url, specUrl}: ApiPageProps): ReactNode {
  const isBrowser = useIsBrowser();
  // Decided once: on the server and while hydrating, start static. After a
  // client-side navigation there is no server HTML in the page: fetch the
  // page's static HTML (one request, cheap to show) and fall back to the
  // interactive app if that fails.
  // Under `npm start` nothing is server-rendered: the page shows the interactive reference at once.
  const [mode, setMode] = useState<Mode>(() => {
    if (process.env.NODE_ENV === 'development') return 'interactive';
    return isBrowser ? 'fetching' : 'static';
  });
  const [fetched, setFetched] = useState<FetchedReference | null>(null);
  const [upgradeError, setUpgradeError] = useState<Error | null>(null);
  const options = useRedocOptions();

  useEffect(() => {
    if (mode !== 'fetching') return undefined;
    let cancelled = false;
    void takeStaticReference(window.location.pathname).then((reference) => {
      if (cancelled) return;
      setFetched(reference);
      setMode(reference ? 'static' : 'interactive');
    });
    return () => {
      cancelled = true;
    };
  }, [mode]);

  // The router scrolled to the hash before the fetched reference was there.
  useEffect(() => {
    if (fetched) scrollToHash();
  }, [fetched]);

  // Where the reader is when they start using the reference: the section at
  // the top of the viewport, and the scroll offset.
  const pendingAnchor = useRef<string | undefined>(undefined);
  const scrollAtUpgrade = useRef(0);
  // The example chooser the reader touched, if that started the upgrade: its interactive twin gets the focus.
  const pendingChooser = useRef<ChooserPlace | undefined>(undefined);

  // Accessibility repairs of Redoc's markup (see ./a11y), for the static and the interactive reference.
  const container = useRef<HTMLDivElement>(null);
  useEffect(() => (container.current ? keepRedocMarkupRepaired(container.current) : undefined), []);

  const upgrade = useCallback((event: SyntheticEvent) => {
    // Try it works on the static reference: its buttons, and its console (drawn in a portal, whose
    // events React still bubbles through here), do not start loading Redoc's own JavaScript.
    const target = event.target;
    const inConsole = !(target instanceof Node) || !container.current?.contains(target);
    if (inConsole || (target instanceof Element && target.closest(`[${BAR_ATTRIBUTE}]`))) return;
    // A link to another page leaves this one: nothing here to make interactive.
    if (otherPageLink(event.nativeEvent as MouseEvent)) return;
    setMode((current) => {
      if (current !== 'static') return current;
      setUpgradeError(null);
      pendingAnchor.current = sectionAtTop();
      pendingChooser.current = chooserPlace(target);
      scrollAtUpgrade.current = window.scrollY;
      return 'upgrading';
    });
  }, []);

  // A click on an entry of the static menu: the upgrade its pointerdown started puts the reader at that
  // entry's section, not at the section they were reading when they pressed.
  const history = useHistory();
  const onMenuClick = useCallback(
    (event: React.MouseEvent<HTMLElement>) => {
      // A link to another page of the portal: the router's navigation, as a Docusaurus link has.
      const to = otherPageLink(event);
      if (to) {
        event.preventDefault();
        history.push(to);
        return;
      }
      const id = scrollToMenuTarget(event);
      if (!id) return;
      pendingAnchor.current = id;
      scrollAtUpgrade.current = window.scrollY;
    },
    [history],
  );

  const modeRef = useRef(mode);
  modeRef.current = mode;
  const onReady = useCallback(() => {
    if (modeRef.current !== 'upgrading') return;
    // Redoc scrolls to the location hash when it mounts: undo that while the static reference is still shown.
    window.scrollTo(0, scrollAtUpgrade.current);
    setMode((current) => (current === 'upgrading' ? 'interactive' : current));
  }, []);

  // The interactive reference could not start (e.g. its spec did not load):
  // stay on the static one, say so, and try again on the next interaction.
  const onError = useCallback((error: Error) => {
    setMode((current) => {
      if (current !== 'upgrading') return current;
      setUpgradeError(error);
      return 'static';
    });
  }, []);

  // Once the interactive reference replaced the static one, put the reader back at the same section.
  useLayoutEffect(() => {
    if (mode !== 'interactive') return undefined;
    const chooser = pendingChooser.current;
    pendingChooser.current = undefined;
    if (chooser) focusChooser(chooser);
    if (!pendingAnchor.current) return undefined;
    const anchor = pendingAnchor.current;
    pendingAnchor.current = undefined;
    restoreSection(anchor);
    // Redoc may still adjust the scroll position right after mounting.
    const frame = requestAnimationFrame(() => restoreSection(anchor));
    return () => cancelAnimationFrame(frame);
  }, [mode]);

  const viewProps = {specId, pageKey, url, options};
  return (
    <div
      ref={container}
      className={styles.container}
      data-redoc-mode={mode}
      onPointerDownCapture={upgrade}
      onKeyDownCapture={upgrade}
      onFocusCapture={upgrade}
      onClickCapture={mode === 'interactive' ? undefined : onMenuClick}
    >
      {mode === 'fetching' && (
        <Loading isLoading pastDelay timedOut={false} error={undefined} retry={() => undefined} />
      )}
      {(mode === 'static' || mode === 'upgrading') && <StaticRedoc {...viewProps} fetched={fetched} />}
      {mode === 'upgrading' && (
        <div className={styles.preparing} role="status">
          Loading the interactive reference…
        </div>
      )}
      {mode === 'static' && upgradeError && (
        <div className={`alert alert--warning ${styles.failed}`} role="alert">
          The interactive reference could not load ({upgradeError.message}). Click or press a key in the reference to
          try again.
        </div>
      )}
      {(mode === 'upgrading' || mode === 'interactive') && (
        <div className={mode === 'upgrading' ? styles.offscreen : undefined}>
          <InteractiveRedoc
            {...viewProps}
            specUrl={specUrl}
            onReady={onReady}
            onError={mode === 'upgrading' ? onError : undefined}
          />
        </div>
      )}
      <TryIt specId={specId} root={container} />
    </div>
  );
}
