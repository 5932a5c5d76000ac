/**
 * Redoc options, shared by the eight API pages.
 * Primary colour gold-brown; sample payloads expanded at all levels; generated
 * samples up to depth 100; required properties first; path in the middle panel.
 */
import {SAMPLE_MAX_DEPTH} from '../lib/openapi/samples';

export const redocPrimaryColor = '#6e5210';

/**
 * Colours of Redoc's light theme that are too pale for WCAG AA contrast (4.5:1) on the
 * backgrounds Redoc puts them on: inline code, error and redirect statuses, "required",
 * warnings, type names. Response tabs on the dark right panel get light text (src/css/custom.css
 * gives the selected tab, which is white, the dark one). tests/e2e/a11y.spec.ts runs axe
 * on the API pages.
 */
export const redocThemeOverrides = {
  colors: {
    // Redoc draws "additional property" labels in primary.light (by default a paler gold).
    primary: {light: redocPrimaryColor},
    error: {main: '#b3261e'},
    warning: {main: '#7a4f00'},
    responses: {
      success: {color: '#12621a', tabTextColor: '#81c784'},
      error: {color: '#a4161a', tabTextColor: '#ff8a80'},
      redirect: {color: '#7a4f00', tabTextColor: '#ffcc80'},
    },
  },
  typography: {code: {color: '#a4161a'}},
  schema: {typeNameColor: '#595959', typeTitleColor: '#595959'},
} as const;

export const redocOptions = {
  jsonSampleExpandLevel: 'all',
  generatedPayloadSamplesMaxDepth: SAMPLE_MAX_DEPTH,
  requiredPropsFirst: true,
  pathInMiddlePanel: true,
  hideDownloadButton: false,
  scrollYOffset: '.navbar',
  disableSearch: false,
} as const;

/**
 * The attribute of the one element that groups the tags and operations of the static reference
 * (src/plugins/api-reference/theme/Redoc/compact.ts), one level below Redoc's `.api-content`; the
 * patch table's rewrite of Redoc's stylesheet (src/plugins/dependency-patches/patches.ts) selects it.
 */
export const OPERATIONS_ATTRIBUTE = 'data-operations';
