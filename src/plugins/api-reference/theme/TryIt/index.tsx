/**
 * Try it: a button on every operation of an API page that opens a console
 * to send that operation to the local mock or to the reader's own
 * installation.
 *
 * This part is in the page's own JavaScript and stays small: it puts the
 * buttons into the reference (static or interactive, see ./buttons) and
 * draws the drawer, a modal `<dialog>` (focus stays inside, Escape closes
 * it, focus goes back to the button). The console itself (./Console: the
 * form, the request, the answer) is a chunk of its own, loaded when a reader
 * first presses Try it, and it fetches the spec's request models then.
 */
import {type ReactNode, type RefObject, useCallback, useEffect, useId, useRef, useState} from 'react';
import {createPortal} from 'react-dom';
import Heading from '@theme/Heading';
import {lazyComponent} from '@site/src/components/lazy';
import {copyWithFeedback} from '@site/src/components/MarkdownActions/copy';
import {operationMarkdownUrl} from '@site/src/lib/openapi/urls';
import {buttonFor, keepButtons, type TryItTarget} from './buttons';
import styles from './styles.module.css';

const Console = lazyComponent(() => import(/* webpackChunkName: "try-it-console" */ './Console'));

const BUTTON_CLASS = `button button--sm button--outline button--primary ${styles.button}`;
const MARKDOWN_CLASS = `button button--sm button--link ${styles.markdown}`;

interface Props {
  specId: string;
  /** The element around the reference (static and interactive): where the buttons go. */
  root: RefObject<HTMLElement | null>;
}

export default function TryIt({specId, root}: Props): ReactNode {
  const [target, setTarget] = useState<TryItTarget | null>(null);

  useEffect(() => {
    const element = root.current;
    // Each operation also gets "Copy as Markdown" and "View as Markdown": its twin is fetched on a copy only.
    const markdown = {
      href: (operationId: string) => operationMarkdownUrl(specId, operationId),
      className: MARKDOWN_CLASS,
      onCopy: copyWithFeedback,
    };
    return element ? keepButtons(element, BUTTON_CLASS, setTarget, markdown) : undefined;
  }, [root, specId]);

  const close = useCallback(() => {
    const sectionId = target?.sectionId;
    setTarget(null);
    // After the dialog's own focus restoring: the button pressed may have been replaced meanwhile by the
    // interactive reference, so focus the one of the same section that is there now.
    if (sectionId) {
      requestAnimationFrame(() => {
        if (root.current) buttonFor(root.current, sectionId)?.focus();
      });
    }
  }, [target, root]);

  // In the body, outside the reference: the reference's markup repairs (src/theme/Redoc/a11y.ts) stay off it.
  return target
    ? createPortal(<Drawer key={target.sectionId} specId={specId} target={target} onClose={close} />, document.body)
    : null;
}

function Drawer({specId, target, onClose}: {specId: string; target: TryItTarget; onClose: () => void}): ReactNode {
  const dialog = useRef<HTMLDialogElement>(null);
  const heading = useRef<HTMLHeadingElement>(null);
  const pressedOnBackdrop = useRef(false);
  const titleId = useId();

  useEffect(() => {
    const element = dialog.current;
    if (!element) return undefined;
    if (!element.open) element.showModal();
    heading.current?.focus();
    return () => {
      if (element.open) element.close();
    };
  }, []);

  return (
    <dialog
      ref={dialog}
      className={styles.drawer}
      aria-labelledby={titleId}
      onClose={onClose}
      // A click on the backdrop (outside the drawer's content) closes it; not a text selection that ends there.
      onPointerDown={(event) => {
        pressedOnBackdrop.current = event.target === dialog.current;
      }}
      onClick={(event) => {
        if (pressedOnBackdrop.current && event.target === dialog.current) dialog.current.close();
      }}
    >
      <div className={styles.frame}>
        <header className={styles.header}>
          <Heading as="h2" ref={heading} tabIndex={-1} className={styles.title}>
            <span id={titleId}>Try it: {target.title}</span>
          </Heading>
          <button type="button" className={styles.close} onClick={() => dialog.current?.close()}>
            Close
          </button>
        </header>
        <div className={styles.body}>
          <Console specId={specId} operationId={target.operationId} />
        </div>
      </div>
    </dialog>
  );
}
