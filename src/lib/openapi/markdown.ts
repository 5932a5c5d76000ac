/**
 * The Markdown twins of the API references: one file per
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
import {curlCommand, serverUrl, type ServerModel, type SchemeModel} from './request';
import {
  operationParameters,
  operationServers,
  sampleHttpRequest,
  sampleServerUrl,
  securitySchemes,
  specServers,
} from './requestModel';
import {resolveApi, type ResolvedApi} from './resolve';
import {apiMarkdownUrl, apiRoute, operationHref, operationMarkdownUrl, pageMarkdownUrl, specDownloadUrl} from './urls';

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
  /** The APIs whose twins links may point to (`/api/<id>`); this spec's alone unless given. */
  specIds?: readonly string[];
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

/**
 * A list item with a description: the description's first line on the item's
 * line after `separator`, its other lines (paragraphs, lists, code) indented
 * below so that they stay inside the item. A description that starts with a
 * list starts on the next line.
 */
function itemText(head: string, description: string | undefined, indent: string, separator = ': '): string[] {
  const text = description?.trim();
  if (!text) return [head];
  const lines = text.split(/\r?\n/);
  const below = (line: string): string => (line.trim() === '' ? '' : `${indent}  ${line.trimEnd()}`);
  const first = lines[0] ?? '';
  if (/^([-*+]|\d+[.)])\s/.test(first)) return [head, ...lines.map(below)];
  return [`${head}${separator}${first.trim()}`, ...lines.slice(1).map(below)];
}

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
      const text = asString(merged(r, r.obj(variant))?.description);
      lines.push(...itemText(`${indent}  - ${name} (${typeText(r, variant)})`, text, `${indent}  `));
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
    lines.push(...itemText(`${indent}- ${code(name)} (${facts.join(', ')})`, asString(property?.description), indent));
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

/** An example of a media type or a parameter: named ones (`examples`) with their summary and description. */
interface NamedExample {
  name?: string;
  summary?: string;
  description?: string;
  value?: unknown;
  externalValue?: string;
}

/** Every example of a holder (media type or parameter): `example`, then each of `examples`. */
function examplesOf(r: Resolver, holder: JsonObject): NamedExample[] {
  const out: NamedExample[] = holder.example !== undefined ? [{value: holder.example}] : [];
  for (const [name, raw] of Object.entries(asObject(holder.examples) ?? {})) {
    const example = r.obj(raw) ?? {};
    const summary = asString(example.summary);
    const description = asString(example.description);
    const externalValue = asString(example.externalValue);
    out.push({
      name,
      ...(summary ? {summary} : {}),
      ...(description ? {description} : {}),
      ...(example.value !== undefined ? {value: example.value} : {}),
      ...(externalValue ? {externalValue} : {}),
    });
  }
  return out;
}

/** A body that is a file: its examples are file names or bytes, not worth a block. */
const isBinaryMime = (mimeType: string): boolean => /octet-stream|pdf|zip|asic|image\//i.test(mimeType);

/**
 * The examples of a media type, each named one under its name with its summary and description; without
 * any, the schema's own example when `schemaExample` (responses: Redoc also shows samples it makes up
 * from the schema; in the twin the field list says the same in fewer words).
 */
function exampleLines(r: Resolver, media: JsonObject, mimeType: string, schemaExample: boolean): string[] {
  let examples = examplesOf(r, media);
  if (examples.length === 0 && schemaExample) {
    const own = merged(r, r.obj(media.schema))?.example;
    if (own !== undefined) examples = [{value: own}];
  }
  if (isBinaryMime(mimeType)) return [];
  const lines: string[] = [];
  for (const example of examples) {
    // A form's example is written as JSON: its names are the parts (or fields), its values what they carry.
    const form = /^(multipart\/form-data|application\/x-www-form-urlencoded)/i.test(mimeType) ? ' (the form as JSON)' : '';
    const title = example.name
      ? `Example ${code(example.name)}${form}${example.summary ? `: ${oneLine(example.summary)}` : ''}`
      : `Example${form}`;
    lines.push(`${title}:`, '');
    if (example.description) lines.push(example.description.trim(), '');
    if (example.value !== undefined) lines.push(exampleBlock(example.value, mimeType), '');
    else if (example.externalValue) lines.push(`At ${example.externalValue}`, '');
  }
  return lines;
}

