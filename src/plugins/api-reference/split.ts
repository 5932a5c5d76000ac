/**
 * The specs Redoc renders for a reference cut into one page per tag (src/lib/openapi/pages.ts): the overview's
 * (the API's description, the tags without operations, and a list of every operation linking to its page) and
 * each tag page's (that tag's operations and only the components they use). Build time only.
 */
import {safeSlugify} from 'redoc';
import {asArray, asObject, isHttpMethod, isObject, type JsonObject, unescapePointer} from '../../lib/openapi/document';
import type {PageOperation, TagPage} from '../../lib/openapi/pages';

const TAG_LISTS = ['tags', 'x-tagGroups'] as const;
/** Webhooks: OpenAPI 3.1's, and Redoc's extension for 3.0. */
const WEBHOOK_KEYS = ['webhooks', 'x-webhooks'] as const;

/** The tag of Redoc's anchors (`#tag/<this>/operation/...`): the name as Redoc slugifies it. */
export const anchorTag = (tag: string): string => safeSlugify(tag);

/** Markdown text with the characters that would make it markup escaped. */
const markdownText = (text: string): string => text.replace(/[\\`*_[\]<>#|]/g, (c) => `\\${c}`);

function operationLine(page: TagPage, op: PageOperation): string {
  const href = `${page.route}#tag/${anchorTag(page.tag)}/operation/${encodeURIComponent(op.operationId)}`;
  const deprecated = op.deprecated ? ' (deprecated)' : '';
  return `- [${markdownText(op.summary)}](${href})${deprecated}: \`${op.method} ${op.path.replace(/`/g, "'")}\``;
}

/**
 * The overview's list of operations, as Markdown after the API's description: a heading per tag (Redoc puts
 * each in its menu), linking to the tag's page, and a line per operation linking to its anchor there. Every
 * summary, method and path of the API is in the overview's HTML: the browser's find reaches all of them.
 */
export function operationsIndex(pages: readonly TagPage[]): string {
  const lines = ['# Operations', '', 'Each group of operations has a page of its own.', ''];
  for (const page of pages) {
    const count = `${page.operations.length} operation${page.operations.length === 1 ? '' : 's'}`;
    lines.push(`## ${markdownText(page.tag)}`, '', `[All ${count} of ${markdownText(page.tag)}](${page.route})`, '');
    for (const op of page.operations) lines.push(operationLine(page, op));
    lines.push('');
  }
  return lines.join('\n');
}

/** Every `$ref` into the document itself, from `value` and what it leads to, as JSON pointers. */
function usedComponents(doc: JsonObject, roots: unknown[]): Set<string> {
  const seen = new Set<string>();
  const stack = [...roots];
  while (stack.length > 0) {
    const value = stack.pop();
    if (Array.isArray(value)) {
      stack.push(...value);
    } else if (isObject(value)) {
      const ref = value.$ref;
      if (typeof ref === 'string' && ref.startsWith('#/') && !seen.has(ref)) {
        seen.add(ref);
        stack.push(resolvePointer(doc, ref));
      }
      for (const [key, child] of Object.entries(value)) if (key !== '$ref') stack.push(child);
    }
  }
  return seen;
}

function resolvePointer(doc: JsonObject, ref: string): unknown {
  let value: unknown = doc;
  for (const raw of ref.slice(2).split('/')) {
    const key = unescapePointer(raw);
    value = isObject(value) ? value[key] : Array.isArray(value) ? value[Number(key)] : undefined;
  }
  return value;
}

/** The components a part of the document uses, and the security schemes (Redoc lists them all). */
function componentsFor(doc: JsonObject, roots: unknown[]): JsonObject | undefined {
  const components = asObject(doc.components);
  if (!components) return undefined;
  const kept: JsonObject = {};
  for (const ref of usedComponents(doc, [...roots, doc.security])) {
    const [first, kind, name] = ref.slice(2).split('/');
    if (first !== 'components' || kind === undefined || name === undefined) continue;
    const key = unescapePointer(name);
    const group = asObject(components[kind]);
    if (!group || !(key in group)) continue;
    kept[kind] = {...asObject(kept[kind]), [key]: group[key]};
  }
  if (components.securitySchemes !== undefined) kept.securitySchemes = components.securitySchemes;
  return kept;
}

/** The document without its operations, tags and components: what every page of it shares. */
function shared(doc: JsonObject): JsonObject {
  const rest = {...doc};
  for (const key of ['paths', 'components', ...WEBHOOK_KEYS, ...TAG_LISTS]) delete rest[key];
  return rest;
}

/**
 * The overview's spec: the API's description followed by the operations index, its tags that hold no operation
 * (their text, such as an introduction written as a tag), its webhooks, and no operations.
 */
export function overviewSpec(doc: JsonObject, pages: readonly TagPage[]): JsonObject {
  const withPages = new Set(pages.map((page) => page.tag));
  const tags = asArray(doc.tags).filter((tag) => isObject(tag) && !withPages.has(String(tag.name)));
  const info = asObject(doc.info) ?? {};
  const description = typeof info.description === 'string' ? `${info.description.trimEnd()}\n\n` : '';
  // Webhooks are not operations of a path: the overview shows them, as the one page did.
  const webhooks = Object.fromEntries(
    WEBHOOK_KEYS.filter((key) => doc[key] !== undefined).map((key) => [key, doc[key]]),
  );
  const overview: JsonObject = {
    ...shared(doc),
    info: {...info, description: `${description}${operationsIndex(pages)}`},
    paths: {},
    ...webhooks,
    ...(tags.length > 0 ? {tags} : {}),
  };
  const components = componentsFor(doc, [tags, Object.values(webhooks)]);
  if (components) overview.components = components;
  return overview;
}

/**
 * One tag page's spec: the operations whose first tag it is (filed under that tag alone, so that Redoc shows
 * each once), with their path items' shared parameters and servers, and the components they use. The API's
 * description is left to the overview; the page's says where it belongs.
 */
export function tagPageSpec(doc: JsonObject, page: TagPage, overview: {route: string; label: string}): JsonObject {
  const ids = new Set(page.operations.map((op) => `${op.method.toLowerCase()} ${op.path}`));
  const paths: JsonObject = {};
  for (const [path, rawItem] of Object.entries(asObject(doc.paths) ?? {})) {
    const item = asObject(rawItem);
    if (!item) continue;
    const kept: JsonObject = {};
    for (const [key, value] of Object.entries(item)) {
      if (!isHttpMethod(key)) kept[key] = value;
      else if (ids.has(`${key} ${path}`) && isObject(value)) kept[key] = {...value, tags: [page.tag]};
    }
    if (Object.keys(kept).some(isHttpMethod)) paths[path] = kept;
  }
  const declared = asArray(doc.tags).find((tag) => isObject(tag) && tag.name === page.tag);
  const info = asObject(doc.info) ?? {};
  const spec: JsonObject = {
    ...shared(doc),
    info: {
      ...info,
      description: `The **${markdownText(page.tag)}** operations of the ${markdownText(overview.label)} API. The API's description and the list of all its operations are on [its overview](${overview.route}).`,
    },
    paths,
    tags: [isObject(declared) ? declared : {name: page.tag}],
  };
  const components = componentsFor(doc, [paths, declared]);
  if (components) spec.components = components;
  return spec;
}
