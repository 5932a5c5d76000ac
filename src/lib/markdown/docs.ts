/**
 * A doc's Markdown: the page's source as clean Markdown, for its twin (the
 * markdown-twins plugin) and for the site search (the site-search plugin). What MDX adds to Markdown is taken out or turned into
 * Markdown: source comments `{/* … *\/}` and HTML comments go, ESM
 * `import`/`export` lines go, admonitions (`:::note`) become block quotes,
 * the site's MDX components become text or tables (given by the caller:
 * src/components/markdownForms.ts; an unknown component fails the build, so
 * that a new one gets its Markdown form), Mermaid
 * blocks stay as their Mermaid source, and links to the portal's pages lead
 * to their twins. Code blocks are kept as written.
 */
import {linkToTwins} from '../openapi/markdown';

export interface DocMeta {
  title: string;
  description?: string;
  /** The page's URL, absolute. */
  pageUrl: string;
  /** Where the source is, for error messages. */
  source: string;
  /**
   * The portal's address and its APIs: links to docs, API references and operations then lead to their
   * twins (absolute), so that a reader of twins stays with twins. Without it links stay as written.
   */
  links?: {siteUrl: string; specIds: readonly string[]};
  /** The Markdown of each MDX component the docs may use, by its name (src/components/markdownForms.ts). */
  components: Readonly<Record<string, () => string[]>>;
}

const ADMONITION = /^(\s*):::(note|tip|info|warning|danger|caution|important)(?:\[(.*)\]|\s+(.*))?\s*$/;
const ADMONITION_END = /^\s*:::\s*$/;
const FENCE = /^\s*(`{3,}|~{3,})/;
const COMPONENT_LINE = /^\s*<([A-Z][A-Za-z0-9]*)\b[^>]*\/>\s*$/;

/** The text of a source without its front matter, and the front matter's lines. */
export function splitFrontMatter(source: string): {body: string} {
  const match = /^---\r?\n[\s\S]*?\r?\n---\r?\n?/.exec(source);
  return {body: match ? source.slice(match[0].length) : source};
}

/** Removes MDX expression comments and HTML comments from prose (never from code). */
function stripComments(text: string): string {
  return text.replace(/[ \t]*\{\s*\/\*[\s\S]*?\*\/\s*\}/g, '').replace(/[ \t]*<!--[\s\S]*?-->/g, '');
}

/** Splits a body into prose and fenced-code segments (a fence closes with the same marker, at least as long). */
function segments(body: string): {code: boolean; text: string}[] {
  const out: {code: boolean; text: string}[] = [];
  let current: string[] = [];
  let fence: string | undefined;
  const flush = (code: boolean): void => {
    if (current.length > 0) out.push({code, text: current.join('\n')});
    current = [];
  };
  for (const line of body.split(/\r?\n/)) {
    const marker = FENCE.exec(line)?.[1];
    if (fence === undefined && marker) {
      flush(false);
      fence = marker;
      current.push(line);
    } else if (
      fence !== undefined &&
      marker &&
      marker[0] === fence[0] &&
      marker.length >= fence.length &&
      line.trim() === marker
    ) {
      current.push(line);
      flush(true);
      fence = undefined;
    } else current.push(line);
  }
  flush(fence !== undefined);
  return out;
}

const capitalized = (word: string): string => word.charAt(0).toUpperCase() + word.slice(1);

/** The twin of one doc. */
export function docMarkdown(source: string, meta: DocMeta): string {
  const {body} = splitFrontMatter(source);
  const lines: string[] = [];
  let quoteDepth = 0;
  for (const segment of segments(body)) {
    if (segment.code) {
      lines.push(...segment.text.split('\n').map((line) => '> '.repeat(quoteDepth) + line));
      continue;
    }
    for (const line of stripComments(segment.text).split('\n')) {
      if (/^(?:import|export)\s/.test(line)) continue;
      const admonition = ADMONITION.exec(line);
      if (admonition) {
        const kind = capitalized(admonition[2] ?? 'note');
        const title = (admonition[3] ?? admonition[4] ?? '').trim();
        lines.push(`${'> '.repeat(quoteDepth)}> **${title || kind}**`, `${'> '.repeat(quoteDepth)}>`);
        quoteDepth += 1;
        continue;
      }
      if (ADMONITION_END.test(line) && quoteDepth > 0) {
        quoteDepth -= 1;
        lines.push('');
        continue;
      }
      const component = COMPONENT_LINE.exec(line)?.[1];
      if (component) {
        const render = meta.components[component];
        if (!render)
          throw new Error(`${meta.source}: <${component}> has no Markdown form (src/components/markdownForms.ts)`);
        lines.push(...render().map((row) => '> '.repeat(quoteDepth) + row));
        continue;
      }
      if (/^\s*<[A-Z]/.test(line)) {
        throw new Error(`${meta.source}: JSX that the Markdown twin cannot render: ${line.trim().slice(0, 80)}`);
      }
      const prefix = '> '.repeat(quoteDepth);
      const linked = meta.links ? linkToTwins(line, meta.links.siteUrl, meta.links.specIds) : line;
      lines.push(linked.trimEnd() === '' ? prefix.trimEnd() : prefix + linked.trimEnd());
    }
  }
  const text = lines
    .join('\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
  const head = [`# ${meta.title}`, ''];
  if (meta.description) head.push(`> ${meta.description.replace(/\s*\n\s*/g, ' ')}`, '');
  head.push(`Source page: ${meta.pageUrl}`, '');
  return `${head.join('\n')}\n${text}\n`;
}
