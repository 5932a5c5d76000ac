/**
 * A reload, or a step back or forward to a page that was loaded afresh, shows the part of the page
 * the reader was reading.
 *
 * The browser restores the scroll position in pixels, while the page is still being parsed. On a long
 * page that skips the rendering of what is off screen (`content-visibility: auto`, src/css/custom.css),
 * the pixels above the reader stand for placeholder heights, and which parts got their real height
 * depends on where the browser scrolled while the page grew: the same pixel offset can show another
 * section. So the page remembers, in its history entry (and in sessionStorage for a reload), the element the
 * reader was at (a section of the API reference, or the heading above them in a doc) and its distance from
 * the top of the viewport; once the page has loaded, that element is put back at that distance and held
 * there while the sections near it are drawn. The browser's restoration stays: it shows nearly the right place from the first
 * moment, and with JavaScript off it is the only one (nothing is skipped then).
 */
import {keepTargetInPlace} from '../../lib/anchorHold';
import {readJson, writeJson} from '../../lib/storage';

/** The history entry's state field that holds the reading position, for a step back or forward. */
const STATE_FIELD = 'portalReadingPosition';
/**
 * The sessionStorage key of the reading position of the page last left in this tab, for a reload: the history
 * entry keeps no change made while the page is left for a reload. A storage that refuses only loses this.
 */
const RELOAD_KEY = 'portal.reading-position';

export interface ReadingPosition {
  /** The id of the element the reader was at. */
  id: string;
  /** Its distance from the top of the viewport, in CSS pixels (negative: it starts above). */
  top: number;
}

/** The element the reader is at: the API reference's section under the navbar, or the doc heading above. */
function readingElement(): HTMLElement | null {
  const navbarBottom = document.querySelector('.navbar')?.getBoundingClientRect().bottom ?? 0;
  const below = document.elementFromPoint(window.innerWidth / 2, navbarBottom + 1);
  const section = below?.closest<HTMLElement>('[data-section-id][id]');
  if (section) return section;
  let heading: HTMLElement | null = null;
  for (const candidate of document.querySelectorAll<HTMLElement>('article :is(h1, h2, h3, h4, h5, h6)[id]')) {
    if (candidate.getBoundingClientRect().top > navbarBottom + 1) break;
    heading = candidate;
  }
  return heading;
}

/** Records where the reader is, in the history entry and for a reload (the page is being left). */
export function rememberReadingPosition(): void {
  const element = readingElement();
  const state: unknown = window.history.state;
  const fields: Record<string, unknown> = typeof state === 'object' && state !== null ? {...state} : {};
  delete fields[STATE_FIELD];
  // At the top of the page (no element above the reader), an earlier position must not be restored.
  const position: ReadingPosition | undefined = element
    ? {id: element.id, top: Math.round(element.getBoundingClientRect().top)}
    : undefined;
  window.history.replaceState(position ? {...fields, [STATE_FIELD]: position} : fields, '');
  writeJson('sessionStorage', RELOAD_KEY, {page: pageAddress(), position});
}

const pageAddress = (): string => window.location.pathname + window.location.search;

const isPosition = (value: unknown): value is ReadingPosition =>
  typeof value === 'object' &&
  value !== null &&
  typeof (value as Partial<ReadingPosition>).id === 'string' &&
  typeof (value as Partial<ReadingPosition>).top === 'number';

/** The reading position recorded for this load: for a reload, where this page was left; else its history entry's. */
export function recordedReadingPosition(): ReadingPosition | null {
  if (navigationType() === 'reload') {
    const record = readJson('sessionStorage', RELOAD_KEY) as {page?: unknown; position?: unknown} | undefined;
    return record?.page === pageAddress() && isPosition(record.position) ? record.position : null;
  }
  const state: unknown = window.history.state;
  const position = typeof state === 'object' && state !== null ? (state as Record<string, unknown>)[STATE_FIELD] : null;
  return isPosition(position) ? position : null;
}

const navigationType = (): string | undefined =>
  (performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming | undefined)?.type;

/** Whether this document was loaded by a reload or a step back or forward in the history. */
export function loadedFromHistory(): boolean {
  const type = navigationType();
  return type === 'reload' || type === 'back_forward';
}

/**
 * Once the page has loaded (the browser's own restoration is over then), puts the recorded element back at
 * its distance from the top of the viewport and holds it there while the page settles.
 */
export function restoreReadingPosition(): void {
  const position = recordedReadingPosition();
  if (!position) return;
  const restore = (): void => {
    const element = document.getElementById(position.id);
    if (!element) return;
    const drift = element.getBoundingClientRect().top - position.top;
    if (Math.abs(drift) >= 1) window.scrollBy(0, drift);
    keepTargetInPlace(element);
  };
  if (document.readyState === 'complete') restore();
  else window.addEventListener('load', restore, {once: true});
}
