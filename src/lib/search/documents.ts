/**
 * What the site search indexes: every doc and blog section, API operation,
 * schema and API change entry as one flat record with the same fields, so
 * one ranking orders them all (./engine.ts). The build makes the records
 * (src/plugins/site-search), the navbar box, the search page and the MCP
 * server read them. Plain TypeScript without Node or DOM imports.
 */
import {asArray, asObject, asString, isObject, operationsOf, operationTag, type JsonObject} from '../openapi/document';
import {apiMarkdownUrl, changeEntryHref, changesJsonUrl, operationHref, operationMarkdownUrl} from '../openapi/urls';

export type SearchKind = 'doc' | 'blog' | 'operation' | 'schema' | 'change';

/** One thing the search can find. */
export interface SearchDocument {
  /** Unique over the index: `<kind>:<where>`. */
  id: string;
  kind: SearchKind;
  /** A doc section's heading, an operation's summary, a schema's name, a change entry's headline. */
  title: string;
  /** The service (an API's label) or the page (a doc's title) it belongs to. */
  service: string;
  /** Words a reader may type that are not prose: operationId, path, tag, parameter and field names. */
  keywords: string;
  /** The prose: a section's text, an operation's and its parameters' descriptions. */
  text: string;
  /** Where a reader lands: the HTML page, with the anchor of the section or operation. */
  url: string;
  /** Its Markdown twin, for assistants (the MCP server answers with it). */
  markdown: string;
  method?: string;
  path?: string;
  /** An operation's tag (its group in the reference). */
  tag?: string;
  deprecated?: boolean;
}

/** Cuts a text down to `max` characters at a word boundary. */
export function clip(text: string, max: number): string {
  if (text.length <= max) return text;
  const cut = text.slice(0, max);
  const space = cut.lastIndexOf(' ');
  return `${space > max * 0.6 ? cut.slice(0, space) : cut}…`;
}

