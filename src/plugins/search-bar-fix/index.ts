/**
 * Fix for @easyops-cn/docusaurus-search-local 0.55: when the search index
 * finishes loading after the reader has already navigated (each page renders
 * its own navbar, so the old search box is gone), the plugin reads `.value`
 * of a null input ref and throws an uncaught error. Guard the access.
 */
import path from 'node:path';
import type {Plugin} from '@docusaurus/types';

export default function searchBarFixPlugin(): Plugin {
  return {
    name: 'portal-search-bar-fix',
    configureWebpack() {
      return {
        module: {
          rules: [
            {
              test: /[\\/]docusaurus-search-local[\\/]dist[\\/]client[\\/]client[\\/]theme[\\/]SearchBar[\\/]SearchBar\.jsx$/,
              use: [
                {
                  loader: path.join(__dirname, '../patch-loader/index.js'),
                  options: {
                    patches: [
                      {
                        search: 'const input = searchBarRef.current;\n            if (input.value) {',
                        replace:
                          'const input = searchBarRef.current;\n            if (!input) return;\n            if (input.value) {',
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
