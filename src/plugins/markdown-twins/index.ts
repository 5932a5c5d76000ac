/**
 * Markdown twins, and the files for assistants:
 *
 * - every doc gets a twin at its URL plus `.md` (`/docs/Archive%20Service.md`),
 *   rendered from its source by src/lib/markdown/docs.ts once the docs are loaded, into its own
 *   static directory (`generated/markdown-twins`, listed in the site's
 *   `staticDirectories`), so `npm start` serves the twins as the build does and
 *   rewrites them when a doc changes;
 * - the API references' twins (`/api/<service>.md`, `/api/<service>/<operationId>.md`),
 *   made by src/lib/openapi/markdown.ts from the specs of the plugin's `specs` option (the
 *   API reference plugin's list), into the same directory, again after an edit of a spec;
 * - llms.txt and llms-full.txt are made by docusaurus-plugin-llms, which this
 *   plugin runs first (the two would otherwise race: Docusaurus runs all
 *   postBuild hooks at once); then the doc links of llms.txt are pointed at
 *   the twins and the API twins are appended to llms-full.txt;
 * - `/markdown-twins.json` lists the twins for the MCP server (scripts/mcp), in the
 *   same directory.
 */
import fs from 'node:fs/promises';
import path from 'node:path';
import type {LoadContext, Plugin} from '@docusaurus/types';
import type {LoadedContent as DocsContent} from '@docusaurus/plugin-content-docs';
import llmsPlugin, {type PluginOptions as LlmsOptions} from 'docusaurus-plugin-llms';
import {parse} from 'yaml';
import {specSource, type ApiSpec} from '../../config/apiSpecs';
import {apiMarkdown} from '../../lib/openapi/markdown';
import {withTrailingSlashes} from '../../lib/openapi/trailingSlash';
import {
  apiMarkdownUrl,
  apiRoute,
  MARKDOWN_TWINS_INDEX_URL,
  operationMarkdownUrl,
  pageMarkdownUrl,
} from '../../lib/openapi/urls';
import {MDX_COMPONENT_MARKDOWN} from '../../components/markdownForms';
import {docMarkdown} from '../../lib/markdown/docs';
import {rewriteFolder, type PutFile} from '../../lib/generatedFolder';
import {contentHash, KeptWhileUnchanged} from '../../lib/buildCache';

export interface MarkdownTwinsOptions {
  /** Options of docusaurus-plugin-llms (llms.txt, llms-full.txt). */
  llms: LlmsOptions;
  /** The APIs whose references get twins: the API reference plugin's list. */
  specs: readonly ApiSpec[];
}

/** One entry of /markdown-twins.json. */
export interface TwinEntry {
  title: string;
  description: string;
  /** The HTML page, site-relative (URL-encoded). */
  url: string;
  /** Its Markdown twin, site-relative (URL-encoded). */
  markdown: string;
}

export interface TwinsIndex {
  docs: TwinEntry[];
  apis: (TwinEntry & {id: string})[];
}

export interface DocInfo {
  title: string;
  description: string;
  permalink: string;
  /** Absolute path of the source file. */
  file: string;
}

