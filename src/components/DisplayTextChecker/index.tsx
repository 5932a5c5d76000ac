import {lazyComponent} from '../lazy';

/**
 * Interactive checker for signing and authentication display texts, loaded
 * lazily so the blog post's first paint stays light.
 */
const DisplayTextChecker = lazyComponent(
  () => import(/* webpackChunkName: "display-text-checker" */ './DisplayTextChecker'),
);

export default DisplayTextChecker;
