/**
 * Every change this site makes to a dependency's code, in one table. Each
 * patch names the package, the exact version it was written for (package.json
 * pins that version; another installed version fails the build), the files it
 * changes, the text it replaces, why, and the upstream issue where one exists.
 * A replacement that no longer matches fails the build, naming the package
 * and the file (./replace.js). tests/unit/dependency-patches.test.ts applies
 * each patch to the installed file.
 *
 * How a patch is applied:
 * - `bundle`: the bundler rewrites the file as it loads it (a loader rule, ./index.ts);
 * - `default-export`: the file's default export is a string that the site's
 *   config reads through `patchedExport` (./index.ts) and changes.
 */
import {BODY_END, DEFERRED_SCRIPTS, LOADER} from '../../config/pageLoader';
import {OPERATIONS_ATTRIBUTE} from '../../config/redoc';

export interface Replacement {
  search: string;
  replace: string;
}

export interface DependencyPatch {
  package: string;
  version: string;
  /** Files inside the package. */
  files: readonly string[];
  applied: 'bundle' | 'default-export';
  replacements: readonly Replacement[];
  why: string;
  upstream?: string;
}

export const dependencyPatches: readonly DependencyPatch[] = [
  {
    package: 'redoc',
    version: '2.4.0',
    files: ['bundles/redoc.lib.js', 'bundles/redoc.browser.lib.js'],
    applied: 'bundle',
    replacements: [{search: 'https://cdn.redoc.ly/redoc/logo-mini.svg', replace: '/img/api-docs-mark.svg'}],
    why:
      'Redoc loads the Redocly logo from cdn.redoc.ly on every API page: a third-party request, and a failed one ' +
      'offline. It has no option to turn that off; the portal shows its own mark instead.',
    upstream: 'https://github.com/Redocly/redoc/issues/2108',
  },
  {
    package: '@docusaurus/theme-classic',
    version: '3.10.2',
    files: ['lib/prism-include-languages.js'],
    applied: 'bundle',
    replacements: [
      {
        search: `import { Prism } from 'prism-react-renderer';
import prismIncludeLanguages from '@theme/prism-include-languages';
prismIncludeLanguages(Prism);`,
        replace:
          '// Emptied by src/plugins/dependency-patches: src/plugins/prism-single-instance/prism.js registers the languages.',
      },
    ],
    why:
      "This client module puts Prism and every extra language (about 100 KB) into every page's main.js; the " +
      'languages are registered by src/plugins/prism-single-instance/prism.js instead, which loads with the first code block.',
  },
  {
    package: '@docusaurus/core',
    version: '3.10.2',
    files: ['lib/ssg/ssgTemplate.html.js'],
    applied: 'default-export',
    replacements: [
      {search: DEFERRED_SCRIPTS, replace: ''},
      {search: BODY_END, replace: LOADER + BODY_END},
    ],
    why:
      "The page template's deferred script tags start hydration before the browser paints the server HTML; the " +
      'loader of src/config/pageLoader.ts starts the bundles after the first contentful paint.',
  },
  {
    package: 'docusaurus-theme-redoc',
    version: '2.5.1',
    files: ['dist/theme/Redoc/styles.css'],
    applied: 'bundle',
    replacements: [
      {
        search:
          "/* Fixes https://github.com/rohit-gohri/redocusaurus/issues/306 */\nhtml[data-theme='dark']\n  .redocusaurus\n" +
          "  div[id^='tag']\n  button:has(span):has(.operation-type) {\n  background-color: var(--ifm-color-gray-800);\n}\n",
        replace: '',
      },
      {
        search:
          "[data-theme='dark'] .redocusaurus .api-content div:has(> span > span > i + code) {\n" +
          '  background: var(--ifm-color-emphasis-0);\n}\n',
        replace: '',
      },
      {
        search:
          "html:not([data-theme='dark'])\n  .redocusaurus\n  .redoc-wrap\n  .api-content\n  > div\n" +
          '  > div:nth-child(1)\n  > div:nth-child(2)\n  h3 {\n',
        replace:
          `html:not([data-theme='dark']) .redocusaurus .redoc-wrap .api-content > div:not([${OPERATIONS_ATTRIBUTE}])` +
          ' > div:nth-child(1) > div:nth-child(2) h3,\n' +
          `html:not([data-theme='dark']) .redocusaurus .redoc-wrap .api-content > [${OPERATIONS_ATTRIBUTE}] > div` +
          ' > div:nth-child(1) > div:nth-child(2) h3 {\n',
      },
    ],
    why:
      'Two dark-mode rules of the reference stylesheet end in a :has() selector, which the browser tries on every ' +
      'button and every div of a reference (13,000 divs on the container page) as it parses and styles it, and again ' +
      'as parts of the reference change; the site is light only (colorMode), so the rules never apply. The rule ' +
      'that colours the headings of the dark right panel ("Request samples") finds them from `.api-content` down, ' +
      "one section per child; the static reference's tags and operations sit one level deeper, in one group " +
      '(data-operations, src/plugins/api-reference/theme/Redoc/compact.ts), so the rule gets a selector for those.',
  },
  {
    package: '@docusaurus/theme-common',
    version: '3.10.2',
    files: ['lib/utils/IntlUtils.js'],
    applied: 'bundle',
    replacements: [
      {
        search: "import useDocusaurusContext from '@docusaurus/useDocusaurusContext';",
        replace:
          "import useDocusaurusContext from '@docusaurus/useDocusaurusContext';\n" +
          "import {dateTimeFormat} from '@site/src/lib/dateFormat';",
      },
      {
        search: 'return new Intl.DateTimeFormat(currentLocale, {\n        calendar,\n        ...options,\n    });',
        replace: 'return dateTimeFormat(currentLocale, {\n        calendar,\n        ...options,\n    });',
      },
    ],
    why:
      'The first Intl.DateTimeFormat a page creates costs Chromium 50 to 90 ms of main-thread time (it loads its ' +
      'date data), and the theme created one while hydrating every doc, for its "Last updated" line: the longest ' +
      "task of a doc page's load. src/lib/dateFormat.ts formats the theme's English dates with the same text and " +
      'hands any other locale or option to Intl.DateTimeFormat.',
  },
  {
    package: '@docusaurus/theme-common',
    version: '3.10.2',
    files: ['lib/utils/reactUtils.js'],
    applied: 'bundle',
    replacements: [
      {
        search: 'deps.sort((a, b) => a[0].localeCompare(b[0]));',
        replace: 'deps.sort((a, b) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0));',
      },
    ],
    why:
      "useShallowMemoObject sorts an object's keys with localeCompare, only to list its memo's dependencies in a " +
      'fixed order. The first localeCompare of a page makes Chromium load its collation data, 12 to 18 ms of ' +
      'main-thread time on a desktop CPU, and the navbar calls it while every doc page hydrates. Comparing the ' +
      'keys as plain strings gives a fixed order too.',
  },
  {
    package: '@docusaurus/core',
    version: '3.10.2',
    files: ['lib/client/exports/ComponentCreator.js'],
    applied: 'bundle',
    replacements: [
      {search: 'modules.push(chunkRegistry[1]);', replace: 'modules.push(chunkName);'},
      {
        search: "loader: () => import('@theme/NotFound'),\n            modules: ['@theme/NotFound'],",
        replace:
          'loader: () => import(/* webpackChunkName: "theme-not-found" */ \'@theme/NotFound\'),\n' +
          "            modules: ['theme-not-found'],",
      },
    ],
    why:
      'A route reports its chunks to the server render by module path, but the client manifest that turns them into ' +
      "script files names chunks by chunk name, so no page listed its route's own chunks: the browser found them " +
      'only when main.js ran, one round trip later, and requested them in the middle of its evaluation. Reported by ' +
      "chunk name, they are in the template's scripts, and the page loader fetches them beside main.js. The " +
      'not-found page gets a chunk name for the same reason.',
  },
  {
    package: '@docusaurus/core',
    version: '3.10.2',
    files: ['lib/client/prefetch.js'],
    applied: 'bundle',
    replacements: [
      {
        search: "const parentElement = document.getElementsByTagName('head')[0] ??",
        replace: 'const parentElement = document.head ??',
      },
    ],
    why:
      'Each route prefetch adds a <link rel="prefetch"> to the head, which it finds with ' +
      "getElementsByTagName('head')[0]. After the page has changed (and every prefetch changes it), that lookup walks " +
      'the whole document in Chromium: 1 to 2 ms on a desktop CPU on the container reference (42,000 elements), 4 to ' +
      '8 ms at 4x CPU throttling, for each of the routes its links prefetch in idle time. document.head is the same ' +
      'element without a search.',
  },
  {
    package: 'react-helmet-async',
    version: '1.3.0',
    files: ['lib/index.module.js'],
    applied: 'bundle',
    replacements: [
      {
        search: 'r.render=function(){return this.init(),null}',
        replace:
          'r.componentDidMount=function(){this.rendered=!1,this.init()},r.render=function(){return q.canUseDOM||this.init(),null}',
      },
      {
        search: 'var r=document.getElementsByTagName(t)[0];',
        replace:
          'var r="html"===t?document.documentElement:"body"===t?document.body:document.getElementsByTagName(t)[0];',
      },
    ],
    why:
      'Two costs of Helmet while a page hydrates. (1) Each <Helmet> registers itself, and asks for a head update on ' +
      'the next animation frame, as it renders. React hydrates in slices with frames between them, so the head was ' +
      'rewritten about ten times from a partial list of tags before hydration ended, 5 to 10 ms of main-thread time ' +
      'each at 4x CPU throttling on the container reference. In the browser it now registers when it mounts: all of ' +
      'them in the one commit that ends hydration, in the same order (they are leaves of the tree), and the head is ' +
      'updated once (a remount registers again); the server render still collects them as it renders. (2) Each ' +
      'update finds <html> and <body> with getElementsByTagName(name)[0], which, after the page has changed, walks ' +
      'the whole document in Chromium: 1 to 2 ms on a desktop CPU on the container reference (42,000 elements), ' +
      '0.1 to 0.4 ms on a small page. document.documentElement and document.body are the same two elements ' +
      'without a search.',
  },
];