/** The published docs of every docs plugin instance and version (no drafts, no unlisted docs). */
function docsOf(allContent: Record<string, Record<string, unknown> | undefined>, siteDir: string): DocInfo[] {
  const instances = Object.values(allContent['docusaurus-plugin-content-docs'] ?? {}) as DocsContent[];
  return instances.flatMap((content) =>
    content.loadedVersions.flatMap((version) =>
      version.docs
        .filter((doc) => !doc.unlisted)
        .map((doc) => ({
          title: doc.title,
          description: doc.description,
          permalink: doc.permalink,
          file: path.join(siteDir, doc.source.replace(/^@site\//, '')),
        })),
    ),
  );
}

/** Encodes a site path the way links are written (`/docs/Archive%20Service`). */
const encodedPath = (permalink: string): string => encodeURI(decodeURI(permalink));

/** Each Markdown heading one level deeper (outside fenced code), level 6 at most. */
export function demoteHeadings(markdown: string): string {
  let fence: string | undefined;
  return markdown
    .split('\n')
    .map((line) => {
      const marker = /^\s*(`{3,}|~{3,})/.exec(line)?.[1];
      if (marker && (fence === undefined || (marker[0] === fence[0] && marker.length >= fence.length))) {
        fence = fence === undefined ? marker : undefined;
        return line;
      }
      if (fence === undefined && /^#{1,5} /.test(line)) return `#${line}`;
      return line;
    })
    .join('\n');
}

/** llms.txt with each doc link pointing at the doc's twin. */
export function linkTwins(llmsTxt: string, siteUrl: string, permalinks: readonly string[]): string {
  let text = llmsTxt;
  for (const permalink of permalinks) {
    const page = `${siteUrl}${encodedPath(permalink)}`;
    text = text.split(`](${page})`).join(`](${siteUrl}${pageMarkdownUrl(encodedPath(permalink))})`);
  }
  return text;
}

/**
 * The twins made, kept for their inputs (src/lib/buildCache.ts): under `npm start` an edit of a doc or a spec
 * makes again only the twins of what it changed; every twin is still written (unchanged files are left alone).
 */
const keptDocTwins = new KeptWhileUnchanged<string>();
const keptApiTwins = new KeptWhileUnchanged<[file: string, markdown: string][]>();

/** The static directory the doc twins and the index are written to (one of the site's `staticDirectories`). */
export const MARKDOWN_TWINS_STATIC_DIR = 'generated/markdown-twins';

/** Writes the twin of every doc and /markdown-twins.json with `put` (see rewriteFolder). */
export async function writeDocTwins(
  put: PutFile,
  docs: readonly DocInfo[],
  specs: readonly ApiSpec[],
  {siteDir, siteUrl}: {siteDir: string; siteUrl: string},
): Promise<void> {
  const index: TwinsIndex = {docs: [], apis: []};
  for (const doc of docs) {
    const source = await fs.readFile(doc.file, 'utf8');
    const url = encodedPath(doc.permalink);
    const options = {
      components: MDX_COMPONENT_MARKDOWN,
      title: doc.title,
      description: doc.description,
      pageUrl: `${siteUrl}${url}`,
      source: path.relative(siteDir, doc.file),
      links: {siteUrl, specIds: specs.map((spec) => spec.id)},
    };
    const inputs = contentHash(`${JSON.stringify(options)}\0${source}`);
    const markdown =
      keptDocTwins.get(doc.file, inputs) ?? keptDocTwins.set(doc.file, inputs, docMarkdown(source, options));
    await put(decodeURI(pageMarkdownUrl(url)), markdown);
    index.docs.push({title: doc.title, description: doc.description, url, markdown: pageMarkdownUrl(url)});
  }
  for (const spec of specs) {
    index.apis.push({
      id: spec.id,
      title: spec.label,
      description: spec.summary,
      url: apiRoute(spec.id),
      markdown: apiMarkdownUrl(spec.id),
    });
  }
  await put(MARKDOWN_TWINS_INDEX_URL, `${JSON.stringify(index, null, 2)}\n`);
}

/**
 * The twins of each API reference and of each of its operations (`/api/<service>.md`,
 * `/api/<service>/<operationId>.md`) with `put` (see rewriteFolder), from the spec as the services answer it (the routes they
 * register with a trailing slash have it). A link to another API's reference or operations leads to its twin.
 */
export async function writeApiTwins(
  put: PutFile,
  specs: readonly ApiSpec[],
  {siteDir, siteUrl}: {siteDir: string; siteUrl: string},
): Promise<void> {
  const specIds = specs.map((spec) => spec.id);
  for (const spec of specs) {
    const source = specSource(spec);
    try {
      const text = await fs.readFile(path.join(siteDir, source), 'utf8');
      const inputs = contentHash(`${JSON.stringify({spec, siteUrl, specIds})}\0${text}`);
      let files = keptApiTwins.get(path.join(siteDir, source), inputs);
      if (!files) {
        const doc = withTrailingSlashes(parse(text) as Record<string, unknown>);
        const twins = await apiMarkdown({id: spec.id, label: spec.label, doc}, {siteUrl, specIds});
        files = keptApiTwins.set(path.join(siteDir, source), inputs, [
          [apiMarkdownUrl(spec.id), twins.markdown],
          ...twins.operations.map((op): [string, string] => [
            decodeURIComponent(operationMarkdownUrl(spec.id, op.operationId)),
            op.markdown,
          ]),
        ]);
      }
      for (const [file, markdown] of files) await put(file, markdown);
    } catch (error) {
      const message = (error instanceof Error ? error.message : String(error)).split('\n')[0];
      throw new Error(`${source}: Markdown twins: ${message}`);
    }
  }
}

export default function markdownTwinsPlugin(context: LoadContext, options: MarkdownTwinsOptions): Plugin {
  const llms = llmsPlugin(context, options.llms);
  const siteUrl = context.siteConfig.url.replace(/\/+$/, '');
  const twinsDir = path.join(context.siteDir, MARKDOWN_TWINS_STATIC_DIR);
  if (!context.siteConfig.staticDirectories.includes(MARKDOWN_TWINS_STATIC_DIR)) {
    throw new Error(
      `portal-markdown-twins: add '${MARKDOWN_TWINS_STATIC_DIR}' to staticDirectories in docusaurus.config.ts, or the doc twins are never served`,
    );
  }
  let docs: DocInfo[] = [];
  return {
    name: 'portal-markdown-twins',
    // Runs in `npm start` too, again after each edit of a doc.
    async allContentLoaded({allContent}) {
      docs = docsOf(allContent as Record<string, Record<string, unknown> | undefined>, context.siteDir);
      // Written in place, so that `npm start` never serves the folder empty; a deleted or renamed doc or
      // operation leaves no twin behind. Again after an edit of a doc or a spec (every plugin's content loads again).
      await rewriteFolder(twinsDir, async (put) => {
        await writeDocTwins(put, docs, options.specs, {siteDir: context.siteDir, siteUrl});
        await writeApiTwins(put, options.specs, {siteDir: context.siteDir, siteUrl});
      });
    },
    async postBuild(props) {
      await llms.postBuild?.({...props, content: undefined});
      const {outDir} = props;
      const apiTwins: string[] = [];
      for (const spec of options.specs) {
        // Written by writeApiTwins into the twins' static directory; missing means that step broke.
        apiTwins.push(await fs.readFile(path.join(outDir, apiMarkdownUrl(spec.id)), 'utf8'));
      }

      const llmsTxt = path.join(outDir, 'llms.txt');
      const permalinks = docs.map((doc) => doc.permalink);
      await fs.writeFile(llmsTxt, linkTwins(await fs.readFile(llmsTxt, 'utf8'), siteUrl, permalinks));
      const full = path.join(outDir, 'llms-full.txt');
      const api = apiTwins.map((twin) => demoteHeadings(twin.trimEnd())).join('\n\n---\n\n');
      await fs.appendFile(full, `\n\n---\n\n${api}\n`);
    },
  };
}
