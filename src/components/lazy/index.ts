import type {ComponentType} from 'react';
import Loadable from 'react-loadable';
import Loading from '@theme/Loading';

/** Delay before the spinner shows (spec section 9: loading indicator delay 200 ms). */
export const LOADING_DELAY_MS = 200;

/**
 * A component whose code lives in its own chunk, loaded on first render with
 * Docusaurus's own loader (react-loadable) and `@theme/Loading`: a spinner
 * after 200 ms, and on a failed chunk an error box with a Retry button.
 */
export function lazyComponent<Props extends object>(
  loader: () => Promise<{default: ComponentType<Props>}>,
): ComponentType<Props> {
  return Loadable({loader, loading: Loading, delay: LOADING_DELAY_MS}) as ComponentType<Props>;
}