/** A schema's own description (of the items, for an array without one). */
function schemaDescription(r: Resolver, raw: unknown): string | undefined {
  const schema = merged(r, r.obj(raw));
  return asString(schema?.description) ?? asString(fieldsHolder(r, raw)?.description);
}

/**
 * What a body, a response or a JSON parameter tells of its schema: the schema's own description, unless it is the
 * text already given (the body's, response's or parameter's own description, which may have been taken from it).
 */
function schemaAbout(r: Resolver, raw: unknown, given: string | undefined): string | undefined {
  const about = schemaDescription(r, raw)?.trim();
  return about && about !== given?.trim() ? about : undefined;
}

/** What a security scheme asks for, as a list item at `indent`: its description, then its URLs (OAuth 2, OpenID Connect). */
function schemeLines(name: string, scheme: SchemeModel | undefined, raw: JsonObject | undefined, indent: string): string[] {
  const type = asString(raw?.type);
  const format = asString(raw?.bearerFormat);
  const what =
    type === 'oauth2'
      ? 'an OAuth 2 access token, sent as a bearer token in the `Authorization` header'
      : type === 'openIdConnect'
        ? 'an OpenID Connect access token, sent as a bearer token in the `Authorization` header'
        : scheme?.kind === 'bearer'
          ? `a bearer token${format ? ` (${format})` : ''} in the \`Authorization\` header`
          : scheme?.kind === 'basic'
            ? 'HTTP Basic authentication (user and password) in the `Authorization` header'
            : scheme?.kind === 'http'
              ? `HTTP ${scheme.scheme} authentication in the \`Authorization\` header`
              : scheme?.kind === 'apiKey'
                ? `the ${scheme.in} ${scheme.in === 'cookie' ? '' : 'parameter '}${code(scheme.name)}`.replace('  ', ' ')
                : 'an unsupported scheme';
  const lines = itemText(`${indent}- ${code(name)}: ${what}`, asString(raw?.description), indent, '. ');
  for (const [flowName, rawFlow] of Object.entries(asObject(raw?.flows) ?? {})) {
    const flow = asObject(rawFlow) ?? {};
    lines.push(`${indent}  - OAuth 2 flow ${code(flowName)}:`);
    for (const [key, label] of [
      ['authorizationUrl', 'Authorization URL'],
      ['tokenUrl', 'Token URL'],
      ['refreshUrl', 'Refresh URL'],
    ] as const) {
      const url = asString(flow[key]);
      if (url) lines.push(`${indent}    - ${label}: ${url}`);
    }
    const scopes = Object.entries(asObject(flow.scopes) ?? {});
    lines.push(
      `${indent}    - Scopes: ${scopes.length === 0 ? 'none' : scopes.map(([scope, text]) => `${code(scope)} (${oneLine(String(text))})`).join(', ')}`,
    );
  }
  const discovery = asString(raw?.openIdConnectUrl);
  if (discovery) lines.push(`${indent}  - OpenID Connect discovery: ${discovery}`);
  return lines;
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
    else if (names.length === 1) lines.push(...schemeLines(names[0] ?? '', schemes[names[0] ?? ''], r.obj(raws[names[0] ?? '']), ''));
    else {
      lines.push(`- all of these together: ${names.map(code).join(', ')}`);
      for (const name of names) lines.push(...schemeLines(name, schemes[name], r.obj(raws[name]), '  '));
    }
  }
  return lines;
}

/**
 * The parameters, required first, each with where it goes, its type, limits, examples and description. A
 * parameter given by `content` (JSON in the query string) is expanded like a body: its fields and its examples.
 */
