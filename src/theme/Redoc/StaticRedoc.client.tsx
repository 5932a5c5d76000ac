/**
 * Browser side of the static Redoc: during hydration it claims the server's
 * markup and styles without rebuilding them. React keeps the existing DOM of
 * an element whose client `dangerouslySetInnerHTML` differs from the server's,
 * so the whole reference costs no JavaScript to hydrate.
 * (The server build swaps this file for StaticRedoc.server.tsx.)
 */
import type {ReactNode} from 'react';
import type {RedocViewProps} from './types';

export default function StaticRedoc(_props: RedocViewProps): ReactNode {
  return (
    <>
      <style className="redocusaurus-static-styles" suppressHydrationWarning dangerouslySetInnerHTML={{__html: ''}} />
      <div
        className="redocusaurus redocusaurus-static"
        suppressHydrationWarning
        dangerouslySetInnerHTML={{__html: ''}}
      />
    </>
  );
}
