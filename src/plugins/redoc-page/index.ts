/**
 * Build settings of the API pages (see src/theme/Redoc):
 * - the server build renders the static reference with StaticRedoc.server
 *   in place of the browser's StaticRedoc.client, so react-dom/server and the
 *   Redoc renderer stay out of the browser's bundle;
 * - `@portal/server-specs` (the rendered specs, written by the api-reference
 *   plugin) resolves in the server build only: a browser chunk that imported
 *   it would fail to build rather than ship the specs;
 * - Redoc's bundle is rewritten to show the portal's own mark instead of the
 *   Redocly logo it loads from cdn.redoc.ly (a third-party request on every
 *   API page, and a failed one offline).
 */
import path from 'node:path';
import type {LoadContext, Plugin} from '@docusaurus/types';
import {preparedPaths} from '../api-reference/prepare';

const themeRedocDir = path.resolve(__dirname, '../../theme/Redoc');

export default function redocPagePlugin(context: LoadContext): Plugin {
  const serverSpecs = preparedPaths(context.siteDir).serverSpecsModule;
  return {
    name: 'portal-redoc-page',
    configureWebpack(_config, isServer, {currentBundler}) {
      const bundler = currentBundler.instance;
      return {
        resolve: isServer ? {alias: {'@portal/server-specs': serverSpecs}} : {},
        plugins: isServer
          ? [
              new bundler.NormalModuleReplacementPlugin(
                /StaticRedoc\.client(\.tsx)?$/,
                (resource: {request: string}) => {
                  resource.request = path.join(themeRedocDir, 'StaticRedoc.server.tsx');
                },
              ),
            ]
          : [],
        module: {
          rules: [
            {
              test: /[\\/]node_modules[\\/]redoc[\\/]bundles[\\/]redoc\.(browser\.)?lib\.js$/,
              use: [
                {
                  loader: path.join(__dirname, '../patch-loader/index.js'),
                  options: {
                    patches: [{search: 'https://cdn.redoc.ly/redoc/logo-mini.svg', replace: '/img/api-docs-mark.svg'}],
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
