/**
 * Wrapped `@theme/MDXComponents`: Docusaurus's components for Markdown, plus
 * MermaidDiagram, which the build's Mermaid step puts in place of each
 * ```mermaid block (src/plugins/mermaid-prerender).
 */
import MDXComponents from '@theme-original/MDXComponents';
import MermaidDiagram from '@site/src/components/MermaidDiagram';

export default {
  ...MDXComponents,
  MermaidDiagram,
};
