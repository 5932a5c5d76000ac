import {keepTargetInPlace} from '../../../../lib/anchorHold';
import type {FetchedReference} from './types';

/** Helpers that keep the reader's place while the static reference is in use or swapped. */

const navbarHeight = (): number => document.querySelector('.navbar')?.getBoundingClientRect().height ?? 0;

/** Static menu: a click on a Redoc menu entry scrolls to its section and sets the hash; returns the section's id. */
export function scrollToMenuTarget(event: React.MouseEvent<HTMLElement>): string | undefined {
  const item = (event.target as HTMLElement).closest<HTMLElement>('[data-item-id]');
  const id = item?.getAttribute('data-item-id');
  if (!id) return undefined;
  const section = document.getElementById(id);
  if (!section) return undefined;
  event.preventDefault();
  window.history.pushState(window.history.state, '', `#${id}`);
  scrollAndHold(section);
  return id;
}

/**
 * A link of the static reference to another page of the portal (the overview of a reference cut into tag pages
 * links every operation on its tag page): its path and fragment, when a plain click on it should be a
 * client-side navigation. Redoc's markup is not React's, so the router does not see its links by itself; a full
 * page load would parse the whole tag page with every section drawn (a load at an anchor), where the router's
 * navigation fetches it and keeps skipping what is off screen.
 */
export function otherPageLink(event: {
  target: EventTarget | null;
  button?: number;
  metaKey?: boolean;
  ctrlKey?: boolean;
  shiftKey?: boolean;
  altKey?: boolean;
}): string | undefined {
  if (event.button !== undefined && event.button !== 0) return undefined;
  if (event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return undefined;
  const link = event.target instanceof Element ? event.target.closest<HTMLAnchorElement>('a[href]') : null;
  if (!link || link.target || link.hasAttribute('download')) return undefined;
  const url = new URL(link.href, window.location.href);
  if (url.origin !== window.location.origin || url.pathname === window.location.pathname) return undefined;
  if (/\.[a-z0-9]+$/i.test(url.pathname)) return undefined; // a file (a spec download, a twin), not a page
  return `${url.pathname}${url.search}${url.hash}`;
}

/**
 * Scrolls `target` to the top and holds it there while the sections near it are drawn at their real
 * heights: the fetched reference skips off-screen sections even on the way to an anchor (see
 * StaticRedoc.client.tsx), so the sections around the target still have placeholder heights.
 */
function scrollAndHold(target: HTMLElement): void {
  target.scrollIntoView();
  keepTargetInPlace(target);
}

/** Id of the Redoc section at the top of the viewport, just below the navbar. */
export function sectionAtTop(): string | undefined {
  // Sections reached by anchor stop 0.5rem below the navbar (scroll-margin-top): allow for that.
  const top = navbarHeight() + 24;
  const sections = document.querySelectorAll<HTMLElement>(
    '.redocusaurus-static [id^="tag/"], .redocusaurus-static [id^="section/"], .redocusaurus-static [id^="operation/"]',
  );
  let current: string | undefined;
  for (const section of sections) {
    if (section.getBoundingClientRect().top <= top) current = section.id;
    else break;
  }
  return current;
}

/** Scrolls the interactive reference back to the section the reader was at, just below the navbar as Redoc does. */
export function restoreSection(id: string | undefined): void {
  if (!id) return;
  const section = document.querySelector<HTMLElement>(`.redocusaurus-interactive [id="${CSS.escape(id)}"]`);
  if (!section) return;
  section.scrollIntoView();
  window.scrollBy(0, 1 - navbarHeight());
}

/**
 * An example chooser of the static reference (a button there, see ./compact.ts): the section it is
 * in and its place among that section's choosers.
 */
export interface ChooserPlace {
  section: string;
  index: number;
}

/** Where the chooser that `target` is (or is in) sits, if it is one. */
export function chooserPlace(target: EventTarget | null): ChooserPlace | undefined {
  const chooser = target instanceof Element ? target.closest('.redocusaurus-static .dropdown-select') : null;
  const section = chooser?.closest('[data-section-id]');
  const id = section?.getAttribute('data-section-id');
  if (!chooser || !section || !id) return undefined;
  return {section: id, index: [...section.querySelectorAll('.dropdown-select')].indexOf(chooser)};
}

/** Focuses the interactive reference's chooser at `place`: the reader can open it at once. */
export function focusChooser(place: ChooserPlace): void {
  const section = document.querySelector(`.redocusaurus-interactive [data-section-id="${CSS.escape(place.section)}"]`);
  section?.querySelectorAll<HTMLElement>('select.dropdown-select')[place.index]?.focus({preventScroll: true});
}

/** Scrolls to the element the location hash names, if any, and holds it there. */
export function scrollToHash(): void {
  const id = decodeURIComponent(window.location.hash.slice(1));
  const target = id ? document.getElementById(id) : null;
  if (target) scrollAndHold(target);
}

/** Static references requested before their page rendered (see ../../client.ts), by pathname. */
const requested = new Map<string, Promise<FetchedReference | null>>();

/**
 * Starts fetching the static reference of the API page at `pathname` as soon as a navigation to it
 * begins (../../client.ts), while the page's own chunks still load; the page then takes it
 * (takeStaticReference).
 */
export function requestStaticReference(pathname: string): void {
  if (!requested.has(pathname)) requested.set(pathname, fetchStaticReference(pathname));
}

/** The static reference of the page at `pathname`: the one requested for it, or a new request. */
export function takeStaticReference(pathname: string): Promise<FetchedReference | null> {
  const pending = requested.get(pathname);
  requested.delete(pathname);
  return pending ?? fetchStaticReference(pathname);
}

/**
 * The static reference inside the server-rendered HTML of an API page, or null. The page is parsed
 * once; its reference's nodes are then moved into this page (StaticRedoc.client.tsx), not written
 * out as HTML and parsed a second time.
 */
async function fetchStaticReference(pathname: string): Promise<FetchedReference | null> {
  try {
    const response = await fetch(pathname, {headers: {Accept: 'text/html'}});
    if (!response.ok) return null;
    const page = new DOMParser().parseFromString(await response.text(), 'text/html');
    const content = page.querySelector('.redocusaurus-static');
    const css = page.querySelector('style.redocusaurus-static-styles')?.textContent ?? '';
    return content?.hasChildNodes() ? {content, css} : null;
  } catch (error) {
    console.warn('Could not fetch the static API reference; rendering it in the browser instead.', error);
    return null;
  }
}
