/**
 * Client module: links to a #fragment land their target at the top of the viewport.
 *
 * Long pages skip the rendering work of what is off screen (`content-visibility: auto` on the
 * tables, code blocks and diagrams of docs and on the sections of the static API reference, see
 * src/css/custom.css). An element that was never rendered has a placeholder height, so a scroll to
 * an anchor below it computes the wrong position. The stylesheet therefore renders everything
 * while the page has a `:target` (a direct load of a link with a fragment, a TOC click, back and
 * forward within the page), and while `<html data-anchor-nav>` is set. This module sets that
 * attribute before every other way in to an anchor is scrolled:
 * - a client-side navigation to a location with a hash (the router scrolls without `:target`);
 * - a click on an in-page link or on an entry of the API reference's menu, which scroll by script.
 * A navigation to another page without a hash clears it, so that page starts light again.
 * Back and forward to an entry with a hash scroll to the target as well (see setScrollRestoration).
 */
import type {ClientModule} from '@docusaurus/types';

const ATTRIBUTE = 'data-anchor-nav';

function renderEverything(): void {
  document.documentElement.setAttribute(ATTRIBUTE, '');
}

if (typeof document !== 'undefined') {
  document.addEventListener(
    'click',
    (event) => {
      const target = event.target instanceof Element ? event.target : null;
      if (target?.closest('a[href*="#"], [data-item-id]')) renderEverything();
    },
    {capture: true},
  );
  window.addEventListener('popstate', () => {
    if (window.location.hash) renderEverything();
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
    if (location.hash) renderEverything();
    else if (previousLocation && location.pathname !== previousLocation.pathname) {
      document.documentElement.removeAttribute(ATTRIBUTE);
    }
  },
  onRouteDidUpdate({location, previousLocation}) {
    setScrollRestoration(location.hash);
    if (!previousLocation && !targetInLoadedHtml) targetOf(location.hash)?.scrollIntoView();
  },
};

export default clientModule;
