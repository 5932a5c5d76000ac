/**
 * Redoc options of spec section 9, shared by the eight API pages.
 * Primary colour gold-brown; sample payloads expanded at all levels; generated
 * samples up to depth 100; required properties first; path in the middle panel.
 */
export const redocPrimaryColor = '#8b6914';

export const redocOptions = {
  jsonSampleExpandLevel: 'all',
  generatedPayloadSamplesMaxDepth: 100,
  requiredPropsFirst: true,
  pathInMiddlePanel: true,
  hideDownloadButton: false,
  scrollYOffset: '.navbar',
  disableSearch: false,
} as const;
