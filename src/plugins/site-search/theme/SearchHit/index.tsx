/**
 * One search result as the navbar box and the search page show it: its kind
 * (an operation by its method), its title with the matched words marked, the
 * service or page it belongs to, "Deprecated" where it is, and a snippet.
 */
import type {AnchorHTMLAttributes, MouseEvent, ReactNode} from 'react';
import clsx from 'clsx';
import useBaseUrl from '@docusaurus/useBaseUrl';
import {useHistory} from '@docusaurus/router';
import type {SearchHit as Hit, SnippetPart} from '@site/src/lib/search/engine';
import type {SearchKind} from '@site/src/lib/search/documents';
import styles from './styles.module.css';

/** How each kind is named to the reader. */
export const KIND_LABELS: Record<SearchKind, string> = {
  doc: 'Doc',
  blog: 'Blog',
  operation: 'Operation',
  schema: 'Schema',
  change: 'Change',
};

/**
 * A link to a result: a plain link whose click is a client-side navigation. Not Docusaurus's `<Link>`, which
 * prefetches the route of every link that comes into view: a list that changes with each key would start
 * prefetches with each key, for results the reader never opens.
 */
export function HitLink({to, onClick, ...props}: {to: string} & AnchorHTMLAttributes<HTMLAnchorElement>): ReactNode {
  const history = useHistory();
  const href = useBaseUrl(to);
  const navigate = (event: MouseEvent<HTMLAnchorElement>) => {
    onClick?.(event);
    if (
      event.defaultPrevented ||
      event.button !== 0 ||
      event.metaKey ||
      event.ctrlKey ||
      event.shiftKey ||
      event.altKey
    )
      return;
    event.preventDefault();
    history.push(to);
  };
  // A plain link on purpose (see above): the click is still a client-side navigation.
  // eslint-disable-next-line @docusaurus/no-html-links
  return <a {...props} href={href} onClick={navigate} />;
}

/** Text with its matched words marked; the words between are plain text (no element of their own to make per key). */
function Marked({parts}: {parts: readonly SnippetPart[]}): ReactNode {
  return parts.map((part, i) => (part.mark ? <mark key={i}>{part.text}</mark> : part.text));
}

export default function SearchHit({hit}: {hit: Hit}): ReactNode {
  const method = hit.kind === 'operation' ? hit.method : undefined;
  return (
    <span className={styles.hit}>
      <span className={styles.line}>
        <span
          className={clsx(styles.kind, styles[`kind-${hit.kind}`], method && styles[method.toLowerCase()])}
          title={method ? 'Operation' : undefined}
        >
          {method ?? KIND_LABELS[hit.kind]}
          {method && <span className={styles.visuallyHidden}> operation</span>}
        </span>
        <span className={styles.title}>
          <Marked parts={hit.titleParts} />
        </span>
        {hit.deprecated && <span className={styles.deprecated}>Deprecated</span>}
      </span>
      <span className={styles.meta}>
        {hit.service}
        {hit.path && (
          <>
            {' · '}
            <code className={styles.path}>{hit.path}</code>
          </>
        )}
      </span>
      {hit.snippet.length > 0 && (
        <span className={styles.snippet}>
          <Marked parts={hit.snippet} />
        </span>
      )}
    </span>
  );
}
