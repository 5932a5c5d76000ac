/**
 * Swizzled (wrapped) `@theme/Mermaid` of @docusaurus/theme-mermaid: a diagram
 * is rendered when it comes near the viewport, so the Mermaid library (about
 * 150 KB gzip) is loaded only by readers who reach a diagram, not by every
 * doc page that has one further down.
 */
import {type ComponentProps, type ReactNode, useEffect, useRef, useState} from 'react';
import Mermaid from '@theme-original/Mermaid';
import styles from './styles.module.css';

export default function LazyMermaid(props: ComponentProps<typeof Mermaid>): ReactNode {
  const placeholder = useRef<HTMLDivElement>(null);
  const [near, setNear] = useState(false);

  useEffect(() => {
    const element = placeholder.current;
    if (!element || near) return undefined;
    if (typeof IntersectionObserver === 'undefined') {
      setNear(true);
      return undefined;
    }
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) setNear(true);
      },
      {rootMargin: '300px 0px'},
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [near]);

  if (near) return <Mermaid {...props} />;
  return (
    <div
      ref={placeholder}
      className={styles.placeholder}
      role="img"
      aria-label="Diagram, shown when scrolled into view"
    >
      <pre className={styles.source}>{props.value}</pre>
    </div>
  );
}
