import type {FetchedReference} from './types';

/** Helpers that keep the reader's place while the static reference is in use or swapped. */

const navbarHeight = (): number => document.querySelector('.navbar')?.getBoundingClientRect().height ?? 0;

/** Static menu: a click on a Redoc menu entry scrolls to its section and sets the hash. */
export function scrollToMenuTarget(event: React.MouseEvent<HTMLElement>): void {
  const item = (event.target as HTMLElement).closest<HTMLElement>('[data-item-id]');
  const id = item?.getAttribute('data-item-id');
  if (!id) return;
  const section = document.getElementById(id);
  if (!section) return;
  event.preventDefault();
  window.history.pushState(window.history.state, '', `#${id}`);
  section.scrollIntoView();
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

/** Scrolls to the element the location hash names, if any. */
export function scrollToHash(): void {
  const id = decodeURIComponent(window.location.hash.slice(1));
  if (id) document.getElementById(id)?.scrollIntoView();
}

/**
 * The static reference inside the server-rendered HTML of an API page, or null. The page is parsed
 * once; its reference's nodes are then moved into this page (StaticRedoc.client.tsx), not written
 * out as HTML and parsed a second time.
 */
export async function fetchStaticReference(pathname: string): Promise<FetchedReference | null> {
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
