/**
 * docusaurus-theme-redoc provides the free variable `Prism` from the
 * `prismjs` package to every module. Docusaurus loads the extra code-block
 * languages (bash, yaml, ...) as Prism components that use that variable, so
 * on the client they registered on the `prismjs` instance instead of the one
 * prism-react-renderer highlights with: code blocks then hydrated without
 * highlighting and React threw away the server HTML (error #418).
 * Resolving `prismjs` to prism-react-renderer's instance gives the site one Prism.
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
