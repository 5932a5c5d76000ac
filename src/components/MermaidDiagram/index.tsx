import type {ReactNode} from 'react';
import styles from './styles.module.css';

/**
 * A Mermaid diagram drawn at build time (src/plugins/mermaid-prerender): the
 * SVG as Mermaid made it, with its accessible title and description.
 */
export default function MermaidDiagram({svg}: {svg: string}): ReactNode {
  return <div className={styles.diagram} data-testid="mermaid-diagram" dangerouslySetInnerHTML={{__html: svg}} />;
}
