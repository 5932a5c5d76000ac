/**
 * Wrapped `@theme/CodeBlock`: the same component, with the site's Prism (and
 * its extra languages) loaded alongside it instead of in main.js on every
 * page (see src/plugins/prism-single-instance).
 */
import 'prismjs';
import CodeBlock from '@theme-original/CodeBlock';

export default CodeBlock;
