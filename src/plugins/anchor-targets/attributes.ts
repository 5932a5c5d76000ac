/** The attributes on `<html>` that the anchor navigation and the stylesheet share (see ./index.ts). */

/** Scripts run: long pages may skip rendering what is off screen (src/css/custom.css). */
export const LAZY_ATTRIBUTE = 'data-lazy-offscreen';
/** A way in to an anchor is under way: the page renders in full. */
export const ANCHOR_ATTRIBUTE = 'data-anchor-nav';

/** The head script, inlined in every page (its hash is in the nginx Content-Security-Policy, src/plugins/nginx-config). */
export const HEAD_SCRIPT = `(function(e){e.setAttribute('${LAZY_ATTRIBUTE}','');if(location.hash)e.setAttribute('${ANCHOR_ATTRIBUTE}','')})(document.documentElement)`;
