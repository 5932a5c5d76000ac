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
  /** Repository the pages' "Edit this page" links open (handbook/deploying.md, Environment variables). */
  repoUrl: repositoryUrl(env),
  /** PORTAL_SCALE_FIXTURE=1: the benchmark's scale run, which builds its large fixture spec into the API pages. */
  scaleFixture: read('PORTAL_SCALE_FIXTURE', '') === '1',
  /** Branch the edit links open. */
  repoBranch: read('PORTAL_REPO_BRANCH', 'main'),
  read,
} as const;

/**
 * The repository of the site's sources: PORTAL_REPO_URL; else, in GitHub
 * Actions, the repository the workflow runs for; else a placeholder.
 */
export function repositoryUrl(vars: Record<string, string | undefined>): string {
  const pick = (name: string) => vars[name]?.trim() ?? '';
  const explicit = pick('PORTAL_REPO_URL');
  if (explicit !== '') return explicit.replace(/\/+$/, '');
  const repository = pick('GITHUB_REPOSITORY');
  if (repository !== '') return `${pick('GITHUB_SERVER_URL') || 'https://github.com'}/${repository}`;
  return 'https://github.com/example/developer-portal';
}

/** Encodes each segment of a path (doc file names hold spaces; a branch may hold slashes). */
const encodePath = (relativePath: string): string => relativePath.split(/[\\/]/).map(encodeURIComponent).join('/');

/**
 * The page on the repository host where a writer edits one file of the site,
 * e.g. `editUrl('docs/Archive Service.md')` is
 * `<repo>/edit/<branch>/docs/Archive%20Service.md`: GitHub's file editor,
 * which offers readers without write access a fork and a pull request.
 */
export function editUrl(relativePath: string): string {
  return `${buildEnv.repoUrl}/edit/${encodePath(buildEnv.repoBranch)}/${encodePath(relativePath)}`;
}
