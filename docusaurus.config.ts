import type {Config, LoadContext, PluginModule} from '@docusaurus/types';
import type * as Preset from '@docusaurus/preset-classic';
import type {Options as DocsOptions} from '@docusaurus/plugin-content-docs';
import type {Options as BlogOptions} from '@docusaurus/plugin-content-blog';
import type {ThemeOptions as RedocThemeOptions} from 'docusaurus-theme-redoc';
import type {PluginOptions as LlmsOptions} from 'docusaurus-plugin-llms';
import {themes as prismThemes} from 'prism-react-renderer';
import anchorTargetsPlugin from './src/plugins/anchor-targets';
import announcementBarPlugin from './src/plugins/announcement-bar';
import devRedirectsPlugin from './src/plugins/dev-redirects';
import markdownTwinsPlugin, {MARKDOWN_TWINS_STATIC_DIR} from './src/plugins/markdown-twins';
import nginxConfigPlugin from './src/plugins/nginx-config';
import apiReferencePlugin, {type ApiReferenceOptions} from './src/plugins/api-reference';
import apiChangesPlugin, {type ApiChangesOptions} from './src/plugins/api-changes';
import asciiPagesPlugin from './src/plugins/ascii-pages';
import startupScriptsPlugin from './src/plugins/startup-scripts';
import dependencyPatchesPlugin, {pageTemplate} from './src/plugins/dependency-patches';
import idlePrefetchPlugin from './src/plugins/idle-prefetch';
import {MERMAID_CONFIG, mermaidDiagramsPlugin, mermaidRendering} from './src/plugins/mermaid-prerender';
import prismSingleInstancePlugin from './src/plugins/prism-single-instance';
import rehypeScrollableTables from './src/plugins/rehype-scrollable-tables';
import serverClientPairsPlugin from './src/plugins/server-client-pairs';
import siteSearchPlugin, {SITE_SEARCH_STATIC_DIR} from './src/plugins/site-search';
import {apiRoute, apiSpecs, scaleFixtureSpec} from './src/config/apiSpecs';
import {apiMarkdownUrl, changesFeedUrl, changesUrl, specDownloadUrl} from './src/lib/openapi/urls';
import {loadContacts} from './src/config/contacts';
import {siteRedirects} from './src/config/docs';
import {buildEnv, editUrl} from './src/config/env';
import {buildFooter} from './src/config/footer';
import {navbar} from './src/config/navbar';
import {redocOptions, redocPrimaryColor, redocThemeOverrides} from './src/config/redoc';

const contacts = loadContacts();
/** Mermaid diagrams: SVG drawn at build time, or (no Chromium here) drawn in the browser. */
const mermaid = mermaidRendering();
if (mermaid.mode === 'client') console.warn(`[mermaid] ${mermaid.reason}: diagrams are drawn in the browser.`);

const docsOptions = {
  path: 'docs',
  routeBasePath: 'docs',
  sidebarPath: './sidebars.ts',
  sidebarCollapsible: true,
  sidebarCollapsed: false,
  // "Edit this page" opens the file in the repository; the last change comes from git history.
  editUrl: ({docPath}) => editUrl(`docs/${docPath}`),
  showLastUpdateTime: true,
  showLastUpdateAuthor: true,
  rehypePlugins: [...mermaid.rehypePlugins, rehypeScrollableTables],
} satisfies DocsOptions;

const blogOptions = {
  path: 'blog',
  routeBasePath: 'blog',
  showReadingTime: true,
  editUrl: ({blogPath}) => editUrl(`blog/${blogPath}`),
  blogTitle: 'Developer Portal blog',
  blogDescription: 'News, walkthroughs and release notes of the document-signing platform and its portal.',
  postsPerPage: 10,
  blogSidebarTitle: 'Recent posts',
  blogSidebarCount: 'ALL',
  authorsMapPath: 'authors.yml',
  tags: 'tags.yml',
  onInlineTags: 'throw',
  onInlineAuthors: 'throw',
  onUntruncatedBlogPosts: 'throw',
  feedOptions: {type: ['rss', 'atom'], xslt: false},
  rehypePlugins: [...mermaid.rehypePlugins, rehypeScrollableTables],
} satisfies BlogOptions;

