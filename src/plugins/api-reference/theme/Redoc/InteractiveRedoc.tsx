/**
 * The full, interactive Redoc app (expanding schemas, sample tabs, search),
 * in its own chunk: it is loaded only when a reader starts using the
 * reference, or at once after a client-side navigation. It fetches its spec
 * (JSON, with the generated code samples) from the page's specUrl.
 */
import {type ReactNode, useEffect, useMemo, useState} from 'react';
import {AppStore, Redoc} from 'redoc';
import Loading from '@theme/Loading';
import type {InteractiveRedocProps, Spec} from './types';

type Loaded = {spec: Spec} | {error: Error} | null;

export default function InteractiveRedoc({specUrl, url, options, onReady, onError}: InteractiveRedocProps): ReactNode {
  const [attempt, setAttempt] = useState(0);
  const [loaded, setLoaded] = useState<Loaded>(null);

  useEffect(() => {
    let cancelled = false;
    setLoaded(null);
    fetch(specUrl)
      .then(async (response) => {
        if (!response.ok) throw new Error(`${specUrl} answered ${response.status} ${response.statusText}`);
        return (await response.json()) as Spec;
      })
      .then(
        (spec) => !cancelled && setLoaded({spec}),
        (error: unknown) => !cancelled && setLoaded({error: error instanceof Error ? error : new Error(String(error))}),
      );
    return () => {
      cancelled = true;
    };
  }, [specUrl, attempt]);

  const error = loaded && 'error' in loaded ? loaded.error : undefined;
  useEffect(() => {
    if (error) onError?.(error);
  }, [error, onError]);

  if (!loaded || 'error' in loaded) {
    return (
      <Loading
        isLoading={!loaded}
        pastDelay
        timedOut={false}
        error={loaded?.error}
        retry={() => setAttempt((n) => n + 1)}
      />
    );
  }
  return <InteractiveApp spec={loaded.spec} url={url} options={options} onReady={onReady} />;
}

function InteractiveApp({
  spec,
  url,
  options,
  onReady,
}: Pick<InteractiveRedocProps, 'url' | 'options' | 'onReady'> & {spec: Spec}): ReactNode {
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
