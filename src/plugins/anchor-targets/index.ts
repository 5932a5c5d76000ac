/**
 * Plugin of the anchor navigation (see client.ts): registers the client module, and puts a small
 * script at the top of every page's head that runs before the body is parsed:
 * - `<html data-lazy-offscreen>`: scripts run, so this module can take care of anchors; only then
 *   does the stylesheet let long pages skip the rendering of what is off screen (src/css/custom.css).
 *   With JavaScript off, everything is rendered, and the browser lands a fragment by itself.
 * - `<html data-anchor-nav>` when the page is loaded with a #fragment (a shared link): the page
 *   renders in full, so the browser scrolls to the right place.
 * - `<html data-fresh-load>` otherwise, when the load is a new navigation (not a reload, not a step
 *   back or forward): the browser restores no scroll position, so the static API reference may skip
 *   its operations as one group while they are parsed (src/css/custom.css).
 * It replaces a `:has(:target)` selector on `<html>`, which made the browser re-check the whole
 * document for every element the parser added (about 400 ms of style work on the container
 * reference at 4x CPU throttling).
 */
import path from 'node:path';
import type {Plugin} from '@docusaurus/types';
import {HEAD_SCRIPT} from './attributes';

export default function anchorTargetsPlugin(): Plugin {
  return {
    name: 'portal-anchor-targets',
    getClientModules() {
      return [path.join(__dirname, 'client.ts')];
    },
    injectHtmlTags() {
      return {headTags: [{tagName: 'script', innerHTML: HEAD_SCRIPT}]};
    },
  };
}
