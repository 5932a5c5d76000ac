/**
 * Client module: links to a #fragment land their target at the top of the viewport.
 *
 * Long pages skip the rendering work of what is off screen (`content-visibility: auto` on the
 * tables, code blocks and diagrams of docs and on the sections of the static API reference, see
 * src/css/custom.css). An element that was never rendered has a placeholder height, so a scroll to
 * an anchor below it computes the wrong position. The stylesheet therefore renders everything
 * while `<html data-anchor-nav>` is set. The plugin's head script sets it on a direct load of a
 * link with a fragment (./index.ts); this module sets it before every other way in to an anchor
 * of the page already shown is scrolled:
 * - a click on an in-page link (a TOC entry) or on an entry of the API reference's menu;
 * - back and forward between entries of the same page with a hash, and a fragment typed into the
 *   address bar (the head script renders the page in full and scrolls to the target again; the
 *   router's update then holds it).
 * A navigation to another page clears it, with or without a hash: the page it leaves is not drawn
 * again in full on the way out (on the container reference's doc page that was a third of a second
 * at 4x CPU throttling), and the new page starts light. The router scrolls that page to its target
 * with the placeholders in place, and the hold below keeps the target there while the sections
 * near it are drawn at their real heights.
 * Back and forward to an entry with a hash scroll to the target as well (see setScrollRestoration).
 * A reload, or Back and forward to a page loaded afresh, show the part of the page the reader was
 * reading (./readingPosition.ts).
 *
 * A page rendered by the router (client-side navigation, back and forward) may still grow above
 * the target after the router scrolled to it: a diagram, a code block or a reference that arrives
 * a moment later. `keepTargetInPlace` (src/lib/anchorHold.ts) holds the target where the router put it until the
 * page has settled or the reader takes over.
 */
import type {ClientModule} from '@docusaurus/types';
import {ANCHOR_ATTRIBUTE as ATTRIBUTE} from './attributes';
import {keepTargetInPlace, releaseHold} from '../../lib/anchorHold';
import {loadedFromHistory, rememberReadingPosition, restoreReadingPosition} from './readingPosition';

function renderEverything(): void {
  document.documentElement.setAttribute(ATTRIBUTE, '');
}

/** The page the router shows (set after each route update); a hash navigation within it keeps it. */
let shownPathname = typeof window === 'undefined' ? '' : window.location.pathname;

if (typeof document !== 'undefined') {
  document.addEventListener(
    'click',
    (event) => {
      const target = event.target instanceof Element ? event.target : null;
      if (target?.closest('[data-item-id]')) {
        renderEverything();
        return;
      }
      const link = target?.closest('a[href*="#"]');
      if (link instanceof HTMLAnchorElement && link.pathname === shownPathname) renderEverything();
    },
    {capture: true},
  );
  // Recorded when the page is left or reloaded. Entries with a hash scroll to their target instead
  // (setScrollRestoration). Not on `beforeunload`: in Firefox its listeners keep a page out of the back/forward cache.
  window.addEventListener('pagehide', () => {
    if (!window.location.hash) rememberReadingPosition();
  });
  window.addEventListener('popstate', () => {
    if (window.location.hash && window.location.pathname === shownPathname) renderEverything();
  });
}

/**
 * History entries with a hash scroll to their target, not to the position the browser saved: the
 * browser's restoration (`auto`) may apply that position after the router has scrolled to the
 * target, once the page has grown tall enough, with the page's content laid out differently.
 * The mode is stored per history entry; entries without a hash keep the browser's restoration.
 */
function setScrollRestoration(hash: string): void {
  window.history.scrollRestoration = hash ? 'manual' : 'auto';
}

if (typeof window !== 'undefined') setScrollRestoration(window.location.hash);

const targetOf = (hash: string): HTMLElement | null =>
  hash ? document.getElementById(decodeURIComponent(hash.slice(1))) : null;

/**
 * Whether the page's HTML held the fragment's target when it loaded, so that the browser scrolled
 * to it. Not so under `npm start`, where nothing is server-rendered: the target appears with the
 * first render, and this module scrolls to it then.
 */
const targetInLoadedHtml = typeof document !== 'undefined' && targetOf(window.location.hash) !== null;

const clientModule: ClientModule = {
  onRouteUpdate({location, previousLocation}) {
    if (previousLocation && location.pathname !== previousLocation.pathname) {
      document.documentElement.removeAttribute(ATTRIBUTE);
    } else if (location.hash) renderEverything();
  },
  onRouteDidUpdate({location, previousLocation}) {
    shownPathname = window.location.pathname; // as the browser spells it (the router decodes it)
    setScrollRestoration(location.hash);
    if (!previousLocation && !targetInLoadedHtml) targetOf(location.hash)?.scrollIntoView();
    // The router has just scrolled to the target (Docusaurus does so before this lifecycle runs).
    const target = previousLocation || !targetInLoadedHtml ? targetOf(location.hash) : null;
    if (target) keepTargetInPlace(target);
    else if (!previousLocation && !location.hash && loadedFromHistory()) restoreReadingPosition();
    else releaseHold();
  },
};

export default clientModule;
