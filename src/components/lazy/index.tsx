import {
  type ComponentType,
  createContext,
  type LazyExoticComponent,
  lazy,
  type ReactNode,
  Suspense,
  useContext,
  useEffect,
  useLayoutEffect,
  useState,
} from 'react';
import Loading from '@theme/Loading';
import useIsBrowser from '@docusaurus/useIsBrowser';
import {contentPending} from '../../lib/anchorHold';

import {LOADING_DELAY_MS} from './delay';

/** Props a lazy component may take to handle a failed chunk itself instead of showing the error box. */
type LoadErrorHandler = {onError?: (error: Error) => void};

const RetryContext = createContext<() => void>(() => undefined);

/**
 * Suspense fallback: nothing for a short while, then the spinner of `@theme/Loading`. While it is shown, the
 * component is on its way and will change the page's size: an anchor's target is held in place until it is in
 * (contentPending). In a layout effect, so that it counts from the commit that shows it to the one that removes it.
 */
function DelayedSpinner(): ReactNode {
  useLayoutEffect(() => contentPending(), []);
  const [pastDelay, setPastDelay] = useState(false);
  useEffect(() => {
    const timer = window.setTimeout(() => setPastDelay(true), LOADING_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, []);
  return <Loading isLoading pastDelay={pastDelay} timedOut={false} error={undefined} retry={() => undefined} />;
}

/** What a failed chunk renders: the caller's onError if it has one, else the error box with Retry. */
function loadFailure(error: Error): ComponentType<LoadErrorHandler> {
  return function LoadFailure({onError}: LoadErrorHandler): ReactNode {
    const retry = useContext(RetryContext);
    useEffect(() => onError?.(error), [onError]);
    if (onError) return null;
    return <Loading isLoading={false} pastDelay timedOut={false} error={error} retry={retry} />;
  };
}

/**
 * A component whose code lives in its own chunk, loaded in the browser with
 * React.lazy and Suspense: `@theme/Loading`'s spinner after 200 ms, and if
 * the chunk fails to load, its error box with a Retry button that fetches it
 * again (or, when the component takes an `onError` prop, the error goes to
 * that instead). The server and the hydration render leave the place empty,
 * as before the chunk is there; the component renders once the page is
 * interactive (an SSR'd Suspense boundary would be streamed out of order by
 * React and revealed later by an inline script).
 *
 * React.lazy rather than react-loadable: react-loadable drops the result of
 * a chunk that arrives while a concurrent (hydration) render is still in
 * progress, which left the component on its placeholder for good on slow
 * machines.
 */
export function lazyComponent<Props extends object>(
  loader: () => Promise<{default: ComponentType<Props>}>,
): ComponentType<Props> {
  // Module-level, so a render that suspends finds the same pending load when
  // React tries again. After a failure the next render starts a fresh load.
  const load = (): LazyExoticComponent<ComponentType<Props>> =>
    lazy(() =>
      loader().catch((error: unknown) => {
        current = load();
        return {
          default: loadFailure(error instanceof Error ? error : new Error(String(error))) as ComponentType<Props>,
        };
      }),
    );
  let current = load();

  function LazyComponent(props: Props): ReactNode {
    const isBrowser = useIsBrowser();
    const [, setAttempt] = useState(0);
    if (!isBrowser) return <DelayedSpinner />;
    const retry = (): void => setAttempt((attempt) => attempt + 1);
    const Component = current;
    return (
      <RetryContext.Provider value={retry}>
        <Suspense fallback={<DelayedSpinner />}>
          <Component {...props} />
        </Suspense>
      </RetryContext.Provider>
    );
  }
  return LazyComponent;
}
