/**
 * The code block in the server build (twin of CodeBlock.client.tsx): the full code block, highlighted
 * with Prism, inside the wrapper whose inner HTML the browser keeps through
 * hydration (CodeBlock.client.tsx).
 */
import type {ReactNode} from 'react';
import type {Props} from '@theme/CodeBlock';
import InteractiveCodeBlock from './Interactive';
import styles from './styles.module.css';

export default function ServerCodeBlock(props: Props): ReactNode {
  return (
    <div className={styles.codeBlock} data-code-block="server">
      <InteractiveCodeBlock {...props} />
    </div>
  );
}
