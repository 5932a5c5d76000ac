// Webpack/Rspack loader for Redoc's bundle: Redoc 2.4 always shows the
// Redocly logo from cdn.redoc.ly in its sidebar, a third-party request on
// every API page (and a failed one offline). Point it at a local image.
const CDN_LOGO = 'https://cdn.redoc.ly/redoc/logo-mini.svg';

module.exports = function noCdnLogoLoader(source) {
  const {logoUrl} = this.getOptions();
  if (!source.includes(CDN_LOGO)) {
    this.emitWarning(new Error('Redoc bundle no longer contains the CDN logo URL; the loader can be removed.'));
    return source;
  }
  return source.split(CDN_LOGO).join(logoUrl);
};