function parameterList(r: Resolver, params: JsonObject[]): string[] {
  const sorted = [...params.filter((p) => p.required === true), ...params.filter((p) => p.required !== true)];
  return sorted.flatMap((param) => {
    const name = asString(param.name) ?? '';
    const content = asObject(param.content);
    const [mimeType, rawMedia] = Object.entries(content ?? {})[0] ?? [];
    const media = r.obj(rawMedia);
    const schemaRaw = content ? media?.schema : param.schema;
    const facts = [asString(param.in) ?? '', ...(param.required === true ? ['required'] : [])];
    const encoded = asString(param.in) === 'query' ? ', URL-encoded' : '';
    facts.push(content ? `${typeText(r, schemaRaw)}, sent as ${code(mimeType ?? '')} text${encoded}` : typeText(r, schemaRaw));
    if (!content) facts.push(...constraints(r, schemaRaw));
    if (param.deprecated === true) facts.push('deprecated');
    if (!content && param.example !== undefined) facts.push(`example ${code(jsonText(param.example))}`);
    const description = asString(param.description) ?? asString(merged(r, r.obj(schemaRaw))?.description);
    const lines = itemText(`- ${code(name)} (${facts.join(', ')})`, description, '');
    // A JSON parameter is told as a body is: its schema's description too (what is required, what is refused).
    const about = content ? schemaAbout(r, schemaRaw, description) : undefined;
    const fields = content ? fieldList(r, schemaRaw, 'request', 1) : [];
    if (about) {
      lines.push('', ...about.split(/\r?\n/).map((line) => (line.trim() === '' ? '' : `  ${line.trimEnd()}`)));
      if (fields.length > 0) lines.push('');
    }
    lines.push(...fields);
    // A plain parameter's `example` is among its facts above; its named examples and a JSON one's are listed.
    const examples = content ? [...examplesOf(r, param), ...examplesOf(r, media ?? {})] : examplesOf(r, {examples: param.examples});
    if (examples.length > 0) lines.push('');
    for (const example of examples) {
      const label = example.name ? `Example ${code(example.name)}${example.summary ? ` (${oneLine(example.summary)})` : ''}` : 'Example';
      const value = example.value !== undefined ? code(jsonText(example.value)) : (example.externalValue ?? '');
      lines.push(`  ${label}: ${value}`);
    }
    if (examples.length > 0) lines.push('');
    return lines;
  });
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
    const about = schemaAbout(r, media.schema, description);
    if (about) lines.push(about, '');
    const fields = fieldList(r, media.schema, 'request');
    if (fields.length > 0) lines.push('Fields:', '', ...fields, '');
    lines.push(...exampleLines(r, media, mimeType, false));
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
      lines.push(...itemText(`- Header ${code(name)} (${typeText(r, header.schema)})`, asString(header.description), ''));
    }
    if (Object.keys(headers).length > 0) lines.push('');
    const content = asObject(response.content) ?? {};
    if (Object.keys(content).length === 0) lines.push('No body.', '');
    for (const [mimeType, rawMedia] of Object.entries(content)) {
      const media = r.obj(rawMedia) ?? {};
      lines.push(`Content type ${code(mimeType)}: ${typeText(r, media.schema)}.`, '');
      const about = schemaAbout(r, media.schema, description);
      if (about) lines.push(about, '');
      const fields = fieldList(r, media.schema, 'response');
      if (fields.length > 0) lines.push('Fields:', '', ...fields, '');
      lines.push(...exampleLines(r, media, mimeType, true));
    }
  }
  return lines;
}

// ---------------------------------------------------------------- servers

/** A host name that only a private network knows: one label (a Docker or Kubernetes service name), not localhost. */
const isInternalHost = (host: string): boolean => !host.includes('.') && !/^(localhost|\[.*\])$/i.test(host);
/** A host name that stands for the reader's own (reserved example and invalid names). */
const isPlaceholderHost = (host: string): boolean =>
  /(^|\.)(example\.(com|org|net)|example|invalid|test)$/i.test(host);

