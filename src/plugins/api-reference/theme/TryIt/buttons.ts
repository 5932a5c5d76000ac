/**
 * The Try it buttons: one per operation, put into Redoc's markup (the static
 * reference and the interactive one alike) beside the operation's heading,
 * and put back whenever Redoc re-renders without them. The page's stylesheet
 * keeps room for the button from the first paint, so adding it moves nothing.
 */
import {whenIdle} from '../../../../lib/idle';

/** The buttons arrive in idle time, within this long at the latest. */
const IDLE_TIMEOUT_MS = 1000;

/** `operation/<operationId>` or `tag/<tag>/operation/<operationId>`: Redoc's id of an operation section. */
const OPERATION_SECTION = /(?:^|\/)operation\/([^/]+)$/;

export const BUTTON_ATTRIBUTE = 'data-try-it';
/** On the "Copy as Markdown" button of an operation: the address of its Markdown twin. */
export const COPY_MARKDOWN_ATTRIBUTE = 'data-copy-markdown';
export const BAR_ATTRIBUTE = 'data-try-it-bar';

export interface TryItTarget {
  operationId: string;
  /** data-section-id of the operation's section (unique on the page). */
  sectionId: string;
  /** The operation's heading (its summary), for the console's title. */
  title: string;
}

/** The operationId an operation section stands for, if it is one. */
export function operationIdOf(sectionId: string): string | undefined {
  const match = OPERATION_SECTION.exec(sectionId);
  if (!match?.[1]) return undefined;
  try {
    return decodeURIComponent(match[1]);
  } catch {
    return match[1];
  }
}

let headingIds = 0;

/**
 * Adds the missing buttons under `root`. The innermost element with an
 * operation's `data-section-id` gets one, after its first heading (Redoc
 * nests `operation/<id>` inside `tag/<tag>/operation/<id>`). Stops early when
 * `shouldYield` says so; returns whether every section has its button.
 */
export function addButtons(
  root: ParentNode,
  className: string,
  shouldYield: () => boolean = () => false,
  markdown?: MarkdownLinks,
): boolean {
  for (const section of root.querySelectorAll<HTMLElement>('[data-section-id*="operation/"]')) {
    const sectionId = section.getAttribute('data-section-id') ?? '';
    const operationId = operationIdOf(sectionId);
    if (!operationId) continue;
    const heading = section.querySelector<HTMLElement>('h2');
    if (!heading || heading.closest('[data-section-id*="operation/"]') !== section) continue;
    const panel = heading.parentElement;
    if (!panel || panel.querySelector(`:scope > [${BAR_ATTRIBUTE}]`)) continue;
    if (shouldYield()) return false;
    if (!heading.id) heading.id = `try-it-heading-${(headingIds += 1)}`;
    const bar = document.createElement('div');
    bar.setAttribute(BAR_ATTRIBUTE, '');
    const button = document.createElement('button');
    button.type = 'button';
    button.className = className;
    button.textContent = 'Try it';
    button.setAttribute(BUTTON_ATTRIBUTE, operationId);
    button.setAttribute('data-try-it-section', sectionId);
    button.setAttribute('aria-haspopup', 'dialog');
    button.setAttribute('aria-describedby', heading.id);
    bar.append(button);
    if (markdown) bar.append(markdownLinks(operationId, heading.id, markdown));
    heading.after(bar);
  }
  return true;
}

/** The Markdown twins of a page's operations: where they are, and the class of their links. */
export interface MarkdownLinks {
  href: (operationId: string) => string;
  className: string;
}

/** "Copy as Markdown" and "View as Markdown" of one operation, under its Try it button. */
function markdownLinks(operationId: string, headingId: string, markdown: MarkdownLinks): HTMLElement {
  const links = document.createElement('div');
  const href = markdown.href(operationId);
  const copy = document.createElement('button');
  copy.type = 'button';
  copy.className = markdown.className;
  copy.textContent = 'Copy as Markdown';
  copy.setAttribute(COPY_MARKDOWN_ATTRIBUTE, href);
  copy.setAttribute('aria-describedby', headingId);
  copy.setAttribute('aria-live', 'polite');
  const view = document.createElement('a');
  view.className = markdown.className;
  view.textContent = 'View as Markdown';
  view.href = href;
  view.type = 'text/markdown';
  view.setAttribute('aria-describedby', headingId);
  links.append(copy, view);
  return links;
}

