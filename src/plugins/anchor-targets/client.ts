/**
 * Client module: links to a #fragment land their target at the top of the viewport.
 *
 * Long pages skip the rendering work of what is off screen (`content-visibility: auto` on the
 * tables, code blocks and diagrams of docs and on the sections of the static API reference, see
 * src/css/custom.css). An element that was never rendered has a placeholder height, so a scroll to
 * an anchor below it computes the wrong position. The stylesheet therefore renders everything
 * while `<html data-anchor-nav>` is set. The plugin's head script sets it on a direct load of a
 * link with a fragment (./index.ts); this module sets it before every other way in to an anchor
 * is scrolled:
 * - a client-side navigation to a location with a hash;
 * - a click on an in-page link (a TOC entry) or on an entry of the API reference's menu;
 * - back and forward to an entry with a hash, and a fragment typed into the address bar (the head
 *   script renders the page in full and scrolls to the target again; the router's update then holds it).
 * A navigation to another page without a hash clears it, so that page starts light again.
 * Back and forward to an entry with a hash scroll to the target as well (see setScrollRestoration).
 *
 * A page rendered by the router (client-side navigation, back and forward) may still grow above
 * the target after the router scrolled to it: a diagram, a code block or a reference that arrives
 * a moment later. `keepTargetInPlace` holds the target where the router put it until the page has
 * settled or the reader takes over.
 */
import type {ClientModule} from '@docusaurus/types';
import {ANCHOR_ATTRIBUTE as ATTRIBUTE} from './attributes';
/** Set on `<html>` while a target is being held in place (see keepTargetInPlace); tests wait for it to go. */
export const HOLD_ATTRIBUTE = 'data-anchor-hold';

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

/** What the reader does that ends the hold: from then on the scroll position is theirs. */
const READER_EVENTS = ['wheel', 'touchmove', 'keydown', 'pointerdown'] as const;
/** The page counts as settled once it has not changed size for this long. */
const SETTLED_AFTER_MS = 1000;
/** The hold never lasts longer than this. */
const LONGEST_HOLD_MS = 10_000;

let releaseHold: (() => void) | undefined;

/**
 * Keeps `target` at its current distance from the top of the viewport while the page changes size
 * (a ResizeObserver on the page's root), until the page has settled, the reader scrolls, presses a key or
 * points, or another navigation starts its own hold.
 */
function keepTargetInPlace(target: HTMLElement): void {
  releaseHold?.();
  const wanted = target.getBoundingClientRect().top;
  let settled = 0;
  const release = (): void => {
    observer.disconnect();
    window.clearTimeout(settled);
    window.clearTimeout(longest);
    for (const type of READER_EVENTS) window.removeEventListener(type, release, true);
    if (releaseHold === release) {
      releaseHold = undefined;
      document.documentElement.removeAttribute(HOLD_ATTRIBUTE);
    }
  };
  const observer = new ResizeObserver(() => {
    const drift = target.getBoundingClientRect().top - wanted;
    if (Math.abs(drift) >= 1) window.scrollBy(0, drift);
    window.clearTimeout(settled);
    settled = window.setTimeout(release, SETTLED_AFTER_MS);
  });
  // The page's root: the body keeps the viewport's height (100%), its content grows inside it.
  observer.observe(document.getElementById('__docusaurus') ?? document.body);
  const longest = window.setTimeout(release, LONGEST_HOLD_MS);
  for (const type of READER_EVENTS) window.addEventListener(type, release, {capture: true, passive: true});
  releaseHold = release;
  document.documentElement.setAttribute(HOLD_ATTRIBUTE, '');
}

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
    // The router has just scrolled to the target (Docusaurus does so before this lifecycle runs).
    const target = previousLocation || !targetInLoadedHtml ? targetOf(location.hash) : null;
    if (target) keepTargetInPlace(target);
    else releaseHold?.();
  },
};

export default clientModule;
