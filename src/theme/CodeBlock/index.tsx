/**
 * Wrapped `@theme/CodeBlock`: the same block, but the browser does not load
 * Prism to hydrate a page's code blocks; it keeps their server-highlighted
 * HTML and loads the full block when the reader uses it (see
 * src/components/CodeBlock). Prism stays out of main.js either way (see
 * src/plugins/prism-single-instance).
 */
export {default} from '@site/src/components/CodeBlock/CodeBlock.client';
