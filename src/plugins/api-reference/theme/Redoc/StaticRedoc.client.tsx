/**
 * Browser side of the static Redoc: during hydration it keeps the server's
 * markup and styles without rebuilding them (KeepServerHtml), so the whole
 * reference costs no JavaScript to hydrate. After a client-side navigation it
 * shows the reference fetched from the page's HTML instead. (The server build
 * uses StaticRedoc.server.tsx, see src/plugins/server-client-pairs.)
 */
import type {ReactNode} from 'react';
import KeepServerHtml from '@site/src/components/KeepServerHtml';
import type {RedocViewProps, StaticReference} from './types';

export default function StaticRedoc({fetched}: RedocViewProps & {fetched?: StaticReference | null}): ReactNode {
  return (
    <>
      <KeepServerHtml as="style" className="redocusaurus-static-styles" html={fetched?.css ?? ''} />
      <KeepServerHtml className="redocusaurus redocusaurus-static" html={fetched?.html ?? ''} />
    </>
  );
}
