/**
 * The full Docusaurus code block (Prism highlighting, copy and word-wrap
 * buttons), with the site's Prism and its extra languages. Its own chunk:
 * a page loads it only when it needs it (see CodeBlock.client.tsx).
 */
import 'prismjs';
import {type ReactNode, useLayoutEffect} from 'react';
import type {Props} from '@theme/CodeBlock';
import CodeBlock from '@theme-original/CodeBlock';

export default function InteractiveCodeBlock({onReady, ...props}: Props & {onReady?: () => void}): ReactNode {
  // Before paint, so the block that it replaces goes in the same frame.
  useLayoutEffect(() => onReady?.(), [onReady]);
  return <CodeBlock {...props} />;
}
