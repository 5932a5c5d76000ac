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
  const top = navbarHeight() + 4;
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

/** Scrolls the interactive reference back to the section the reader was at. */
export function restoreSection(id: string | undefined): void {
  if (!id) return;
  const section = document.querySelector<HTMLElement>(`.redocusaurus-interactive [id="${CSS.escape(id)}"]`);
  section?.scrollIntoView();
}
