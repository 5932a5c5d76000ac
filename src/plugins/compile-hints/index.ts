/**
 * Tells Chromium's V8 to compile the start-up scripts ahead, off the main thread.
 *
 * Every page runs the entry's scripts (`runtime~main.js` and `main.js`: React, the router and
 * the theme's layout) as it starts. V8 compiles a function the first time it is called, on the
 * main thread, so about a third of `main.js`'s evaluation went to compiling functions it was
 * calling for the first time, in one long task before hydration. The magic comment
 * `//# allFunctionsCalledOnLoad` at the top of a file (explicit compile hints, which Chromium-based
 * browsers support; see README.md of https://github.com/WICG/explicit-javascript-compile-hints-file-based;
 * other engines read a comment) makes V8 compile all of the file's functions eagerly, on the
 * background thread that streams the file in. Main-thread time of a load measured on the
 * container reference and on a doc page: see handbook/performance.md.
 *
 * Only the entry's scripts get the comment: route chunks hold code that a page may never call.
 * The comment is added after minification (which drops comments) and before webpack computes
 * the files' content hashes, so the hashed file names stay true to the files' contents.
 */
import type {Plugin} from '@docusaurus/types';
import type {Compiler} from 'webpack';

export const COMPILE_HINT = '//# allFunctionsCalledOnLoad\n';

/** The entrypoint whose files every page loads first (Docusaurus's client entry). */
const ENTRY = 'main';

export class CompileHintsWebpackPlugin {
  apply(compiler: Compiler): void {
    const {Compilation, sources} = compiler.webpack;
    compiler.hooks.thisCompilation.tap('portal-compile-hints', (compilation) => {
      compilation.hooks.processAssets.tap(
        {name: 'portal-compile-hints', stage: Compilation.PROCESS_ASSETS_STAGE_DEV_TOOLING},
        () => {
          const entry = compilation.entrypoints.get(ENTRY);
          if (!entry) {
            throw new Error(`compile-hints: the client build has no "${ENTRY}" entrypoint to mark`);
          }
          for (const file of entry.getFiles().filter((f) => f.endsWith('.js'))) {
            compilation.updateAsset(file, (source) => new sources.ConcatSource(COMPILE_HINT, source));
          }
        },
      );
    });
  }
}

export default function compileHintsPlugin(): Plugin {
  return {
    name: 'portal-compile-hints',
    configureWebpack(config, isServer) {
      // The dev server's bundles are not minified and change on every edit: the hint is for the
      // production build that readers load.
      if (isServer || config.mode !== 'production') return {};
      return {plugins: [new CompileHintsWebpackPlugin()]};
    },
  };
}
