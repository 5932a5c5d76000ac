// The one Prism instance of the site: prism-react-renderer's, which Docusaurus
// code blocks render with, with the extra languages of themeConfig.prism
// registered (by Docusaurus's own `@theme/prism-include-languages`). Resolved
// for every `import 'prismjs'`: the code blocks (src/theme/CodeBlock) and Redoc.
const {Prism} = require('prism-react-renderer');

// Assigned before the languages load: they reach this module again through
// the `Prism` free variable that docusaurus-theme-redoc provides.
module.exports = Prism;
require('@theme/prism-include-languages').default(Prism);
