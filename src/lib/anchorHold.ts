/**
 * Holds an anchor's target where it was scrolled to while the page still changes size above it: a
 * diagram, a code block or an API reference that arrives a moment later, or an off-screen section
 * that is drawn at its real height once it nears the viewport (`content-visibility: auto`). Used by
 * two plugins, so it lives here: the anchor navigation (src/plugins/anchor-targets/client.ts) and the
 * API reference fetched after a client-side navigation (src/plugins/api-reference/theme/Redoc/sections.ts);
 * the lazy components (src/components/lazy) tell it what is still on its way.
 *
 * A page is settled once it has not changed size for a second and no content it waits for is still on its
 * way (`contentPending`: a lazy component's placeholder, src/components/lazy). The second alone is not
 * enough: after a client-side navigation a doc's code blocks wait for their chunk as small placeholders,
 * and on a busy machine the chunk and the blocks' render can take longer than a second with nothing
 * changing size; the blocks above the target then arrived after the hold and pushed it thousands of
 * pixels down.
 */

/** Set on `<html>` while a target is being held in place; tests wait for it to go. */
export const HOLD_ATTRIBUTE = 'data-anchor-hold';
/** Set on `<html>` while content is on its way (see contentPending); tests wait for it to go. */
export const PENDING_ATTRIBUTE = 'data-content-pending';

/** What the reader does that ends the hold: from then on the scroll position is theirs. */
const READER_EVENTS = ['wheel', 'touchmove', 'keydown', 'pointerdown'] as const;
/** The page counts as settled once it has not changed size for this long. */
export const SETTLED_AFTER_MS = 1000;
/** The hold never lasts longer than this. */
export const LONGEST_HOLD_MS = 10_000;

let releaseCurrent: (() => void) | undefined;

/** How many pieces of content the page is waiting for (see contentPending). */
let pending = 0;
/** Called when the last of them has arrived: the current hold starts counting its second again. */
let onAllArrived: (() => void) | undefined;

/**
 * Marks a piece of content that is on its way and will change the page's size when it arrives (a lazy chunk's
 * placeholder). Returns the function to call once it is in the page (or gone): no hold ends before that, except
 * the longest hold's end and the reader's own scrolling, pointing or typing.
 */
export function contentPending(): () => void {
  pending += 1;
  if (pending === 1) document.documentElement.setAttribute(PENDING_ATTRIBUTE, '');
  let done = false;
  return () => {
    if (done) return;
    done = true;
    pending -= 1;
    if (pending > 0) return;
    document.documentElement.removeAttribute(PENDING_ATTRIBUTE);
    onAllArrived?.();
  };
}

/** Ends the current hold, if any. */
export function releaseHold(): void {
  releaseCurrent?.();
}

/**
 * Keeps `target` at its current distance from the top of the viewport while the page changes size
 * (a ResizeObserver on the page's root), until the page has settled, the reader scrolls, presses a key or
 * points, or another navigation starts its own hold.
 */
export function keepTargetInPlace(target: HTMLElement): void {
  releaseCurrent?.();
  const wanted = target.getBoundingClientRect().top;
  let settled = 0;
  // A second without a size change ends the hold, unless content is still on its way: then its arrival
  // starts the second again.
  const settle = (): void => {
    window.clearTimeout(settled);
    settled = window.setTimeout(() => {
      if (pending === 0) release();
    }, SETTLED_AFTER_MS);
  };
  const release = (): void => {
    observer.disconnect();
    window.clearTimeout(settled);
    window.clearTimeout(longest);
    for (const type of READER_EVENTS) window.removeEventListener(type, release, true);
    if (releaseCurrent === release) {
      releaseCurrent = undefined;
      onAllArrived = undefined;
      document.documentElement.removeAttribute(HOLD_ATTRIBUTE);
    }
  };
  const observer = new ResizeObserver(() => {
    const drift = target.getBoundingClientRect().top - wanted;
    if (Math.abs(drift) >= 1) window.scrollBy(0, drift);
    settle();
  });
  // The page's root: the body keeps the viewport's height (100%), its content grows inside it.
  observer.observe(document.getElementById('__docusaurus') ?? document.body);
  const longest = window.setTimeout(release, LONGEST_HOLD_MS);
  for (const type of READER_EVENTS) window.addEventListener(type, release, {capture: true, passive: true});
  releaseCurrent = release;
  onAllArrived = settle;
  document.documentElement.setAttribute(HOLD_ATTRIBUTE, '');
}
