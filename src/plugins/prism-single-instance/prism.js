// The one Prism instance of the site: prism-react-renderer's, which Docusaurus
// code blocks render with. Resolved for every `import 'prismjs'`.
module.exports = require('prism-react-renderer').Prism;
