/**
 * The Markdown twins of the API references (issue 23): one file per
 * operation (`/api/<service>/<operationId>.md`) and one per reference
 * (`/api/<service>.md`), for readers that are coding assistants.
 *
 * Built on the same OpenAPI layer as the pages: the walk over operations
 * (document.ts), `$ref`s resolved by resolve.ts, the request model and the
 * sample request of the code samples (requestModel.ts, request.ts: the curl
 * shown here sends exactly what the reference's curl sample sends), and the
 * page addresses of urls.ts.
 */
import {asArray, asObject, asString, isObject, operationsOf, operationTag, type JsonObject, type OpenApiDoc} from './document';
import {curlCommand, type SchemeModel} from './request';
import {operationParameters, sampleHttpRequest, securitySchemes} from './requestModel';
import {resolveApi, type ResolvedApi} from './resolve';
import {apiMarkdownUrl, apiRoute, operationHref, operationMarkdownUrl, specDownloadUrl} from './urls';

export interface MarkdownSpec {
  /** File name under openapi/ without .yaml (the route segment under /api/). */
  id: string;
  /** Service name, as in menus. */
  label: string;
  doc: OpenApiDoc;
}

export interface MarkdownOptions {
  /** The portal's public URL without trailing slash: links in the twins are absolute. */
  siteUrl: string;
}

/** What names an operation in a list of them: the twins here, the MCP server's list_operations. */
export interface OperationHeadline {
  operationId: string;
  method: string;
  path: string;
  summary: string;
  tag: string;
}

export interface OperationTwin extends OperationHeadline {
  /** The operation's twin, in full. */
  markdown: string;
}

export interface ApiTwins {
  /** The whole reference: overview, operation index, then every operation in full. */
  markdown: string;
  operations: OperationTwin[];
}

/** Nesting of fields is shown down to this depth; deeper objects are named, not expanded. */
const MAX_DEPTH = 6;

// ------------------------------------------------------------ text helpers

/** Inline code that survives backticks in the text. */
const code = (text: string): string => (text.includes('`') ? `\`\` ${text} \`\`` : `\`${text}\``);

/** A description on one line (for list items and table cells). */
const oneLine = (text: string): string =>
  text
    .trim()
    .replace(/\s*\n\s*/g, ' ')
    .replace(/\|/g, '\\|');

const jsonText = (value: unknown): string => (typeof value === 'string' ? value : JSON.stringify(value));

