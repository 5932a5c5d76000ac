/**
 * Keeps the API pages free of third-party requests: rewrites the CDN logo
 * URL inside Redoc's bundle to the portal's own copy (static/img).
 */
import path from 'node:path';
import type {Plugin} from '@docusaurus/types';

export default function redocOfflinePlugin(): Plugin {
  return {
    name: 'portal-redoc-offline',
    configureWebpack() {
      return {
        module: {
          rules: [
            {
              test: /[\\/]node_modules[\\/]redoc[\\/]bundles[\\/]redoc\.(browser\.)?lib\.js$/,
              use: [
                {loader: path.join(__dirname, 'no-cdn-logo-loader.js'), options: {logoUrl: '/img/api-docs-mark.svg'}},
              ],
            },
          ],
        },
      };
    },
  };
}
