import {useEffect, useRef, useState, type CSSProperties, type ReactNode} from 'react';
import Link from '@docusaurus/Link';
import useBaseUrl from '@docusaurus/useBaseUrl';
import KeepServerHtml from '../KeepServerHtml';
import {DIAGRAM_MIN_SCALE} from './minScale';
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
 * In development the SVG comes as a prop. The box has the drawing's size from
 * the start (`viewBox`), so a diagram that arrives late moves nothing below it:
 * a link to a heading further down stays on its target.
 */
/**
 * The box of a drawing of `viewBox` "x y width height": its width at most the drawing's; the narrowest the drawing
 * may be drawn, and its shape, for the stylesheet (the placeholder's height before the drawing arrives).
 */
function boxStyle(viewBox: string | undefined): CSSProperties | undefined {
  const [, , width, height] = (viewBox ?? '').split(/[\s,]+/).map(Number);
  if (!width || !height) return undefined;
  return {
    maxWidth: `${width}px`,
    '--diagram-min-width': `${Math.round(width * DIAGRAM_MIN_SCALE)}px`,
    '--diagram-ratio': `${width} / ${height}`,
  } as CSSProperties;
}

/** Holds the drawing's place until it arrives (after a client-side navigation), at the height it will have. */
const PLACEHOLDER = `<div class="${styles.placeholder}"></div>`;

export default function MermaidDiagram({svg, id, viewBox}: {svg?: string; id?: string; viewBox?: string}): ReactNode {
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
      style={boxStyle(viewBox)}
      // A box that may scroll sideways takes the keyboard's focus, as a code block does, so that it scrolls
      // from the keyboard too.
      tabIndex={0}
      role="group"
      aria-label="Diagram"
      html={rendered ?? fetched.svg ?? PLACEHOLDER}
    />
  );
}
