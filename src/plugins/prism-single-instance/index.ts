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
 * every page, including those without a code block and the API pages. The
 * patch below empties that client module; the languages are registered by
 * prism.js instead, which the code blocks (src/theme/CodeBlock) and Redoc
 * import, so Prism loads with the first code block.
 */
import path from 'node:path';
import type {Plugin} from '@docusaurus/types';

/** Docusaurus's client module, as theme-classic 3.10 ships it. */
const CLIENT_MODULE = /[\\/]@docusaurus[\\/]theme-classic[\\/]lib[\\/]prism-include-languages\.js$/;
const CLIENT_MODULE_CODE = `import { Prism } from 'prism-react-renderer';
import prismIncludeLanguages from '@theme/prism-include-languages';
prismIncludeLanguages(Prism);`;

export default function prismSingleInstancePlugin(): Plugin {
  return {
    name: 'portal-prism-single-instance',
    configureWebpack(_config, isServer) {
      const codeBlock = path.join(__dirname, '../../components/CodeBlock');
      return {
        resolve: {
          alias: {
            prismjs$: path.join(__dirname, 'prism.js'),
            // The server highlights code blocks; the browser keeps that HTML (src/components/CodeBlock).
            '@portal/code-block': path.join(codeBlock, isServer ? 'CodeBlock.server.tsx' : 'CodeBlock.client.tsx'),
          },
        },
        module: {
          rules: [
            {
              test: CLIENT_MODULE,
              use: [
                {
                  loader: path.join(__dirname, '../patch-loader/index.js'),
                  options: {
                    patches: [
                      {
                        search: CLIENT_MODULE_CODE,
                        replace: '// Emptied by src/plugins/prism-single-instance: prism.js registers the languages.',
                      },
                    ],
                  },
                },
              ],
            },
          ],
        },
      };
    },
  };
}
