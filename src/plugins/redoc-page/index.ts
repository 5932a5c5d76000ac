/**
 * Build settings of the API pages (see src/theme/Redoc):
 * - the server build renders the static reference with StaticRedoc.server
 *   in place of the browser's StaticRedoc.client, so react-dom/server and the
 *   Redoc renderer stay out of the browser's bundle;
 * - Redoc's bundle is rewritten to show the portal's own mark instead of the
 *   Redocly logo it loads from cdn.redoc.ly (a third-party request on every
 *   API page, and a failed one offline).
 */
import path from 'node:path';
import type {Plugin} from '@docusaurus/types';

const themeRedocDir = path.resolve(__dirname, '../../theme/Redoc');

export default function redocPagePlugin(): Plugin {
  return {
    name: 'portal-redoc-page',
    configureWebpack(_config, isServer, {currentBundler}) {
      const bundler = currentBundler.instance;
      return {
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