/** The target of a Try it button that was pressed. */
export function targetOf(button: HTMLElement): TryItTarget | undefined {
  const operationId = button.getAttribute(BUTTON_ATTRIBUTE);
  const sectionId = button.getAttribute('data-try-it-section');
  if (!operationId || !sectionId) return undefined;
  const heading = button.closest('[data-try-it-bar]')?.previousElementSibling;
  return {operationId, sectionId, title: heading?.textContent?.trim() || operationId};
}

/** The visible Try it button of a section now (the one pressed may have been replaced by the interactive reference). */
export function buttonFor(root: ParentNode, sectionId: string): HTMLButtonElement | undefined {
  const buttons = [...root.querySelectorAll<HTMLButtonElement>(`button[${BUTTON_ATTRIBUTE}]`)].filter(
    (button) => button.getAttribute('data-try-it-section') === sectionId,
  );
  return (
    buttons.find((button) => button.getClientRects().length > 0 && !button.closest('[inert], [aria-hidden="true"]')) ??
    buttons[0]
  );
}

/**
 * Keeps the buttons in `root`: now, and after every change of its children, always in idle time
 * (within a second at the latest), in slices that leave the main thread free for whatever the
 * reader does meanwhile. The reference shown after a client-side navigation arrives as one change
 * of two hundred operations on the largest page: its buttons wait until the reader's target is
 * drawn. Presses go to `onPress`. Returns the function that stops it.
 */
export function keepButtons(
  root: HTMLElement,
  className: string,
  onPress: (target: TryItTarget) => void,
  markdown?: MarkdownLinks & {onCopy: (button: HTMLElement, href: string) => void},
): () => void {
  let cancelIdle = (): void => undefined;
  let pending = false;
  const step = (deadline?: IdleDeadline): void => {
    let added = 0;
    // At least ten per slice, so that a slice that ran late (no idle time left) still moves on.
    const done = addButtons(
      root,
      className,
      () => (added += 1) > 10 && deadline !== undefined && deadline.timeRemaining() < 2,
      markdown,
    );
    if (done) pending = false;
    else cancelIdle = whenIdle(step, IDLE_TIMEOUT_MS);
  };
  const schedule = (): void => {
    if (pending) return;
    pending = true;
    cancelIdle = whenIdle(step, IDLE_TIMEOUT_MS);
  };
  schedule();
  // Redoc's changes may drop buttons; the buttons' own insertion is no reason to look again.
  const ours = (node: Node): boolean => node instanceof Element && node.hasAttribute(BAR_ATTRIBUTE);
  const observer = new MutationObserver((records) => {
    if (records.some((record) => [...record.addedNodes].some((node) => !ours(node)))) schedule();
  });
  observer.observe(root, {childList: true, subtree: true});
  const onClick = (event: MouseEvent): void => {
    const copy = (event.target as Element | null)?.closest<HTMLElement>(`button[${COPY_MARKDOWN_ATTRIBUTE}]`);
    const href = copy?.getAttribute(COPY_MARKDOWN_ATTRIBUTE);
    if (copy && href && markdown && root.contains(copy)) {
      event.preventDefault();
      markdown.onCopy(copy, href);
      return;
    }
    const button = (event.target as Element | null)?.closest<HTMLElement>(`button[${BUTTON_ATTRIBUTE}]`);
    const target = button && root.contains(button) ? targetOf(button) : undefined;
    if (!target) return;
    event.preventDefault();
    onPress(target);
  };
  root.addEventListener('click', onClick);
  return () => {
    observer.disconnect();
    cancelIdle();
    root.removeEventListener('click', onClick);
  };
}
