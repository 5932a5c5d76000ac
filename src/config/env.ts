/**
 * The few environment variables the build reads, in one place.
 * Everything else in the config is fixed by the specification.
 */
const env = process.env;

function read(name: string, fallback: string): string {
  const value = env[name];
  return value !== undefined && value.trim() !== '' ? value.trim() : fallback;
}

export const buildEnv = {
  /** Public URL the portal is deployed at (sitemap, canonical links). */
  siteUrl: read('PORTAL_URL', 'https://developer-portal.invalid'),
  /** Set PORTAL_BUNDLER=webpack to build with webpack instead of Rspack (@docusaurus/faster). */
  useFasterBundler: read('PORTAL_BUNDLER', 'rspack') !== 'webpack',
  read,
} as const;