/** The servers, each with its variables (default, values, description) and the URL the defaults make. */
function serverLines(servers: ServerModel[]): string[] {
  return servers.flatMap((server) => {
    const lines = itemText(`- ${code(server.url)}`, server.description, '');
    const variables = Object.entries(server.variables);
    for (const [name, variable] of variables) {
      const facts = [`default ${code(variable.default)}`];
      if (variable.enum) facts.push(`one of ${variable.enum.map(code).join(', ')}`);
      lines.push(...itemText(`  - ${code(`{${name}}`)} (${facts.join(', ')})`, variable.description, '  '));
    }
    if (variables.length > 0) lines.push(`  - With the defaults: ${code(serverUrl(server))}`);
    return lines;
  });
}

/** Where the example requests go, and what a reader replaces there to reach their own installation. */
function replaceSentence(servers: ServerModel[]): string {
  const used = sampleServerUrl(servers);
  const first = servers[0];
  if (!first) {
    return `The spec names no server, so the example request is sent to ${code(used)}: replace it with the address at which your installation serves this API.`;
  }
  const names = Object.keys(first.variables);
  const host = /^[a-z][a-z\d+.-]*:\/\/([^/:?#]+)/i.exec(used)?.[1] ?? '';
  const why = isInternalHost(host)
    ? `; ${code(host)} is a name inside the platform's own network (a container or service name), unknown anywhere else`
    : isPlaceholderHost(host)
      ? `; ${code(host)} stands for your own host name`
      : '';
  const parts = names.length > 0 ? ` (${names.map((name) => code(`{${name}}`)).join(', ')} of ${code(first.url)})` : '';
  return `The example request is sent to ${code(used)}, the ${names.length > 0 ? "first server with its variables' defaults" : 'first server'}${why}. Replace it${parts} with the address at which your installation serves this API, and keep the path after it.`;
}

// -------------------------------------------------------------- operation

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
  const {operation: model, request, undocumentedBody: undocumented} = sampleHttpRequest(r.api, entry.path, entry.method);
  const servers = operationServers(r.api, model);
  const lines = [`${'#'.repeat(level)} ${summary}`, ''];
  lines.push(`${code(`${entry.method.toUpperCase()} ${entry.path}`)}`, '');
  const facts = [
    `Service: ${spec.label}`,
    `Operation ID: ${code(operationId)}`,
    `Tag: ${tag}`,
    `Server: ${code(sampleServerUrl(servers))}${servers[0] && Object.keys(servers[0].variables).length > 0 ? ` (${code(servers[0].url)} with its defaults)` : ''}`,
    ...(operation.deprecated === true ? ['Deprecated'] : []),
  ];
  lines.push(...facts.map((fact) => `- ${fact}`));
  lines.push(`- In the reference: ${options.siteUrl}${operationHref(spec.id, {tag, operationId})}`, '');
  const description = asString(operation.description)?.trim();
  if (description) lines.push(description, '');
  // An operation's own servers always; the spec's once in the reference, in each operation's own twin.
  if (model.servers || level === 1) lines.push(`${h} Servers`, '', ...serverLines(servers), '');
  lines.push(`${h} Security`, '', ...securitySection(r, model.security), '');
  const params = operationParameters(r.api, pathItem, operation);
  if (params.length > 0) lines.push(`${h} Parameters`, '', ...parameterList(r, params), '');
  lines.push(...bodySection(r, operation, h));
  lines.push(`${h} Example request`, '', replaceSentence(servers), '');
  if (undocumented) {
    lines.push(
      "The fields of this request body are not documented (its schema names none), so the empty object the spec gives as its example is only a stand-in, not a request known to work. The curl below has a placeholder where the body goes: find out which fields the service expects (from the client that makes this call, or from the service's maintainers) before sending it.",
      '',
    );
  }
  lines.push(fenced('bash', curlCommand(request)), '');
  lines.push(...responsesSection(r, operation, h));
  return `${lines.join('\n').replace(/\n{3,}/g, '\n\n').trimEnd()}\n`;
}

// ------------------------------------------------------------------ links

/**
 * Markdown links to the portal's pages pointed at their twins: a doc (`/docs/<name>` → `/docs/<name>.md`),
 * an API reference (`/api/<service>` → `/api/<service>.md`) and an operation in it
 * (`/api/<service>#tag/…/operation/<operationId>` → `/api/<service>/<operationId>.md`), so that a reader of
 * a twin follows links from twin to twin. Site-relative links become absolute (`siteUrl`); so does an
 * operation's anchor alone (`#tag/…/operation/<operationId>`, as a spec's descriptions write it) when
 * `specId` says whose it is. Other links stay.
 */
export function linkToTwins(markdown: string, siteUrl: string, specIds: readonly string[], specId?: string): string {
  const site = siteUrl.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const local = (whole: string, operationId: string): string =>
    specId ? `](${siteUrl}${operationMarkdownUrl(specId, decodeURIComponent(operationId))}` : whole;
  const anchors = markdown.replace(/\]\(#tag\/[^/)\s]+\/operation\/([^)\s]+)/g, local);
  const link = new RegExp(`\\]\\((?:${site})?(/(?:docs|api)/[^)\\s#]+)(#[^)\\s]*)?(\\s+"[^"]*")?\\)`, 'g');
  return anchors.replace(link, (whole, address: string, anchor: string | undefined, title: string | undefined) => {
    const rest = title ?? '';
    if (address.endsWith('.md')) return whole;
    const doc = /^\/docs\/[^/]+$/.exec(address);
    if (doc) return `](${siteUrl}${pageMarkdownUrl(address)}${anchor ?? ''}${rest})`;
    const api = /^\/api\/([^/]+)\/?$/.exec(address)?.[1];
    if (api === undefined || !specIds.includes(api)) return whole;
    const operationId = /^#tag\/[^/]+\/operation\/(.+)$/.exec(anchor ?? '')?.[1];
    const target = operationId ? operationMarkdownUrl(api, decodeURIComponent(operationId)) : apiMarkdownUrl(api);
    return `](${siteUrl}${target}${rest})`;
  });
}

/** The twins of one API: the reference's and each operation's. */
export async function apiMarkdown(spec: MarkdownSpec, options: MarkdownOptions): Promise<ApiTwins> {
  const api = await resolveApi(spec.doc);
  const r: Resolver = {api, obj: (value) => asObject(api.deref(value))};
  const specIds = options.specIds ?? [spec.id];
  const linked = (markdown: string): string => linkToTwins(markdown, options.siteUrl, specIds, spec.id);
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
      markdown: linked(operationMarkdown(r, spec, withId, options, 1)),
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
  const servers = specServers(api);
  lines.push('## Servers', '', ...serverLines(servers), '', replaceSentence(servers), '');
  const raws = asObject(asObject(api.doc.components)?.securitySchemes) ?? {};
  const schemes = securitySchemes(api);
  if (Object.keys(raws).length > 0) {
    lines.push('## Authentication schemes', '');
    lines.push(...Object.keys(raws).flatMap((name) => schemeLines(name, schemes[name], r.obj(raws[name]), '')), '');
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
  lines.push(OPERATIONS_IN_FULL, '');
  for (const tag of tags) {
    lines.push(`### ${tag}`, '');
    operations.forEach((op, index) => {
      if (op.tag === tag) lines.push(full[index] ?? '', '');
    });
  }
  return {markdown: linked(`${lines.join('\n').replace(/\n{3,}/g, '\n\n').trimEnd()}\n`), operations};
}

/**
 * The heading after which a reference twin holds every operation in full: what comes before it (the
 * overview, servers, authentication and the index of the operations' twins) is the reference's table of
 * contents, which the MCP server gives for a reference too large to read at once.
 */
export const OPERATIONS_IN_FULL = '## Operations in full';
