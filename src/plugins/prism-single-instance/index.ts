/**
 * docusaurus-theme-redoc provides the free variable `Prism` from the
 * `prismjs` package to every module. Docusaurus loads the extra code-block
 * languages (bash, yaml, ...) as Prism components that use that variable, so
 * on the client they registered on the `prismjs` instance instead of the one
 * prism-react-renderer highlights with: code blocks then hydrated without
 * highlighting and React threw away the server HTML (error #418).
 * Resolving `prismjs` to prism-react-renderer's instance gives the site one Prism.
 *
 * It also takes Prism out of main.js. Docusaurus registers the extra languages
 * in a client module, which puts prism-react-renderer and every language
 * (about 100 KB, a third of main.js's start-up time) into the JavaScript of
 * every page, including those without a code block and the API pages. A
 * patch of the patch table (src/plugins/dependency-patches/patches.ts) empties
 * that client module; the languages are registered by prism.js instead, which
 * the code blocks (src/theme/CodeBlock) and Redoc import, so Prism loads with
 * the first code block.
 */
import path from 'node:path';
import type {Plugin} from '@docusaurus/types';

export default function prismSingleInstancePlugin(): Plugin {
  return {
    name: 'portal-prism-single-instance',
    configureWebpack() {
      return {resolve: {alias: {prismjs$: path.join(__dirname, 'prism.js')}}};
    },
  };
}
