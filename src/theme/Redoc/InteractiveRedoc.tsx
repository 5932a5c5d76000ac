/**
 * The full, interactive Redoc app (expanding schemas, sample tabs, search),
 * in its own chunk: it is loaded only when a reader starts using the
 * reference, or at once after a client-side navigation.
 */
import {type ReactNode, useEffect, useMemo} from 'react';
import {AppStore, Redoc} from 'redoc';
import type {RedocViewProps} from './types';

export default function InteractiveRedoc({
  spec,
  url,
  options,
  onReady,
}: RedocViewProps & {onReady?: () => void}): ReactNode {
  const store = useMemo(() => new AppStore(spec, url, options), [spec, url, options]);
  useEffect(() => {
    store.onDidMount();
    onReady?.();
    return () => store.dispose();
  }, [store, onReady]);
  return (
    <div className="redocusaurus redocusaurus-interactive">
      <Redoc store={store} />
    </div>
  );
}
