/**
 * The code block in the browser (the server build uses CodeBlock.server.tsx,
 * see src/plugins/server-client-pairs). Prism is the heaviest part of a doc
 * page's JavaScript (about 30 KB gzip) and re-highlighting every block while
 * the page hydrates is its longest task, yet the server HTML already holds the
 * highlighted code. So:
 *
 * - A block that hydrates keeps the server's HTML as it is: React leaves the
 *   inner HTML of an element rendered with `dangerouslySetInnerHTML` alone
 *   while hydrating (src/components/KeepServerHtml). Its copy button
 *   works at once (a native copy of the code). When the reader points at the
 *   block or moves the focus into it, the full block (Prism, copy and
 *   word-wrap buttons) loads in its own chunk, renders hidden, and replaces
 *   the server's HTML in the same frame, keeping the focus where it was.
 * - A block rendered after a client-side navigation has no server HTML: the
 *   full block loads at once (with the usual delayed spinner).
 */
import {type MouseEvent, type ReactNode, useCallback, useLayoutEffect, useRef, useState} from 'react';
import useIsBrowser from '@docusaurus/useIsBrowser';
import type {Props} from '@theme/CodeBlock';
import KeepServerHtml from '../KeepServerHtml';
import {lazyComponent} from '../lazy';
import styles from './styles.module.css';

const InteractiveCodeBlock = lazyComponent(
  () => import(/* webpackChunkName: "code-block-interactive" */ './Interactive'),
);

/** The code as text, for the copy button of a block that still shows the server's HTML. */
function codeText(children: Props['children']): string {
  return typeof children === 'string' ? children : Array.isArray(children) ? children.join('') : String(children ?? '');
}

export default function ClientCodeBlock(props: Props): ReactNode {
  // False while hydrating (the block has server HTML), true after a client-side navigation.
  const isBrowser = useIsBrowser();
  const [fromServer] = useState(() => !isBrowser);
  const [wanted, setWanted] = useState(!fromServer);
  const [ready, setReady] = useState(!fromServer);
  const staticRef = useRef<HTMLDivElement>(null);
  const liveRef = useRef<HTMLDivElement>(null);
  const hadFocus = useRef(false);

  const onReady = useCallback(() => {
    hadFocus.current = Boolean(staticRef.current?.contains(document.activeElement));
    setReady(true);
  }, []);

  useLayoutEffect(() => {
    if (ready && hadFocus.current) {
      hadFocus.current = false;
      liveRef.current?.querySelector<HTMLElement>('pre, button')?.focus();
    }
  }, [ready]);

  const load = () => setWanted(true);
  const copyNatively = (event: MouseEvent) => {
    const button = (event.target as Element).closest('button');
    if (!button || !/copy/i.test(button.getAttribute('aria-label') ?? button.title ?? '')) return;
    void navigator.clipboard?.writeText(codeText(props.children).replace(/\n$/, ''));
    button.setAttribute('aria-label', 'Copied');
  };

  return (
    <>
      {fromServer && !ready && (
        <KeepServerHtml
          ref={staticRef}
          className={styles.codeBlock}
          data-code-block="server"
          onPointerEnter={load}
          onFocus={load}
          onClick={copyNatively}
        />
      )}
      {wanted && (
        <div ref={liveRef} className={styles.codeBlock} data-code-block="live" hidden={!ready}>
          <InteractiveCodeBlock {...props} onReady={fromServer ? onReady : undefined} />
        </div>
      )}
    </>
  );
}
