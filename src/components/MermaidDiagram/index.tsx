import {useEffect, useRef, useState, type ReactNode} from 'react';
import Link from '@docusaurus/Link';
import useBaseUrl from '@docusaurus/useBaseUrl';
import KeepServerHtml from '../KeepServerHtml';
import {readDiagram} from './store.client';
import styles from './styles.module.css';

/**
 * A Mermaid diagram drawn at build time (src/plugins/mermaid-prerender): the
 * SVG as Mermaid made it, with its accessible title and description.
 *
 * In production the page's JavaScript holds only the diagram's id: the server
 * render puts the SVG into the HTML (store.server.ts reads it), hydration
 * keeps it (KeepServerHtml), and after a client-side navigation the SVG is
 * fetched from /diagrams/<id>.svg.
 * In development the SVG comes as a prop.
 */
export default function MermaidDiagram({svg, id}: {svg?: string; id?: string}): ReactNode {
  const rendered = svg ?? (id ? readDiagram(id) : null);
  const url = useBaseUrl(`/diagrams/${id ?? ''}.svg`);
  const box = useRef<HTMLDivElement>(null);
  const [fetched, setFetched] = useState<{svg?: string; error?: string}>({});

  useEffect(() => {
    // Served with the page (or given as a prop): nothing to fetch.
    if (rendered !== null || !id || box.current?.querySelector('svg')) return undefined;
    let current = true;
    fetch(url)
      .then((response) => {
        if (!response.ok) throw new Error(`HTTP ${response.status}`);
        return response.text();
      })
      .then(
        (text) => current && setFetched({svg: text}),
        (error: unknown) => current && setFetched({error: error instanceof Error ? error.message : String(error)}),
      );
    return () => {
      current = false;
    };
  }, [id, rendered, url]);

  if (fetched.error) {
    return (
      <p className={styles.failed} role="note" data-testid="mermaid-diagram-error">
        The diagram could not be loaded ({fetched.error}). <Link to={`pathname://${url}`}>Open the diagram</Link> or
        reload the page.
      </p>
    );
  }
  return (
    <KeepServerHtml
      ref={box}
      className={styles.diagram}
      data-testid="mermaid-diagram"
      data-diagram-id={id}
      html={rendered ?? fetched.svg ?? ''}
    />
  );
}
