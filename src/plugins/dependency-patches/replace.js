// @ts-check
/**
 * The one mechanism that changes a dependency's code: exact text
 * replacements, each of which must match or the build fails. Plain CommonJS
 * because the bundler loads it as a loader (see ./index.ts); the config-time
 * patches (patchedModule in ./index.ts) use the same function.
 */

/**
 * Applies the replacements to `text`; throws, naming `where` and the text
 * searched for, when one no longer matches (the dependency changed: update or
 * drop the patch in ./patches.ts).
 * @param {string} text
 * @param {readonly {search: string, replace: string}[]} replacements
 * @param {string} where package@version and file, for the message
 * @returns {string}
 */
function applyReplacements(text, replacements, where) {
  let result = text;
  for (const {search, replace} of replacements) {
    if (!result.includes(search)) {
      throw new Error(
        `[dependency-patches] ${where}: a patch no longer matches (the dependency changed; update or remove it in src/plugins/dependency-patches/patches.ts). Not found: ${JSON.stringify(search.slice(0, 120))}`,
      );
    }
    result = result.split(search).join(replace);
  }
  return result;
}

/**
 * Webpack/Rspack loader: options `{where, replacements}`.
 * @this {{getOptions: () => {where: string, replacements: {search: string, replace: string}[]}}}
 * @param {string} source
 * @returns {string}
 */
function dependencyPatchLoader(source) {
  const {where, replacements} = this.getOptions();
  return applyReplacements(source, replacements, where);
}

module.exports = dependencyPatchLoader;
module.exports.applyReplacements = applyReplacements;