/** A code span and its content (one or more backticks on each side). */
const CODE_SPAN = /(`+)([^`]|[^`][\s\S]*?[^`])\1(?!`)/g;
/** HTML elements that sit inside a line of text: their tags go without leaving a space. */
const INLINE_TAG = /<\/?(?:a|abbr|b|code|em|i|kbd|mark|small|span|strong|sub|sup)\b[^>]*>/gi;
/**
 * Markdown's emphasis marks: `*`, `_` or two or three of them before a word or after one, not an underscore inside
 * a word (`dmss_1_0_0`, `JAVA_OPTS`), which Markdown leaves as it is.
 */
const EMPHASIS = /(?<![\p{L}\p{N}])[*_]{1,3}(?=[^\s*_])|(?<=[^\s*_])[*_]{1,3}(?![\p{L}\p{N}])/gu;
/** The named character references the specs use, with the numeric ones read in `decodeEntities`. */
const ENTITIES: Readonly<Record<string, string>> = {
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  apos: "'",
  nbsp: ' ',
  mdash: '—',
  ndash: '–',
  hellip: '…',
};

/** HTML's character references in text (`&mdash;`, `&#39;`, `&#x2014;`) as the characters they stand for. */
const decodeEntities = (text: string): string =>
  text.replace(/&(?:#(\d+)|#x([\da-f]+)|([a-z]+));/gi, (whole, decimal?: string, hex?: string, name?: string) => {
    if (decimal) return String.fromCodePoint(Number(decimal));
    if (hex) return String.fromCodePoint(parseInt(hex, 16));
    return ENTITIES[name!.toLowerCase()] ?? whole;
  });

/** Placeholder of the code span numbered $1 while the text around it is read. */
const HELD = /\uE000(\d+)\uE000/g;

/**
 * Markdown or HTML as the reader sees it, on one line: the text of links and of code spans (as written, underscores
 * and asterisks included), character references as their characters, without emphasis marks, tags, images, heading
 * and quote marks, list bullets or table pipes. Used for every record's text and for the headings whose anchors the
 * search links to, so it must read a heading as Docusaurus renders it.
 */
export function plainText(markdown: string): string {
  const code: string[] = [];
  const held = markdown.replace(CODE_SPAN, (_, _ticks: string, content: string) => {
    code.push(content.replace(/\s+/g, ' ').trim());
    return `\uE000${code.length - 1}\uE000`;
  });
  return held
    .replace(INLINE_TAG, '')
    .replace(/<[^>]+>/g, ' ')
    .replace(/!\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/^[ \t]*(?:#{1,6}[ \t]+|>[ \t]?|[-*+][ \t]+)/gm, '')
    .replace(EMPHASIS, '')
    .replace(/\|/g, ' ')
    .replace(/\s+/g, ' ')
    .replace(/&[#\w]+;/g, decodeEntities)
    .replace(HELD, (_, index: string) => code[Number(index)]!)
    .trim();
}

/** Follows a local `$ref` (`#/components/...`) once; anything else as given. */
function deref(doc: JsonObject, value: unknown, seen = new Set<string>()): unknown {
  let node = value;
  while (isObject(node) && typeof node.$ref === 'string' && node.$ref.startsWith('#/') && !seen.has(node.$ref)) {
    seen.add(node.$ref);
    let target: unknown = doc;
    for (const segment of node.$ref.slice(2).split('/')) {
      target = asObject(target)?.[segment.replace(/~1/g, '/').replace(/~0/g, '~')];
    }
    node = target;
  }
  return node;
}

/** The property names of a schema and of the schemas it combines or nests, to `depth` levels. */
function fieldNames(doc: JsonObject, schema: unknown, found: Set<string>, depth = 2, seen = new Set<unknown>()): void {
  const node = asObject(deref(doc, schema));
  if (!node || depth < 0 || seen.has(node)) return;
  seen.add(node);
  for (const [name, property] of Object.entries(asObject(node.properties) ?? {})) {
    found.add(name);
    fieldNames(doc, property, found, depth - 1, seen);
  }
  for (const key of ['allOf', 'oneOf', 'anyOf']) {
    for (const part of asArray(node[key])) fieldNames(doc, part, found, depth, seen);
  }
  if (node.items !== undefined) fieldNames(doc, node.items, found, depth, seen);
}

/** The component schema names used by a node, following `$ref`s through components. */
function schemasUsedBy(doc: JsonObject, node: unknown, found: Set<string>, seen = new Set<string>()): void {
  if (Array.isArray(node)) {
    for (const item of node) schemasUsedBy(doc, item, found, seen);
    return;
  }
  if (!isObject(node)) return;
  for (const [key, value] of Object.entries(node)) {
    if (key !== '$ref') {
      schemasUsedBy(doc, value, found, seen);
      continue;
    }
    if (typeof value !== 'string' || !value.startsWith('#/components/') || seen.has(value)) continue;
    seen.add(value);
    const [, , section, name] = value.split('/');
    if (section === 'schemas' && name) found.add(name);
    schemasUsedBy(doc, deref(doc, {$ref: value}), found, seen);
  }
}

/**
 * The spec's operations and schemas as search records. `label` is the API's name in the menu; `tagAnchors`,
 * for a reference cut into tag pages, gives each tag's address on its page (`/api/<id>/tag/<slug>#tag/<Tag>`).
 */
export function apiSearchDocuments(spec: {
  id: string;
  label: string;
  doc: unknown;
  tagAnchors?: Readonly<Record<string, string>>;
}): SearchDocument[] {
  const doc = asObject(spec.doc) ?? {};
  const title = asString(asObject(doc.info)?.title) ?? spec.label;
  const service = title === spec.label || title.includes(spec.label) ? title : `${spec.label} (${title})`;
  const hrefOf = (tag: string, operationId: string): string => {
    const onPage = spec.tagAnchors?.[tag];
    return onPage
      ? `${onPage}/operation/${encodeURIComponent(operationId)}`
      : operationHref(spec.id, {tag, operationId});
  };
  const records: SearchDocument[] = [];
  const firstUse = new Map<string, string>();
  for (const {path, method, operation, pathItem, operationId} of operationsOf(doc)) {
    if (operationId === undefined) continue;
    const tag = operationTag(operation);
    const url = hrefOf(tag, operationId);
    const parameters = [...asArray(pathItem.parameters), ...asArray(operation.parameters)]
      .map((parameter) => asObject(deref(doc, parameter)))
      .filter((parameter): parameter is JsonObject => parameter !== undefined);
    const body = asObject(deref(doc, operation.requestBody));
    const bodyFields = new Set<string>();
    for (const media of Object.values(asObject(body?.content) ?? {})) {
      fieldNames(doc, asObject(media)?.schema, bodyFields);
    }
    const used = new Set<string>();
    schemasUsedBy(doc, [pathItem.parameters, operation.parameters, operation.requestBody, operation.responses], used);
    for (const name of used) if (!firstUse.has(name)) firstUse.set(name, url);
    const deprecated = operation.deprecated === true;
    records.push({
      id: `operation:${spec.id}:${operationId}`,
      kind: 'operation',
      title: asString(operation.summary) ?? operationId,
      service,
      keywords: [
        operationId,
        method.toUpperCase(),
        path,
        tag,
        ...parameters.map((parameter) => asString(parameter.name) ?? ''),
        ...bodyFields,
        ...used,
        // So that "deprecated" in a query finds the operations that are.
        ...(deprecated ? ['deprecated'] : []),
      ].join(' '),
      text: clip(
        plainText(
          [
            asString(operation.description) ?? '',
            asString(body?.description) ?? '',
            ...parameters.map((parameter) => asString(parameter.description) ?? ''),
          ].join(' '),
        ),
        1200,
      ),
      url,
      markdown: operationMarkdownUrl(spec.id, operationId),
      method: method.toUpperCase(),
      path,
      tag,
      ...(deprecated ? {deprecated} : {}),
    });
  }
  const schemas = asObject(asObject(doc.components)?.schemas) ?? {};
  for (const [name, url] of [...firstUse].sort(([a], [b]) => a.localeCompare(b))) {
    const schema = asObject(schemas[name]);
    const fields = new Set<string>();
    fieldNames(doc, schema, fields, 1);
    const descriptions = Object.values(asObject(schema?.properties) ?? {}).map(
      (property) => asString(asObject(property)?.description) ?? '',
    );
    records.push({
      id: `schema:${spec.id}:${name}`,
      kind: 'schema',
      title: name,
      service,
      keywords: [...fields].join(' '),
      text: clip(plainText([asString(schema?.description) ?? '', ...descriptions].join(' ')), 800),
      url,
      markdown: apiMarkdownUrl(spec.id),
    });
  }
  return records;
}

/** The part of a change entry the search needs (src/lib/api-changes/entry.ts has the whole). */
export interface SearchableChange {
  specId: string;
  label: string;
  revision: string;
  date: string;
  versionAfter: string;
  /** The entry's lines as a reader sees them: what was added, removed, deprecated or changed. */
  lines: string[];
  breaking: boolean;
}

/** One change entry as a search record: found by the operations and words it names. */
export function changeSearchDocument(change: SearchableChange): SearchDocument {
  return {
    id: `change:${change.specId}:${change.revision}`,
    kind: 'change',
    title: `Changes in ${change.label} ${change.versionAfter}, ${change.date}${change.breaking ? ' (breaking)' : ''}`,
    service: change.label,
    keywords: `change changes changelog ${change.breaking ? 'breaking' : ''}`,
    text: clip(plainText(change.lines.join(' ')), 1500),
    url: changeEntryHref(change.specId, change.revision),
    markdown: changesJsonUrl(change.specId),
  };
}