/**
 * The API references and their change histories, listed at the top of llms.txt and llms-full.txt (the plugin
 * itself lists the docs). A reference's link is its Markdown twin; the markdown-twins plugin points the
 * docs' links at theirs. The change histories are HTML pages with feeds.
 */
const apiReferenceList = [
  'Every link to a reference or a doc below is a page in Markdown (its HTML page is the same address without `.md`).',
  '',
  '## API references',
  '',
  ...apiSpecs.map(
    (spec) =>
      `- [${spec.label}](${buildEnv.siteUrl}${apiMarkdownUrl(spec.id)}): ${spec.summary} The whole reference: servers, authentication, every operation with its parameters, request body fields, curl example and responses. HTML: ${buildEnv.siteUrl}${apiRoute(spec.id)}; OpenAPI: ${buildEnv.siteUrl}${specDownloadUrl(spec.id, 'yaml')}`,
  ),
  '',
  '## API changes',
  '',
  `- [All API changes](${buildEnv.siteUrl}${changesUrl()}): every published version of the eight APIs, newest first, breaking changes explained. Feed: ${buildEnv.siteUrl}${changesFeedUrl(undefined, 'atom')}`,
  ...apiSpecs.map(
    (spec) =>
      `- [${spec.label} API changes](${buildEnv.siteUrl}${changesUrl(spec.id)}): what changed in each published version of the ${spec.label} API. Feed: ${buildEnv.siteUrl}${changesFeedUrl(spec.id, 'atom')}`,
  ),
].join('\n');

const llmsOptions = {
  docsDir: 'docs',
  includeBlog: false,
  excludeImports: true,
  removeDuplicateHeadings: true,
  rootContent: apiReferenceList,
  fullRootContent: apiReferenceList,
} satisfies LlmsOptions;

/**
 * The eight API pages (/api/<name>), built by one plugin that owns their theme components; the benchmark's scale
 * run adds its fixture of real-world size (PORTAL_SCALE_FIXTURE=1), which no other build has.
 */
const apiReferenceOptions = {
  specs: [...apiSpecs, ...(buildEnv.scaleFixture ? [scaleFixtureSpec] : [])].map((spec) => ({
    ...spec,
    route: apiRoute(spec.id),
  })),
} satisfies ApiReferenceOptions;

/** The API change history (/api/changes, /api/<name>/changes), a plugin that owns its pages' components. */
const apiChangesOptions = {
  specs: apiSpecs.map((spec) => ({specId: spec.id, label: spec.label})),
} satisfies ApiChangesOptions;

const redocThemeOptions = {
  primaryColor: redocPrimaryColor,
  options: redocOptions,
  theme: redocThemeOverrides,
} satisfies RedocThemeOptions;

