/**
 * The HTML template of every built page (Docusaurus `ssrTemplate`): Docusaurus's
 * own template with the page loader of ./pageLoader.ts in place of its deferred
 * script tags. The change is a patch of the patch table
 * (src/plugins/dependency-patches/patches.ts), so a Docusaurus update that
 * changes the template fails the build instead of dropping the loader.
 */
import {patchedExport} from '../plugins/dependency-patches';

export {FIRST_PAINT_TIMEOUT_MS, PAGE_SCRIPTS_ID, SCRIPT_FAILURE_BANNER_ID} from './pageLoader';

export const ssrTemplate = patchedExport('@docusaurus/core', 'lib/ssg/ssgTemplate.html.js');
