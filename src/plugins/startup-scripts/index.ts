/**
 * The start-up scripts: the files of Docusaurus's client entry, which every page runs as it
 * starts (React, the router, the theme's layout, the site's config and routes). Two things
 * about them are decided here, for the production client build:
 *
 * 1. **They come in four files, not two.** Each script the page loader starts is evaluated in a
 *    task of its own (src/config/pageLoader.ts), and a task's length grows with its file's size.
 *    With one `main.js` of 420 KB, its evaluation was the longest task of every page's load.
 *    React DOM (with its scheduler) now gets a file of its own (`react-dom.js`, about 210 KB, a
 *    single module that cannot be cut further) and the other packages the entry uses another
 *    (`vendor.js`, Docusaurus's client and theme included), so `main.js` keeps the site's own code
 *    and generated data. The runtime (`runtime~main.js`) is Docusaurus's own. The two new files
 *    change only when a dependency is upgraded, so a browser keeps them cached across deploys of
 *    the site. Chunks loaded on demand are not affected: the groups take initial chunks only.
 *
 * 2. **They carry V8's compile hint.** V8 compiles a function the first time it is called, on
 *    the main thread, and the start-up code calls most of its functions as the page starts. The
 *    magic comment `//# allFunctionsCalledOnLoad` at the top of a file (explicit compile hints,
 *    which Chromium-based browsers support; see README.md of
 *    https://github.com/WICG/explicit-javascript-compile-hints-file-based; other engines read a
 *    comment) makes V8 compile all of the file's functions eagerly, on the background thread that
 *    streams the file in. Route chunks do not get it: they hold code that a page may never call.
 *    The comment is added after minification (which drops comments) and before the files' content
 *    hashes are computed, so the hashed file names stay true to the files' contents.
 *
 * Measured effects (main-thread time of the container reference's and a doc page's load): see
 * handbook/performance.md. The tests that know which files are the start-up scripts use
 * `isStartupScript` and `startupChunkOf`, so a change of the split is made here only.
 */
import type {Plugin} from '@docusaurus/types';
import type {Compiler, Configuration} from 'webpack';

export const COMPILE_HINT = '//# allFunctionsCalledOnLoad\n';

/** The entrypoint whose files every page loads first (Docusaurus's client entry). */
const ENTRY = 'main';

/** Names of the start-up files: the two split off here, then Docusaurus's runtime and entry. */
export const STARTUP_CHUNKS = ['react-dom', 'vendor', `runtime~${ENTRY}`, ENTRY] as const;

/** One of the start-up files' names. */
export type StartupChunk = (typeof STARTUP_CHUNKS)[number];

/** A start-up file's name: `<name>.<content hash>.js`, at the end of a URL or path. */
const STARTUP_FILE = new RegExp(`(?:^|/)(${STARTUP_CHUNKS.join('|')})\\.[0-9a-f]+\\.js(?:[?#]|$)`);

/** Which start-up file a script URL or file name is, or null for any other script. */
export function startupChunkOf(url: string): StartupChunk | null {
  return (STARTUP_FILE.exec(url)?.[1] as StartupChunk | undefined) ?? null;
}

/** Whether a script URL or file name is one of the start-up files. */
export const isStartupScript = (url: string): boolean => startupChunkOf(url) !== null;

/** The split of the entry's packages into their own files (merged into Docusaurus's `splitChunks`). */
export const startupSplitChunks = {
  cacheGroups: {
    reactDom: {
      test: /[\\/]node_modules[\\/](react-dom|scheduler)[\\/]/,
      // Scripts only: the stylesheets stay in Docusaurus's one `styles.css`, in their order.
      type: /javascript/,
      chunks: 'initial',
      name: 'react-dom',
      // Above Docusaurus's own groups (`common` 40, `styles` 50) and above `vendor`.
      priority: 60,
      enforce: true,
    },
    vendor: {
      test: /[\\/]node_modules[\\/]/,
      type: /javascript/,
      chunks: 'initial',
      name: 'vendor',
      priority: 55,
      enforce: true,
    },
  },
} satisfies NonNullable<Configuration['optimization']>['splitChunks'];

export class CompileHintsWebpackPlugin {
  apply(compiler: Compiler): void {
    const {Compilation, sources} = compiler.webpack;
    compiler.hooks.thisCompilation.tap('portal-compile-hints', (compilation) => {
      compilation.hooks.processAssets.tap(
        {name: 'portal-compile-hints', stage: Compilation.PROCESS_ASSETS_STAGE_DEV_TOOLING},
        () => {
          const entry = compilation.entrypoints.get(ENTRY);
          if (!entry) {
            throw new Error(`startup-scripts: the client build has no "${ENTRY}" entrypoint to mark`);
          }
          for (const file of entry.getFiles().filter((f) => f.endsWith('.js'))) {
            compilation.updateAsset(file, (source) => new sources.ConcatSource(COMPILE_HINT, source));
          }
        },
      );
    });
  }
}

export default function startupScriptsPlugin(): Plugin {
  return {
    name: 'portal-startup-scripts',
    configureWebpack(config, isServer) {
      // The server build has no chunks to split; the dev server's bundles are not minified and
      // change on every edit. Both stay as Docusaurus makes them.
      if (isServer || config.mode !== 'production') return {};
      return {
        optimization: {splitChunks: startupSplitChunks},
        plugins: [new CompileHintsWebpackPlugin()],
      };
    },
  };
}
