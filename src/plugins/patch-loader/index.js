// Webpack/Rspack loader that applies small, exact text patches to a
// dependency's file: each {search, replace} must match, or the build warns
// that the patch is stale (the dependency changed and the patch can go).
// Used for fixes the upstream packages do not offer an option for; each use
// says why (see src/plugins/redoc-page and src/plugins/search-bar-fix).
module.exports = function patchLoader(source) {
  const {patches} = this.getOptions();
  let result = source;
  for (const {search, replace} of patches) {
    if (!result.includes(search)) {
      this.emitWarning(new Error(`Patch no longer applies to ${this.resourcePath}: ${JSON.stringify(search)}`));
      continue;
    }
    result = result.split(search).join(replace);
  }
  return result;
};
