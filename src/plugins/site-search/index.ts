/**
 * The site search, as one unit: it makes one index of every doc and blog
 * section, API operation, schema and API change entry at build time (and
 * again in `npm start` after each edit), and owns the components that read it
 * (./theme): the navbar box (`@theme/SearchBar`) and the results page
 * (`/search?q=`).
 *
 * Docs and blog posts are read from their sources, as their Markdown twins
 * render them; the other records come from the plugins that own them: a
 * plugin's loaded content (or each value of it, for one keyed by API) may carry
 * `searchDocuments` (src/lib/search/documents.ts), which are indexed as given.
 *
 * The index is written as `/search/index.<content hash>.json` into its own
 * static directory; the box loads it on its first focus, from the address the
 * plugin's global data gives. The MCP server reads the same file from the build.
 */
import {createHash} from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import type {LoadContext, Plugin} from '@docusaurus/types';
import type {LoadedContent as DocsContent} from '@docusaurus/plugin-content-docs';
import type {BlogContent} from '@docusaurus/plugin-content-blog';
import {clip, type SearchDocument, type SearchKind} from '../../lib/search/documents';
import {buildSearchIndex} from '../../lib/search/engine';
import {searchIndexUrl, SEARCH_MANIFEST_URL, SEARCH_ROUTE, type SearchManifest} from '../../lib/search/urls';
import {pageMarkdownUrl} from '../../lib/openapi/urls';
import {MDX_COMPONENT_MARKDOWN} from '../../components/markdownForms';
import {docMarkdown} from '../../lib/markdown/docs';
import {rewriteFolder} from '../../lib/generatedFolder';
import {pageSections} from './sections';
import type {SiteSearchGlobalData} from './types';

/** The static directory the index is written to (one of the site's `staticDirectories`). */
export const SITE_SEARCH_STATIC_DIR = 'generated/site-search';

interface Page {
  kind: Extract<SearchKind, 'doc' | 'blog'>;
  title: string;
  description: string;
  permalink: string;
  file: string;
}

type AllContent = Record<string, Record<string, unknown> | undefined>;

/** The published docs of every docs plugin instance and version, and the blog posts (no drafts, no unlisted). */
function pagesOf(allContent: AllContent, siteDir: string): Page[] {
  const file = (source: string): string => path.join(siteDir, source.replace(/^@site\//, ''));
  const docs = (Object.values(allContent['docusaurus-plugin-content-docs'] ?? {}) as DocsContent[]).flatMap((content) =>
    content.loadedVersions.flatMap((version) =>
      version.docs.filter((doc) => !doc.unlisted).map((doc): Page => ({kind: 'doc', ...doc, file: file(doc.source)})),
    ),
  );
  const posts = (Object.values(allContent['docusaurus-plugin-content-blog'] ?? {}) as BlogContent[]).flatMap(
    (content) =>
      content.blogPosts
        .filter((post) => !post.metadata.unlisted)
        .map((post): Page => ({
          kind: 'blog',
          title: post.metadata.title,
          description: post.metadata.description,
          permalink: post.metadata.permalink,
          file: file(post.metadata.source),
        })),
  );
  return [...docs, ...posts];
}

/** Encodes a site path the way links are written (`/docs/Archive%20Service`). */
const encodedPath = (permalink: string): string => encodeURI(decodeURI(permalink));

/**
 * The sections of a page as search records, from its Markdown (as its twin has it: `# Title`, then the
 * description as a quote, then the text). `url` is the page's address, encoded as links write it.
 */
export function sectionRecords(
  page: {kind: Page['kind']; title: string; description: string; url: string},
  markdown: string,
): SearchDocument[] {
  // The twin's header names its HTML page: not something a reader searches for.
  const body = markdown.replace(/^Source page: .*$/m, '');
  return pageSections(body, page.title).map((section): SearchDocument => ({
    id: `${page.kind}:${page.url}#${section.anchor}`,
    kind: page.kind,
    title: section.heading,
    service: page.title,
    keywords: '',
    // The opening section's text begins with the description when the Markdown quotes it (as a twin does).
    text:
      section.anchor || section.text.startsWith(page.description)
        ? section.text
        : clip(`${page.description} ${section.text}`, 4000),
    url: section.anchor ? `${page.url}#${section.anchor}` : page.url,
    markdown: pageMarkdownUrl(page.url),
  }));
}

async function pageRecords(page: Page, siteDir: string): Promise<SearchDocument[]> {
  const source = await fs.readFile(page.file, 'utf8');
  const url = encodedPath(page.permalink);
  const markdown = docMarkdown(source, {
    components: MDX_COMPONENT_MARKDOWN,
    title: page.title,
    description: page.description,
    pageUrl: url,
    source: path.relative(siteDir, page.file),
  });
  return sectionRecords({...page, url}, markdown);
}

const isRecordList = (value: unknown): value is SearchDocument[] =>
  Array.isArray(value) && value.every((item) => typeof (item as SearchDocument | undefined)?.id === 'string');

/** The records other plugins put into their content (see the comment at the top). */
export function contributedRecords(allContent: AllContent): SearchDocument[] {
  const records: SearchDocument[] = [];
  for (const instances of Object.values(allContent)) {
    for (const content of Object.values(instances ?? {})) {
      if (typeof content !== 'object' || content === null) continue;
      const own = (content as {searchDocuments?: unknown}).searchDocuments;
      if (isRecordList(own)) {
        records.push(...own);
        continue;
      }
      for (const value of Object.values(content)) {
        const nested = (value as {searchDocuments?: unknown} | null)?.searchDocuments;
        if (isRecordList(nested)) records.push(...nested);
      }
    }
  }
  return records;
}

export default function siteSearchPlugin(context: LoadContext): Plugin {
  const {siteDir, siteConfig} = context;
  if (!siteConfig.staticDirectories.includes(SITE_SEARCH_STATIC_DIR)) {
    throw new Error(
      `portal-site-search: add '${SITE_SEARCH_STATIC_DIR}' to staticDirectories in docusaurus.config.ts, or the search index is never served`,
    );
  }
  const outDir = path.join(siteDir, SITE_SEARCH_STATIC_DIR);
  return {
    name: 'portal-site-search',
    async contentLoaded({actions}) {
      actions.addRoute({path: SEARCH_ROUTE, component: '@theme/SearchPage', exact: true});
    },
    // Runs in `npm start` too, again after each edit of a doc.
    async allContentLoaded({allContent, actions}) {
      const pages = pagesOf(allContent as AllContent, siteDir);
      const records = [
        ...(await Promise.all(pages.map((page) => pageRecords(page, siteDir)))).flat(),
        ...contributedRecords(allContent as AllContent),
      ];
      const json = JSON.stringify(buildSearchIndex(records));
      const url = searchIndexUrl(createHash('sha256').update(json).digest('hex').slice(0, 12));
      // The new index is written before the old one goes: `npm start` always has one to serve.
      const manifest: SearchManifest = {indexUrl: url, count: records.length};
      await rewriteFolder(outDir, async (put) => {
        await put(url, json);
        await put(SEARCH_MANIFEST_URL, `${JSON.stringify(manifest)}\n`);
      });
      actions.setGlobalData({indexUrl: url, count: records.length} satisfies SiteSearchGlobalData);
    },
    getThemePath() {
      return path.join(__dirname, 'theme');
    },
  };
}
