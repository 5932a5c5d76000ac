/** The attributes on `<html>` that the anchor navigation and the stylesheet share (see ./index.ts). */

/** Scripts run: long pages may skip rendering what is off screen (src/css/custom.css). */
export const LAZY_ATTRIBUTE = 'data-lazy-offscreen';
/** A way in to an anchor is under way: the page renders in full. */
export const ANCHOR_ATTRIBUTE = 'data-anchor-nav';
/**
 * The page was loaded afresh, from its top: no fragment, and not a reload or a step back or forward in
 * the history, where the browser restores a scroll position while the page is still being parsed.
 */
export const FRESH_LOAD_ATTRIBUTE = 'data-fresh-load';

/**
 * The head script, inlined in every page (its hash is in the nginx Content-Security-Policy, src/plugins/nginx-config).
 * It also handles a fragment change within the page that no click announced (an address typed into the address bar,
 * a script setting `location.hash`), from the first moment, before the site's bundles have loaded: the browser has
 * scrolled to the target while off-screen parts still had placeholder heights, so the page renders in full and
 * scrolls to the target again.
 */
export const HEAD_SCRIPT = `(function(e){e.setAttribute('${LAZY_ATTRIBUTE}','');if(location.hash)e.setAttribute('${ANCHOR_ATTRIBUTE}','');else{var n=performance.getEntriesByType&&performance.getEntriesByType('navigation')[0];if(n&&n.type==='navigate')e.setAttribute('${FRESH_LOAD_ATTRIBUTE}','')}addEventListener('hashchange',function(){var t;try{t=document.getElementById(decodeURIComponent(location.hash.slice(1)))}catch(x){}if(t){e.setAttribute('${ANCHOR_ATTRIBUTE}','');t.scrollIntoView()}})})(document.documentElement)`;
