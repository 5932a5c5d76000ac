/**
 * `@portal/code-block`: the code block behind `@theme/CodeBlock`, resolved by
 * src/plugins/prism-single-instance to the Prism-highlighting block in the
 * server build and to the block that keeps the server's HTML in the browser's.
 */
declare module '@portal/code-block' {
  import type {ReactNode} from 'react';
  import type {Props} from '@theme/CodeBlock';

  export default function CodeBlock(props: Props): ReactNode;
}