const fenced = (language: string, text: string): string => {
  const longest = Math.max(2, ...[...text.matchAll(/`+/g)].map((match) => match[0].length));
  const fence = '`'.repeat(longest + 1);
  return `${fence}${language}\n${text.replace(/\n+$/, '')}\n${fence}`;
};

/** An example value as a fenced block: JSON pretty-printed, other text as written. */
function exampleBlock(value: unknown, mimeType: string): string {
  if (typeof value === 'string' && !/json/i.test(mimeType)) return fenced(/xml/i.test(mimeType) ? 'xml' : 'text', value);
  if (typeof value === 'string') {
    try {
      return fenced('json', JSON.stringify(JSON.parse(value), null, 2));
    } catch {
      return fenced('text', value);
    }
  }
  return fenced('json', JSON.stringify(value, null, 2));
}

// ---------------------------------------------------------------- schemas

interface Resolver {
  api: ResolvedApi;
  obj: (value: unknown) => JsonObject | undefined;
}

/** A schema with its allOf parts merged (properties, required, and the first type and description found). */
function merged(r: Resolver, schema: JsonObject | undefined, seen = new Set<JsonObject>()): JsonObject | undefined {
  if (!schema || !Array.isArray(schema.allOf) || seen.has(schema)) return schema;
  seen.add(schema);
  const result: JsonObject = {...schema};
  delete result.allOf;
  const properties: JsonObject = {};
  const required = new Set(asArray(schema.required).map(String));
  for (const raw of schema.allOf) {
    const part = merged(r, r.obj(raw), seen);
    if (!part) continue;
    Object.assign(properties, asObject(part.properties) ?? {});
    asArray(part.required).forEach((name) => required.add(String(name)));
    for (const key of ['type', 'description', 'format', 'items', 'additionalProperties', 'enum', 'example']) {
      if (result[key] === undefined && part[key] !== undefined) result[key] = part[key];
    }
  }
  Object.assign(properties, asObject(schema.properties) ?? {});
  if (Object.keys(properties).length > 0) result.properties = properties;
  if (required.size > 0) result.required = [...required];
  return result;
}

/** The name of a schema's component, when the value is a `$ref` to one. */
const refName = (value: unknown): string | undefined => {
  const ref = asString(asObject(value)?.$ref);
  return ref?.startsWith('#/components/schemas/') ? ref.slice('#/components/schemas/'.length) : undefined;
};

/** `string (date-time)`, `array of integer (int64)`, `object`, `Container`… */
function typeText(r: Resolver, raw: unknown, depth = 0): string {
  const schema = merged(r, r.obj(raw));
  if (!schema) return 'any';
  const types = (Array.isArray(schema.type) ? schema.type.map(String) : [asString(schema.type)]).filter(
    (type): type is string => type !== undefined,
  );
  const nullable = schema.nullable === true || types.includes('null');
  let type = types.find((t) => t !== 'null') ?? (schema.properties ? 'object' : undefined);
  if (type === 'array' && depth < 3) type = `array of ${typeText(r, schema.items, depth + 1)}`;
  else if (type === 'object' && isObject(schema.additionalProperties) && !schema.properties && depth < 3) {
    type = `map of string to ${typeText(r, schema.additionalProperties, depth + 1)}`;
  } else if (type === undefined) {
    const variants = asArray(schema.oneOf ?? schema.anyOf);
    type = variants.length > 0 ? variants.map((v) => typeText(r, v, depth + 1)).join(' or ') : 'any';
  }
  const name = refName(raw);
  const format = asString(schema.format);
  return `${type}${format ? ` (${format})` : ''}${name && type === 'object' ? ` (${name})` : ''}${nullable ? ', nullable' : ''}`;
}

/** Limits, enums, defaults and examples of a schema, as short phrases. */
function constraints(r: Resolver, raw: unknown): string[] {
  const schema = merged(r, r.obj(raw));
  if (!schema) return [];
  const out: string[] = [];
  const num = (key: string): number | undefined => (typeof schema[key] === 'number' ? (schema[key] as number) : undefined);
  const pair = (min: number | undefined, max: number | undefined, what: string): void => {
    if (min !== undefined && max !== undefined) out.push(`${what} ${min} to ${max}`);
    else if (min !== undefined) out.push(`${what} at least ${min}`);
    else if (max !== undefined) out.push(`${what} at most ${max}`);
  };
  pair(num('minLength'), num('maxLength'), 'length');
  const exclusiveMin = schema.exclusiveMinimum === true || typeof schema.exclusiveMinimum === 'number';
  const exclusiveMax = schema.exclusiveMaximum === true || typeof schema.exclusiveMaximum === 'number';
  const minimum = num('minimum') ?? (typeof schema.exclusiveMinimum === 'number' ? schema.exclusiveMinimum : undefined);
  const maximum = num('maximum') ?? (typeof schema.exclusiveMaximum === 'number' ? schema.exclusiveMaximum : undefined);
  if (minimum !== undefined) out.push(`${exclusiveMin ? '>' : '≥'} ${minimum}`);
  if (maximum !== undefined) out.push(`${exclusiveMax ? '<' : '≤'} ${maximum}`);
  pair(num('minItems'), num('maxItems'), 'items');
  if (schema.uniqueItems === true) out.push('unique items');
  const pattern = asString(schema.pattern);
  if (pattern) out.push(`pattern ${code(pattern)}`);
  const values = Array.isArray(schema.enum) ? schema.enum : asArray(merged(r, r.obj(schema.items))?.enum);
  if (values.length > 0) out.push(`one of ${values.map((value) => code(jsonText(value))).join(', ')}`);
  if (schema.default !== undefined) out.push(`default ${code(jsonText(schema.default))}`);
  if (schema.readOnly === true) out.push('read-only');
  if (schema.writeOnly === true) out.push('write-only');
  if (schema.deprecated === true) out.push('deprecated');
  if (schema.example !== undefined && !isObject(schema.example) && !Array.isArray(schema.example)) {
    out.push(`example ${code(jsonText(schema.example))}`);
  }
  return out;
}

/** The object whose fields a schema lists: itself, or the items of an array (of arrays…). */
function fieldsHolder(r: Resolver, raw: unknown): JsonObject | undefined {
  let schema = merged(r, r.obj(raw));
  for (let hops = 0; schema && hops < 4 && (schema.type === 'array' || schema.items !== undefined); hops += 1) {
    schema = merged(r, r.obj(schema.items));
  }
  return schema;
}

/**
 * The fields of a schema as a nested list: required fields first (in the
 * order the schema lists them), each with its type, limits and description;
 * objects and arrays of objects with their own fields below; oneOf/anyOf
 * variants one by one. `mode` leaves out read-only fields of requests and
 * write-only fields of responses.
 */
function fieldList(
  r: Resolver,
  raw: unknown,
  mode: 'request' | 'response',
  depth = 0,
  trail: JsonObject[] = [],
): string[] {
  const schema = fieldsHolder(r, raw);
  if (!schema || depth > MAX_DEPTH) return [];
  if (trail.includes(schema)) return [];
  const nextTrail = [...trail, schema];
  const indent = '  '.repeat(depth);
  const lines: string[] = [];
  const variants = asArray(schema.oneOf ?? schema.anyOf);
  if (variants.length > 0 && !schema.properties) {
    const word = schema.oneOf ? 'Exactly one of' : 'Any of';
    lines.push(`${indent}- ${word}:`);
    variants.forEach((variant, index) => {
      const name = refName(variant) ?? asString(r.obj(variant)?.title) ?? `variant ${index + 1}`;
      lines.push(`${indent}  - ${name} (${typeText(r, variant)})`);
      lines.push(...fieldList(r, variant, mode, depth + 2, nextTrail));
    });
    return lines;
  }
  const properties = asObject(schema.properties) ?? {};
  const required = new Set(asArray(schema.required).map(String));
  const names = Object.keys(properties);
  const ordered = [...names.filter((name) => required.has(name)), ...names.filter((name) => !required.has(name))];
  for (const name of ordered) {
    const property = merged(r, r.obj(properties[name]));
    if (mode === 'request' && property?.readOnly === true) continue;
    if (mode === 'response' && property?.writeOnly === true) continue;
    const facts = [typeText(r, properties[name]), ...(required.has(name) ? ['required'] : []), ...constraints(r, properties[name])];
    const description = asString(property?.description);
    lines.push(`${indent}- ${code(name)} (${facts.join(', ')})${description ? `: ${oneLine(description)}` : ''}`);
    if (nextTrail.includes(fieldsHolder(r, properties[name]) ?? {})) {
      lines.push(`${indent}  - (the same fields as above, recursively)`);
      continue;
    }
    lines.push(...fieldList(r, properties[name], mode, depth + 1, nextTrail));
  }
  if (isObject(schema.additionalProperties) && ordered.length > 0) {
    lines.push(`${indent}- any other name (${typeText(r, schema.additionalProperties)})`);
  }
  return lines;
}

// ------------------------------------------------------------- operations

/** `example`, else the first of `examples` (OpenAPI Example Objects). */
function explicitExample(r: Resolver, holder: JsonObject): {value: unknown} | undefined {
  if (holder.example !== undefined) return {value: holder.example};
  for (const raw of Object.values(asObject(holder.examples) ?? {})) {
    const example = r.obj(raw);
    if (example?.value !== undefined) return {value: example.value};
  }
  return undefined;
}

/**
 * A response example: the spec's own, else the schema's own example. (Redoc also shows samples it
 * makes up from the schema; in the twin the field list says the same in fewer words.)
 */
function responseExample(r: Resolver, media: JsonObject): unknown {
  const own = explicitExample(r, media);
  if (own) return own.value;
  return merged(r, r.obj(media.schema))?.example;
}

function schemeText(name: string, scheme: SchemeModel | undefined, raw: JsonObject | undefined): string {
  const what =
    scheme?.kind === 'bearer'
      ? 'a bearer token in the `Authorization` header'
      : scheme?.kind === 'basic'
        ? 'HTTP Basic authentication (user and password) in the `Authorization` header'
        : scheme?.kind === 'http'
          ? `HTTP ${scheme.scheme} authentication in the \`Authorization\` header`
          : scheme?.kind === 'apiKey'
            ? `the ${scheme.in} ${scheme.in === 'cookie' ? '' : 'parameter '}${code(scheme.name)}`.replace('  ', ' ')
            : 'an unsupported scheme';
  const description = asString(raw?.description);
  return `${code(name)}: ${what}${description ? `. ${oneLine(description)}` : ''}`;
}

function securitySection(r: Resolver, alternatives: string[][]): string[] {
  const schemes = securitySchemes(r.api);
  const raws = asObject(asObject(r.api.doc.components)?.securitySchemes) ?? {};
  if (alternatives.length === 0 || alternatives.every((names) => names.length === 0)) {
    return ['No authentication.'];
  }
  const lines = alternatives.length > 1 ? ['Any one of these (alternatives):', ''] : [];
  for (const names of alternatives) {
    if (names.length === 0) lines.push('- none (the call may be made without credentials)');
    else lines.push(`- ${names.map((name) => schemeText(name, schemes[name], r.obj(raws[name]))).join('; together with ')}`);
  }
  return lines;
}

function parameterTable(r: Resolver, params: JsonObject[]): string[] {
  if (params.length === 0) return [];
  const sorted = [...params.filter((p) => p.required === true), ...params.filter((p) => p.required !== true)];
  const rows = sorted.map((param) => {
    const name = asString(param.name) ?? '';
    const content = asObject(param.content);
    const schemaRaw = param.schema ?? (content ? r.obj(Object.values(content)[0])?.schema : undefined);
    const facts = [typeText(r, schemaRaw), ...constraints(r, schemaRaw)];
    if (param.deprecated === true) facts.push('deprecated');
    const description = asString(param.description) ?? asString(merged(r, r.obj(schemaRaw))?.description) ?? '';
    return `| ${code(name)} | ${asString(param.in) ?? ''} | ${param.required === true ? 'yes' : 'no'} | ${oneLine(facts.join(', '))} | ${oneLine(description)} |`;
  });
  return ['| Name | In | Required | Type and limits | Description |', '|---|---|---|---|---|', ...rows];
}

function bodySection(r: Resolver, operation: JsonObject, h: string): string[] {
  const body = r.obj(operation.requestBody);
  const content = asObject(body?.content);
  if (!body || !content) return [];
  const lines = [`${h} Request body`, ''];
  const description = asString(body.description);
  if (description) lines.push(description.trim(), '');
  lines.push(`${body.required === true ? 'Required' : 'Optional'}.`, '');
  for (const [mimeType, rawMedia] of Object.entries(content)) {
    const media = r.obj(rawMedia) ?? {};
    lines.push(`Content type ${code(mimeType)}: ${typeText(r, media.schema)}.`, '');
    const fields = fieldList(r, media.schema, 'request');
    if (fields.length > 0) lines.push(...fields, '');
  }
  return lines;
}

function responsesSection(r: Resolver, operation: JsonObject, h: string): string[] {
  const responses = asObject(operation.responses) ?? {};
  if (Object.keys(responses).length === 0) return [];
  const lines = [`${h} Responses`, ''];
  for (const [status, rawResponse] of Object.entries(responses)) {
    const response = r.obj(rawResponse) ?? {};
    const description = asString(response.description)?.trim();
    lines.push(`${h}# ${status}`, '');
    if (description) lines.push(description, '');
    const headers = asObject(response.headers) ?? {};
    for (const [name, rawHeader] of Object.entries(headers)) {
      const header = r.obj(rawHeader) ?? {};
      const text = asString(header.description);
      lines.push(`- Header ${code(name)} (${typeText(r, header.schema)})${text ? `: ${oneLine(text)}` : ''}`);
    }
    if (Object.keys(headers).length > 0) lines.push('');
    const content = asObject(response.content) ?? {};
    if (Object.keys(content).length === 0) lines.push('No body.', '');
    for (const [mimeType, rawMedia] of Object.entries(content)) {
      const media = r.obj(rawMedia) ?? {};
      lines.push(`Content type ${code(mimeType)}: ${typeText(r, media.schema)}.`, '');
      const fields = fieldList(r, media.schema, 'response');
      if (fields.length > 0) lines.push(...fields, '');
      const example = responseExample(r, media);
      if (example !== undefined && !/octet-stream|pdf|zip|asic|image\//i.test(mimeType)) {
        lines.push('Example:', '', exampleBlock(example, mimeType), '');
      }
    }
  }
  return lines;
}

/** The Markdown of one operation; `level` is the heading level of its title (1 in its own twin). */
function operationMarkdown(
  r: Resolver,
  spec: MarkdownSpec,
  entry: {path: string; method: string; operation: JsonObject; pathItem: JsonObject; operationId: string},
  options: MarkdownOptions,
  level: number,
): string {
  const {operation, pathItem, operationId} = entry;
  const h = '#'.repeat(level + 1);
  const summary = asString(operation.summary)?.trim() || operationId;
  const tag = operationTag(operation);
  const {operation: model, request} = sampleHttpRequest(r.api, entry.path, entry.method);
  const lines = [`${'#'.repeat(level)} ${summary}`, ''];
  lines.push(`${code(`${entry.method.toUpperCase()} ${entry.path}`)}`, '');
  const facts = [
    `Service: ${spec.label}`,
    `Operation ID: ${code(operationId)}`,
    `Tag: ${tag}`,
    ...(operation.deprecated === true ? ['Deprecated'] : []),
  ];
  lines.push(...facts.map((fact) => `- ${fact}`));
  lines.push(`- In the reference: ${options.siteUrl}${operationHref(spec.id, {tag, operationId})}`, '');
  const description = asString(operation.description)?.trim();
  if (description) lines.push(description, '');
  lines.push(`${h} Security`, '', ...securitySection(r, model.security), '');
  const params = parameterTable(r, operationParameters(r.api, pathItem, operation));
  if (params.length > 0) lines.push(`${h} Parameters`, '', ...params, '');
  lines.push(...bodySection(r, operation, h));
  lines.push(`${h} Example request`, '', fenced('bash', curlCommand(request)), '');
  lines.push(...responsesSection(r, operation, h));
  return `${lines.join('\n').replace(/\n{3,}/g, '\n\n').trimEnd()}\n`;
}

/** The twins of one API: the reference's and each operation's. */
export async function apiMarkdown(spec: MarkdownSpec, options: MarkdownOptions): Promise<ApiTwins> {
  const api = await resolveApi(spec.doc);
  const r: Resolver = {api, obj: (value) => asObject(api.deref(value))};
  const info = asObject(api.doc.info) ?? {};
  const title = asString(info.title) ?? spec.label;
  const operations: OperationTwin[] = [];
  const full: string[] = [];
  for (const entry of operationsOf(api.doc, api.deref)) {
    const {operationId} = entry;
    if (operationId === undefined) throw new Error(`${spec.id}: ${entry.method.toUpperCase()} ${entry.path} has no operationId`);
    const withId = {...entry, operationId};
    const tag = operationTag(entry.operation);
    const summary = asString(entry.operation.summary)?.trim() || operationId;
    operations.push({
      operationId,
      method: entry.method.toUpperCase(),
      path: entry.path,
      summary,
      tag,
      markdown: operationMarkdown(r, spec, withId, options, 1),
    });
    full.push(operationMarkdown(r, spec, withId, options, 4));
  }

  const lines = [`# ${title}`, ''];
  const version = asString(info.version);
  lines.push(`API reference of the ${spec.label}${version ? `, version ${version}` : ''}.`, '');
  lines.push(`- Reference page: ${options.siteUrl}${apiRoute(spec.id)}`);
  lines.push(`- OpenAPI: ${options.siteUrl}${specDownloadUrl(spec.id, 'yaml')} (JSON: ${options.siteUrl}${specDownloadUrl(spec.id, 'json')})`);
  lines.push(`- This page as Markdown: ${options.siteUrl}${apiMarkdownUrl(spec.id)}`, '');
  const description = asString(info.description)?.trim();
  if (description) lines.push(description, '');
  const servers = asArray(api.doc.servers).flatMap((raw) => {
    const server = r.obj(raw);
    const url = asString(server?.url);
    const text = asString(server?.description);
    return url ? [`- ${code(url)}${text ? `: ${oneLine(text)}` : ''}`] : [];
  });
  if (servers.length > 0) lines.push('## Servers', '', ...servers, '');
  const raws = asObject(asObject(api.doc.components)?.securitySchemes) ?? {};
  const schemes = securitySchemes(api);
  if (Object.keys(schemes).length > 0) {
    lines.push('## Authentication schemes', '');
    lines.push(...Object.keys(schemes).map((name) => `- ${schemeText(name, schemes[name], r.obj(raws[name]))}`), '');
  }
  lines.push('## Operations', '');
  const tags = [...new Set(operations.map((op) => op.tag))];
  for (const tag of tags) {
    lines.push(`### ${tag}`, '', '| Method and path | Summary | Markdown |', '|---|---|---|');
    for (const op of operations.filter((item) => item.tag === tag)) {
      lines.push(
        `| ${code(`${op.method} ${op.path}`)} | ${oneLine(op.summary)} | ${options.siteUrl}${operationMarkdownUrl(spec.id, op.operationId)} |`,
      );
    }
    lines.push('');
  }
  lines.push('## Operations in full', '');
  for (const tag of tags) {
    lines.push(`### ${tag}`, '');
    operations.forEach((op, index) => {
      if (op.tag === tag) lines.push(full[index] ?? '', '');
    });
  }
  return {markdown: `${lines.join('\n').replace(/\n{3,}/g, '\n\n').trimEnd()}\n`, operations};
}