const config = {
  title: 'Developer Portal',
  tagline: 'Why the product?',
  favicon: 'img/favicon.svg',
  // generated/: files the local plugins write before the bundles are made (OpenAPI files, the
  // change history's feeds, the Markdown twins); served by `npm start` and copied into the build.
  staticDirectories: ['static', 'generated/static', MARKDOWN_TWINS_STATIC_DIR, SITE_SEARCH_STATIC_DIR],
  url: buildEnv.siteUrl,
  // Where the API pages' "Edit this API description" link points (src/components/ApiDownloads).
  customFields: {openapiEditBaseUrl: editUrl('openapi/')},
  baseUrl: '/',
  trailingSlash: false,
  // Bundles run after the first paint; the template's loader replaces Docusaurus's
  // base-URL banner, which would fire on every page with that loader.
  ssrTemplate: pageTemplate(),
  baseUrlIssueBanner: false,
  onBrokenLinks: 'ignore',
  onBrokenAnchors: 'ignore',
  markdown: {
    mermaid: mermaid.mode === 'client',
    hooks: {onBrokenMarkdownLinks: 'warn'},
  },
  future: {
    v4: true,
    faster: buildEnv.useFasterBundler,
  },
  // Local storage with no key suffix (v4 would namespace the keys per site).
  storage: {type: 'localStorage', namespace: false},
  i18n: {defaultLocale: 'en', locales: ['en']},
  presets: [
    [
      'classic',
      {
        docs: docsOptions,
        blog: blogOptions,
        theme: {customCss: './src/css/custom.css'},
        sitemap: {changefreq: 'weekly', priority: 0.5, lastmod: null},
      } satisfies Preset.Options,
    ],
  ],
  plugins: [
    prismSingleInstancePlugin,
    startupScriptsPlugin,
    announcementBarPlugin,
    anchorTargetsPlugin,
    idlePrefetchPlugin,
    mermaidDiagramsPlugin,
    dependencyPatchesPlugin,
    serverClientPairsPlugin,
    ['@docusaurus/plugin-client-redirects', {redirects: [...siteRedirects]}],
    // The same redirects under `npm start`, where client-redirects does nothing.
    (context: LoadContext) => devRedirectsPlugin(context, {redirects: siteRedirects}),
    // The includes of deploy/nginx/default.conf: inline-script hashes for the CSP, redirects (README, Deploying).
    (context: LoadContext) => nginxConfigPlugin(context, {redirects: siteRedirects}),
    () => asciiPagesPlugin({redirects: siteRedirects}),
    // Called as a function plugin: its options (the API list, twice) then stay out of the
    // site config that Docusaurus serializes into every page's main.js. It runs docusaurus-plugin-llms
    // (which validates its options itself), then adds the docs' Markdown twins.
    ((context: LoadContext) =>
      markdownTwinsPlugin(context, {llms: llmsOptions, specs: apiReferenceOptions.specs})) as PluginModule,
    // A function plugin too, for the same reason.
    ((context: LoadContext) => apiChangesPlugin(context, apiChangesOptions)) as PluginModule,
  ],
  themes: [
    ...(mermaid.mode === 'client' ? ['@docusaurus/theme-mermaid'] : []),
    ['docusaurus-theme-redoc', redocThemeOptions],
    // After docusaurus-theme-redoc: its theme components (./theme) replace that theme's ApiDoc and Redoc.
    [apiReferencePlugin as PluginModule, apiReferenceOptions],
    // The navbar search and its results page, over docs, operations, schemas and API changes.
    siteSearchPlugin,
  ],
  themeConfig: {
    colorMode: {defaultMode: 'light', disableSwitch: true, respectPrefersColorScheme: false},
    announcementBar: {
      id: 'portal-launch-2025',
      content:
        'The new Developer Portal is live: install docs, API references and user manuals in one place. <a href="/blog/welcome">Read the announcement</a>.',
      isCloseable: true,
    },
    docs: {sidebar: {hideable: false, autoCollapseCategories: false}},
    tableOfContents: {minHeadingLevel: 2, maxHeadingLevel: 3},
    navbar,
    footer: buildFooter(contacts),
    mermaid: {theme: {light: 'default', dark: 'default'}, options: {sequence: MERMAID_CONFIG.sequence}},
    prism: {
      theme: prismThemes.vsLight,
      // Only languages prism-react-renderer does not bundle (json, yaml, python, js ... it does):
      // each one costs start-up time on every page with a code block. tests/unit/content.test.ts
      // checks that every language the docs use is highlighted.
      additionalLanguages: ['bash', 'http', 'docker', 'nginx'],
    },
    metadata: [{name: 'keywords', content: 'e-signature, e-seal, Smart-ID, Mobile-ID, eParaksts, API, ASiC-E, PAdES'}],
  } satisfies Preset.ThemeConfig,
} satisfies Config;

export default config;
