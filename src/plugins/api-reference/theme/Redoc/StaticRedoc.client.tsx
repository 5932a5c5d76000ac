/**
 * Browser side of the static Redoc: during hydration it keeps the server's
 * markup and styles without rebuilding them (KeepServerHtml), so the whole
 * reference costs no JavaScript to hydrate. After a client-side navigation it
 * shows the reference fetched from the page's HTML instead: the nodes parsed
 * from that page move into this one (and back when it unmounts, so that a
 * second mount shows them again), without being serialised and parsed anew. The fetched reference
 * keeps skipping its off-screen sections on the way to an anchor: drawing all of the container
 * reference's sections first took seconds on a phone.
 * (The server build uses StaticRedoc.server.tsx, see src/plugins/server-client-pairs.)
 */
import {type ReactNode, useLayoutEffect, useRef} from 'react';
import KeepServerHtml from '@site/src/components/KeepServerHtml';
import {repairedMark} from './a11y';
import type {FetchedReference, RedocViewProps} from './types';

function FetchedContent({content}: {content: Element}): ReactNode {
  const ref = useRef<HTMLDivElement>(null);
  useLayoutEffect(() => {
    const element = ref.current;
    if (!element) return undefined;
    element.replaceChildren(...content.childNodes);
    return () => content.replaceChildren(...element.childNodes);
  }, [content]);
  // `data-fetched`: its off-screen sections stay skipped even on the way to an anchor (src/css/custom.css);
  // the scroll to the target holds it in place while the sections near it are drawn (./sections.ts).
  return <div ref={ref} className="redocusaurus redocusaurus-static" data-fetched="" {...repairedMark} />;
}

export default function StaticRedoc({fetched}: RedocViewProps & {fetched?: FetchedReference | null}): ReactNode {
  return (
    <>
      <KeepServerHtml as="style" className="redocusaurus-static-styles" html={fetched?.css ?? ''} />
      {fetched ? (
        <FetchedContent content={fetched.content} />
      ) : (
        <KeepServerHtml className="redocusaurus redocusaurus-static" html="" {...repairedMark} />
      )}
    </>
  );
}
