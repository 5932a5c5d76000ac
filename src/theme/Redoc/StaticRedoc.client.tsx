/**
 * Browser side of the static Redoc: during hydration it claims the server's
 * markup and styles without rebuilding them. React keeps the existing DOM of
 * an element whose client `dangerouslySetInnerHTML` differs from the server's,
 * so the whole reference costs no JavaScript to hydrate. After a client-side
 * navigation it shows the reference fetched from the page's HTML instead.
 * (The server build swaps this file for StaticRedoc.server.tsx.)
 */
import type {ReactNode} from 'react';
import type {RedocViewProps, StaticReference} from './types';

export default function StaticRedoc({fetched}: RedocViewProps & {fetched?: StaticReference | null}): ReactNode {
  return (
    <>
      <style
        className="redocusaurus-static-styles"
        suppressHydrationWarning
        dangerouslySetInnerHTML={{__html: fetched?.css ?? ''}}
      />
      <div
        className="redocusaurus redocusaurus-static"
        suppressHydrationWarning
        dangerouslySetInnerHTML={{__html: fetched?.html ?? ''}}
      />
    </>
  );
}
