/**
 * Build-time Redoc `x-codeSamples` (curl, JavaScript fetch, Python requests)
 * for every operation of an OpenAPI 3 document. Each sample sends the
 * operation's own example: the path, query and header parameters' examples and
 * the request body example the reference shows, to the first server URL.
 *
 * The samples are made with httpsnippet from a HAR request built here
 * (`sampleRequest` returns a simplified copy of it, for tests). Two gaps of
 * httpsnippet 3.0.10 are filled by hand: its fetch and requests clients write
 * broken multipart code (files sent as their names, unescaped quotes, Python
 * `"open(...)"` as a string), so multipart bodies get our own JavaScript and
 * Python; and their fixed `response.json()` is swapped for text or binary
 * reading when the first 2xx response is not JSON.
 */
import {HTTPSnippet} from 'httpsnippet';

export interface CodeSample {
  lang: string;
  label: string;
  source: string;
}

/** A parsed OpenAPI 3 document (only the fields read here are named). */
export interface OpenApiDoc {
  servers?: unknown;
  paths?: unknown;
  components?: unknown;
  security?: unknown;
  [key: string]: unknown;
}

/** One part of a multipart/form-data body: text (`value`) or a file (`fileName`). */
export interface FormPart {
  name: string;
  value?: string;
  fileName?: string;
  contentType?: string;
}

/** The request a sample sends (a simplified view of the HAR given to httpsnippet). */
export interface SampleRequest {
  method: string;
  /** Server URL + path with parameters substituted + query string (RFC 3986 encoded). */
  url: string;
  headers: Record<string, string>;
  /** Raw body (JSON, urlencoded or other text); absent for multipart and body-less calls. */
  body?: string;
  /** Multipart/form-data parts, in order. */
  form?: FormPart[];
}

/**
 * `lang` is what Redoc 2.4 passes to Prism after lower-casing it: `shell`
 * (an alias Prism's bash component registers), `javascript` and `python`
 * are all loaded by Redoc, so the three tabs are highlighted.
 */
const SAMPLE_KINDS = [
  {lang: 'Shell', label: 'curl'},
  {lang: 'JavaScript', label: 'JavaScript (fetch)'},
  {lang: 'Python', label: 'Python (requests)'},
] as const;

const HTTP_METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'] as const;

type JsonObject = {[key: string]: unknown};
type NameValue = {name: string; value: string};

interface BuiltBody {
  mimeType: string;
  text?: string;
  params?: FormPart[];
}

interface BuiltRequest {
  method: string;
  /** Server URL + substituted path, without query string. */
  baseUrl: string;
  query: NameValue[];
  headers: NameValue[];
  body?: BuiltBody;
  /** Content type of the first 2xx response, if it has content. */
  responseType?: string;
}

interface HarRequestLike {
  method: string;
  url: string;
  httpVersion: string;
  cookies: NameValue[];
  headers: NameValue[];
  queryString: NameValue[];
  headersSize: number;
  bodySize: number;
  postData: {mimeType: string; text?: string; params?: FormPart[]};
}

// ---------------------------------------------------------------- helpers

const isObject = (value: unknown): value is JsonObject =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const asObject = (value: unknown): JsonObject | undefined => (isObject(value) ? value : undefined);

const asArray = (value: unknown): unknown[] => (Array.isArray(value) ? value : []);

const asString = (value: unknown): string | undefined => (typeof value === 'string' ? value : undefined);

const unescapePointer = (token: string): string => token.replace(/~1/g, '/').replace(/~0/g, '~');

/** Follows local `$ref`s (`#/...`); an external `$ref` resolves to undefined. */
function resolve(doc: OpenApiDoc, value: unknown): unknown {
  let current = value;
  for (let hops = 0; isObject(current) && typeof current.$ref === 'string'; hops += 1) {
    const ref = current.$ref;
    if (hops > 50) throw new Error(`$ref cycle at ${ref}`);
    if (!ref.startsWith('#/')) return undefined;
    current = ref
      .slice(2)
      .split('/')
      .map((token) => decodeURIComponent(unescapePointer(token)))
      .reduce<unknown>((node, key) => {
        if (Array.isArray(node)) return node[Number(key)];
        return isObject(node) ? node[key] : undefined;
      }, doc);
    if (current === undefined) throw new Error(`unresolved $ref ${ref}`);
  }
  return current;
}

const resolveObject = (doc: OpenApiDoc, value: unknown): JsonObject | undefined => asObject(resolve(doc, value));

/** A value found, wrapped so that a found `undefined`/`null` differs from nothing found. */
type Found = {value: unknown};

/** `example`, else the first of `examples` (Example Objects, possibly `$ref`). */
function explicitExample(doc: OpenApiDoc, holder: JsonObject): Found | undefined {
  if (holder.example !== undefined) return {value: holder.example};
  const examples = asObject(holder.examples);
  for (const raw of Object.values(examples ?? {})) {
    const example = resolveObject(doc, raw);
    if (example && example.value !== undefined) return {value: example.value};
  }
  return undefined;
}

/** Example of a schema as Redoc's sampler would show it, when it has no example. */
function exampleFromSchema(doc: OpenApiDoc, rawSchema: unknown, depth = 0): unknown {
  const schema = resolveObject(doc, rawSchema);
  if (!schema || depth > 8) return undefined;
  if (schema.example !== undefined) return schema.example;
  if (Array.isArray(schema.examples) && schema.examples.length > 0) return schema.examples[0];
  if (schema.default !== undefined) return schema.default;
  if (Array.isArray(schema.enum) && schema.enum.length > 0) return schema.enum[0];
  if (Array.isArray(schema.allOf)) {
    const parts = schema.allOf.map((part) => exampleFromSchema(doc, part, depth + 1));
    return parts.every(isObject) ? Object.assign({}, ...parts) : parts.find((part) => part !== undefined);
  }
  const alternatives = asArray(schema.oneOf).length > 0 ? asArray(schema.oneOf) : asArray(schema.anyOf);
  if (alternatives.length > 0) return exampleFromSchema(doc, alternatives[0], depth + 1);
  const type = Array.isArray(schema.type) ? asString(schema.type.find((t) => t !== 'null')) : asString(schema.type);
  const properties = asObject(schema.properties);
  if (type === 'object' || (type === undefined && properties)) {
    const result: JsonObject = {};
    for (const [key, propertySchema] of Object.entries(properties ?? {})) {
      const value = exampleFromSchema(doc, propertySchema, depth + 1);
      if (value !== undefined) result[key] = value;
    }
    return result;
  }
  if (type === 'array') {
    const item = exampleFromSchema(doc, schema.items, depth + 1);
    return item === undefined ? [] : [item];
  }
  if (type === 'integer' || type === 'number') return 0;
  if (type === 'boolean') return true;
  if (type === 'string') {
    const formats: Record<string, string> = {
      'date-time': '2019-08-24T14:15:22Z',
      date: '2019-08-24',
      email: 'user@example.com',
      uuid: '095be615-a8ad-4c33-8e9b-c7612fbf6c9f',
      uri: 'http://example.com',
    };
    return formats[asString(schema.format) ?? ''] ?? 'string';
  }
  return undefined;
}

/** Text of a primitive parameter value; objects and arrays as compact JSON. */
function primitiveText(value: unknown): string {
  if (typeof value === 'string') return value;
  if (value === null || value === undefined) return '';
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  return JSON.stringify(value);
}

// ------------------------------------------------------------ parameters

interface ParameterValue {
  value: unknown;
  /** Taken from an example (not a default, enum value or placeholder). */
  fromExample: boolean;
  /** Parameter given by `content` (the value is sent as JSON text, not styled). */
  viaContent: boolean;
  placeholder: boolean;
}

function parameterValue(doc: OpenApiDoc, param: JsonObject, name: string): ParameterValue {
  const own = explicitExample(doc, param);
  if (own) return {value: own.value, fromExample: true, viaContent: false, placeholder: false};
  const content = asObject(param.content);
  const media = content ? resolveObject(doc, Object.values(content)[0]) : undefined;
  if (media) {
    const example = explicitExample(doc, media);
    const value = example ? example.value : exampleFromSchema(doc, media.schema);
    if (value !== undefined) return {value, fromExample: example !== undefined, viaContent: true, placeholder: false};
  }
  const schema = resolveObject(doc, param.schema);
  if (schema) {
    if (schema.example !== undefined) {
      return {value: schema.example, fromExample: true, viaContent: false, placeholder: false};
    }
    if (Array.isArray(schema.examples) && schema.examples.length > 0) {
      return {value: schema.examples[0], fromExample: true, viaContent: false, placeholder: false};
    }
    if (schema.default !== undefined) {
      return {value: schema.default, fromExample: false, viaContent: false, placeholder: false};
    }
    if (Array.isArray(schema.enum) && schema.enum.length > 0) {
      return {value: schema.enum[0], fromExample: false, viaContent: false, placeholder: false};
    }
  }
  return {value: `<${name}>`, fromExample: false, viaContent: false, placeholder: true};
}

/** Path-level and operation-level parameters (the operation's win), `$ref`s resolved. */
function operationParameters(doc: OpenApiDoc, pathItem: JsonObject, operation: JsonObject): JsonObject[] {
  const merged = new Map<string, JsonObject>();
  for (const raw of [...asArray(pathItem.parameters), ...asArray(operation.parameters)]) {
    const param = resolveObject(doc, raw);
    const name = asString(param?.name);
    const location = asString(param?.in);
    if (!param || !name || !location) continue;
    merged.set(`${location}:${location === 'header' ? name.toLowerCase() : name}`, param);
  }
  return [...merged.values()];
}

function serializePathValue(param: JsonObject, name: string, found: ParameterValue): string {
  if (found.placeholder) return encodeURIComponent(primitiveText(found.value)); // httpsnippet needs a valid URI
  if (found.viaContent) return encodeURIComponent(primitiveText(found.value));
  const style = asString(param.style) ?? 'simple';
  const explode = param.explode === true;
  const value = found.value;
  const prefix = style === 'label' ? '.' : style === 'matrix' ? `;${name}=` : '';
  const separator = style === 'label' && explode ? '.' : ',';
  if (Array.isArray(value)) {
    return prefix + value.map((item) => encodeURIComponent(primitiveText(item))).join(separator);
  }
  if (isObject(value)) {
    const pairs = Object.entries(value).map(([key, item]) =>
      explode
        ? `${encodeURIComponent(key)}=${encodeURIComponent(primitiveText(item))}`
        : `${encodeURIComponent(key)},${encodeURIComponent(primitiveText(item))}`,
    );
    return prefix + pairs.join(separator);
  }
  return prefix + encodeURIComponent(primitiveText(value));
}

function serializeQuery(param: JsonObject, name: string, found: ParameterValue): NameValue[] {
  const value = found.value;
  if (found.viaContent || found.placeholder) return [{name, value: primitiveText(value)}];
  const style = asString(param.style) ?? 'form';
  const explode = typeof param.explode === 'boolean' ? param.explode : style === 'form';
  if (Array.isArray(value)) {
    if (explode) return value.map((item) => ({name, value: primitiveText(item)}));
    const delimiter = style === 'spaceDelimited' ? ' ' : style === 'pipeDelimited' ? '|' : ',';
    return [{name, value: value.map(primitiveText).join(delimiter)}];
  }
  if (isObject(value)) {
    const entries = Object.entries(value);
    if (style === 'deepObject')
      return entries.map(([key, item]) => ({name: `${name}[${key}]`, value: primitiveText(item)}));
    if (explode) return entries.map(([key, item]) => ({name: key, value: primitiveText(item)}));
    return [{name, value: entries.flatMap(([key, item]) => [key, primitiveText(item)]).join(',')}];
  }
  return [{name, value: primitiveText(value)}];
}

function serializeHeader(param: JsonObject, found: ParameterValue): string {
  const value = found.value;
  if (found.viaContent) return primitiveText(value);
  if (Array.isArray(value)) return value.map(primitiveText).join(',');
  if (isObject(value)) {
    const separator = param.explode === true ? '=' : ',';
    return Object.entries(value)
      .map(([key, item]) => `${key}${separator}${primitiveText(item)}`)
      .join(',');
  }
  return primitiveText(value);
}

// --------------------------------------------------- server and security

function serverUrl(doc: OpenApiDoc, pathItem: JsonObject, operation: JsonObject): string {
  const candidates = [operation.servers, pathItem.servers, doc.servers];
  const servers = candidates.map(asArray).find((list) => list.length > 0) ?? [];
  const server = asObject(servers[0]);
  let url = asString(server?.url) ?? '';
  const variables = asObject(server?.variables) ?? {};
  url = url.replace(/\{([^}]+)\}/g, (whole, name: string) => {
    const variable = asObject(variables[name]);
    return variable?.default !== undefined ? primitiveText(variable.default) : whole;
  });
  if (!/^[a-z][a-z0-9+.-]*:\/\//i.test(url))
    url = `http://localhost${url.startsWith('/') || url === '' ? '' : '/'}${url}`;
  return url.replace(/\/+$/, '');
}

interface SecurityPlacement {
  headers: NameValue[];
  query: NameValue[];
  cookies: NameValue[];
}

/** Placeholder credentials for the first security requirement (none if it is `{}`). */
function securityPlacement(doc: OpenApiDoc, operation: JsonObject): SecurityPlacement {
  const placement: SecurityPlacement = {headers: [], query: [], cookies: []};
  const requirements = Array.isArray(operation.security) ? operation.security : asArray(doc.security);
  const first = asObject(requirements[0]);
  const schemes = asObject(asObject(doc.components)?.securitySchemes) ?? {};
  for (const schemeName of Object.keys(first ?? {})) {
    const scheme = resolveObject(doc, schemes[schemeName]);
    const type = asString(scheme?.type);
    if (!scheme || !type) continue;
    if (type === 'http') {
      const httpScheme = (asString(scheme.scheme) ?? 'bearer').toLowerCase();
      const value =
        httpScheme === 'bearer'
          ? 'Bearer <token>'
          : httpScheme === 'basic'
            ? 'Basic <base64 of user:password>'
            : `${asString(scheme.scheme) ?? httpScheme} <credentials>`;
      placement.headers.push({name: 'Authorization', value});
    } else if (type === 'oauth2' || type === 'openIdConnect') {
      placement.headers.push({name: 'Authorization', value: 'Bearer <token>'});
    } else if (type === 'apiKey') {
      const name = asString(scheme.name) ?? schemeName;
      const location = asString(scheme.in) ?? 'header';
      const target =
        location === 'query' ? placement.query : location === 'cookie' ? placement.cookies : placement.headers;
      target.push({name, value: `<${name}>`});
    }
  }
  return placement;
}

// ------------------------------------------------------------ request body

function isJsonMime(mime: string): boolean {
  return /^application\/(?:[\w.+-]+\+)?json\b/i.test(mime) || /^text\/(?:x-)?json\b/i.test(mime);
}

function isBinarySchema(schema: JsonObject | undefined): boolean {
  return (
    schema !== undefined &&
    (schema.format === 'binary' ||
      schema.format === 'base64' ||
      schema.contentMediaType !== undefined ||
      schema.contentEncoding !== undefined)
  );
}

/** File name a file part's example points to, else a `<file>` placeholder. */
function fileNameFrom(example: unknown): string {
  const text = typeof example === 'string' ? example.trim() : '';
  if (/^[^\s<>()'"\\/;]+\.[A-Za-z0-9]{1,8}$/.test(text)) return text;
  const mentioned = /([\w-]+(?:\.[\w-]+)*\.[A-Za-z0-9]{1,8})(?![\w.])/.exec(text);
  return mentioned?.[1] ?? '<file>';
}

function multipartParts(doc: OpenApiDoc, media: JsonObject): FormPart[] {
  const schema = resolveObject(doc, media.schema);
  const example = explicitExample(doc, media)?.value ?? exampleFromSchema(doc, schema);
  if (!isObject(example)) return [];
  const properties = asObject(schema?.properties) ?? {};
  const encoding = asObject(media.encoding) ?? {};
  const parts: FormPart[] = [];
  for (const [name, value] of Object.entries(example)) {
    const propertySchema = resolveObject(doc, properties[name]);
    const itemSchema = resolveObject(doc, propertySchema?.items);
    const contentType = asString(asObject(encoding[name])?.contentType);
    const isFile = isBinarySchema(propertySchema) || isBinarySchema(itemSchema);
    const repeated = Array.isArray(value) && value.every((item) => !isObject(item) && !Array.isArray(item));
    for (const item of repeated && Array.isArray(value) ? value : [value]) {
      if (isFile) {
        parts.push({name, fileName: fileNameFrom(item), ...(contentType ? {contentType} : {})});
      } else if (isObject(item) || Array.isArray(item)) {
        parts.push({name, value: JSON.stringify(item), contentType: contentType ?? 'application/json'});
      } else {
        parts.push({name, value: primitiveText(item), ...(contentType ? {contentType} : {})});
      }
    }
  }
  return parts;
}

function requestBody(doc: OpenApiDoc, operation: JsonObject): BuiltBody | undefined {
  const body = resolveObject(doc, operation.requestBody);
  const content = asObject(body?.content);
  if (!content) return undefined;
  const types = Object.keys(content);
  const mimeType =
    types.find((type) => type.toLowerCase() === 'application/json') ??
    types.find(isJsonMime) ??
    types.find((type) => type.toLowerCase().startsWith('multipart/form-data')) ??
    types.find((type) => type.toLowerCase() === 'application/x-www-form-urlencoded') ??
    types[0];
  const media = mimeType === undefined ? undefined : resolveObject(doc, content[mimeType]);
  if (mimeType === undefined || !media) return undefined;
  const lower = mimeType.toLowerCase();
  if (lower.startsWith('multipart/form-data')) {
    return {mimeType: 'multipart/form-data', params: multipartParts(doc, media)};
  }
  const found = explicitExample(doc, media);
  const example = found ? found.value : exampleFromSchema(doc, media.schema);
  if (example === undefined) return {mimeType};
  if (lower === 'application/x-www-form-urlencoded' && isObject(example)) {
    const params = Object.entries(example).flatMap(([name, value]) =>
      (Array.isArray(value) ? value : [value]).map((item) => ({name, value: primitiveText(item)})),
    );
    return {mimeType, params};
  }
  if (isJsonMime(mimeType)) {
    // A string example that is itself JSON text is the body as written (not a JSON string literal).
    if (typeof example === 'string' && isJsonText(example)) return {mimeType, text: example};
    return {mimeType, text: JSON.stringify(example, null, 2)};
  }
  return {mimeType, text: typeof example === 'string' ? example : JSON.stringify(example, null, 2)};
}

function isJsonText(text: string): boolean {
  try {
    JSON.parse(text);
    return /^\s*[[{]/.test(text);
  } catch {
    return false;
  }
}

function responseType(doc: OpenApiDoc, operation: JsonObject): string | undefined {
  const responses = asObject(operation.responses) ?? {};
  const code = Object.keys(responses).find((key) => /^2(?:\d\d|XX)$/i.test(key));
  const response = code === undefined ? undefined : resolveObject(doc, responses[code]);
  return Object.keys(asObject(response?.content) ?? {})[0];
}

// ---------------------------------------------------------- the request

function findOperation(doc: OpenApiDoc, path: string, method: string): {pathItem: JsonObject; operation: JsonObject} {
  const pathItem = resolveObject(doc, asObject(doc.paths)?.[path]);
  const operation = asObject(pathItem?.[method.toLowerCase()]);
  if (!pathItem || !operation) throw new Error(`no operation ${method.toUpperCase()} ${path}`);
  return {pathItem, operation};
}

function buildRequest(doc: OpenApiDoc, path: string, method: string): BuiltRequest {
  const {pathItem, operation} = findOperation(doc, path, method);
  const params = operationParameters(doc, pathItem, operation);
  const security = securityPlacement(doc, operation);

  let substituted = path;
  for (const param of params.filter((p) => p.in === 'path')) {
    const name = asString(param.name) ?? '';
    const serialized = serializePathValue(param, name, parameterValue(doc, param, name));
    substituted = substituted.split(`{${name}}`).join(serialized);
  }

  const query: NameValue[] = [];
  const headers: NameValue[] = [];
  const cookies: NameValue[] = [...security.cookies];
  const hasHeader = (name: string) => headers.some((header) => header.name.toLowerCase() === name.toLowerCase());
  const addHeader = (name: string, value: string) => {
    if (!hasHeader(name)) headers.push({name, value});
  };
  security.headers.forEach(({name, value}) => addHeader(name, value));

  for (const param of params) {
    const name = asString(param.name) ?? '';
    if (param.in === 'query') {
      const found = parameterValue(doc, param, name);
      if (param.required === true || found.fromExample) query.push(...serializeQuery(param, name, found));
    } else if (param.in === 'header') {
      if (['content-type', 'accept'].includes(name.toLowerCase())) continue;
      const found = parameterValue(doc, param, name);
      if (found.fromExample) addHeader(name, serializeHeader(param, found));
    } else if (param.in === 'cookie') {
      const found = parameterValue(doc, param, name);
      if (found.fromExample || param.required === true) cookies.push({name, value: primitiveText(found.value)});
    }
  }
  query.push(...security.query.filter((item) => !query.some((q) => q.name === item.name)));

  const accept = responseType(doc, operation);
  if (accept) addHeader('Accept', accept);
  const body = requestBody(doc, operation);
  if (body) addHeader('Content-Type', body.mimeType);
  if (cookies.length > 0) {
    addHeader('Cookie', cookies.map(({name, value}) => `${name}=${value}`).join('; '));
  }

  return {
    method: method.toUpperCase(),
    baseUrl: serverUrl(doc, pathItem, operation) + substituted,
    query,
    headers,
    body,
    responseType: accept,
  };
}

const encodeQueryPart = (text: string): string =>
  encodeURIComponent(text).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);

/** The request the samples of an operation send (simplified HAR). */
export function sampleRequest(doc: OpenApiDoc, path: string, method: string): SampleRequest {
  const built = buildRequest(doc, path, method);
  const search = built.query.map(({name, value}) => `${encodeQueryPart(name)}=${encodeQueryPart(value)}`).join('&');
  const result: SampleRequest = {
    method: built.method,
    url: search ? `${built.baseUrl}?${search}` : built.baseUrl,
    headers: Object.fromEntries(built.headers.map(({name, value}) => [name, value])),
  };
  if (built.body?.params && built.body.mimeType === 'multipart/form-data') result.form = built.body.params;
  else if (built.body?.params) {
    result.body = built.body.params
      .map(({name, value}) => `${encodeQueryPart(name)}=${encodeQueryPart(value ?? '')}`)
      .join('&');
  } else if (built.body?.text !== undefined) result.body = built.body.text;
  return result;
}

/** HAR request for httpsnippet; `forCurl` adds curl's `;type=` to multipart parts with a content type. */
function toHar(built: BuiltRequest, forCurl: boolean): HarRequestLike {
  const body = built.body;
  const params = body?.params?.map((part): FormPart => {
    if (!forCurl || !part.contentType || body?.mimeType !== 'multipart/form-data') return part;
    return part.fileName !== undefined
      ? {name: part.name, fileName: `${part.fileName};type=${part.contentType}`}
      : {name: part.name, value: `${part.value ?? ''};type=${part.contentType}`};
  });
  return {
    method: built.method,
    url: built.baseUrl,
    httpVersion: 'HTTP/1.1',
    cookies: [],
    headers: built.headers.filter(
      (header) => !(body?.mimeType === 'multipart/form-data' && header.name.toLowerCase() === 'content-type'),
    ),
    queryString: built.query,
    headersSize: -1,
    bodySize: -1,
    postData: body
      ? {mimeType: body.mimeType, ...(body.text !== undefined ? {text: body.text} : {}), ...(params ? {params} : {})}
      : {mimeType: 'application/octet-stream'},
  };
}

function convert(har: HarRequestLike, target: 'shell' | 'javascript' | 'python', client: string): string {
  const output = new HTTPSnippet(har).convert(target, client);
  const text = Array.isArray(output) ? output.join('\n') : output;
  if (typeof text !== 'string' || text.trim() === '') throw new Error(`httpsnippet made no ${target}/${client} code`);
  return text.trimEnd(); // httpsnippet ends its output with a space
}

/** Headers and URLs exactly as httpsnippet prepares them, for the hand-written multipart clients. */
function prepared(har: HarRequestLike): {fullUrl: string; url: string; query: Array<[string, string[]]>} {
  const request = new HTTPSnippet(har).requests[0];
  if (!request) throw new Error(`httpsnippet rejected the request ${har.method} ${har.url}`);
  const query = Object.entries(request.queryObj).map(([name, value]): [string, string[]] => [
    name,
    Array.isArray(value) ? value : [value],
  ]);
  return {fullUrl: request.fullUrl, url: String(request.url), query};
}

// --------------------------------------------- response reading by type

type ResponseKind = 'json' | 'text' | 'binary' | 'none';

function responseKind(type: string | undefined): ResponseKind {
  if (!type) return 'none';
  if (isJsonMime(type)) return 'json';
  if (/^text\/|[/+]xml\b|^\*\/\*$/i.test(type)) return 'text';
  return 'binary';
}

function downloadName(type: string | undefined): string {
  const extensions: Record<string, string> = {
    'application/pdf': '.pdf',
    'application/vnd.etsi.asic-e+zip': '.asice',
    'application/vnd.etsi.asic-s+zip': '.asics',
    'application/zip': '.zip',
  };
  return `response${extensions[(type ?? '').toLowerCase()] ?? '.bin'}`;
}

function adaptJavaScript(source: string, type: string | undefined): string {
  const kind = responseKind(type);
  if (kind === 'json') return source;
  if (kind === 'none') {
    return source.replace(
      /const data = await response\.json\(\);\n(\s*)console\.log\(data\);/,
      'console.log(response.status);',
    );
  }
  return source.replace(
    'const data = await response.json();',
    kind === 'text' ? 'const data = await response.text();' : 'const data = await response.blob();',
  );
}

function adaptPython(source: string, type: string | undefined): string {
  const kind = responseKind(type);
  if (kind === 'json') return source;
  const replacement =
    kind === 'none'
      ? 'print(response.status_code)'
      : kind === 'text'
        ? 'print(response.text)'
        : `with open("${downloadName(type)}", "wb") as file:\n    file.write(response.content)`;
  return source.replace('print(response.json())', replacement);
}

// ---------------------------------------------- multipart JS and Python

const jsString = (text: string): string =>
  `'${text
    .replace(/\\/g, '\\\\')
    .replace(/'/g, "\\'")
    .replace(/\n/g, '\\n')
    .replace(/\r/g, '\\r')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029')}'`;

const jsKey = (key: string): string => (/^[A-Za-z_$][\w$]*$/.test(key) ? key : jsString(key));

/** A Python str literal (JSON string escapes are valid Python escapes); single-quoted when that reads better. */
function pyString(text: string): string {
  const json = JSON.stringify(text);
  return text.includes('"') && !text.includes("'") ? `'${json.slice(1, -1).replace(/\\"/g, '"')}'` : json;
}

function multipartJavaScript(built: BuiltRequest, har: HarRequestLike): string {
  const {fullUrl} = prepared(har);
  const parts = built.body?.params ?? [];
  const lines: string[] = [];
  if (parts.some((part) => part.fileName !== undefined)) lines.push("import {readFile} from 'node:fs/promises';", '');
  lines.push(`const url = ${jsString(fullUrl)};`, 'const form = new FormData();');
  for (const part of parts) {
    const options = part.contentType ? `, {type: ${jsString(part.contentType)}}` : '';
    if (part.fileName !== undefined) {
      lines.push(
        `form.append(${jsString(part.name)}, new Blob([await readFile(${jsString(part.fileName)})]${options}), ${jsString(part.fileName)});`,
      );
    } else if (part.contentType) {
      lines.push(`form.append(${jsString(part.name)}, new Blob([${jsString(part.value ?? '')}]${options}));`);
    } else {
      lines.push(`form.append(${jsString(part.name)}, ${jsString(part.value ?? '')});`);
    }
  }
  const headers = har.headers.map(({name, value}) => `${jsKey(name)}: ${jsString(value)}`);
  const inline = `{${headers.join(', ')}}`;
  lines.push('', 'const options = {', `  method: ${jsString(built.method)},`);
  if (headers.length > 0) {
    lines.push(
      inline.length <= 70
        ? `  headers: ${inline},`
        : ['  headers: {', headers.map((h) => `    ${h}`).join(',\n'), '  },'].join('\n'),
    );
  }
  lines.push('  body: form', '};', '');
  lines.push(
    'try {',
    '  const response = await fetch(url, options);',
    '  const data = await response.json();',
    '  console.log(data);',
    '} catch (error) {',
    '  console.error(error);',
    '}',
  );
  return lines.join('\n');
}

function multipartPython(built: BuiltRequest, har: HarRequestLike): string {
  const {url, query} = prepared(har);
  const parts = built.body?.params ?? [];
  const lines = ['import requests', '', `url = ${pyString(url)}`, ''];
  if (query.length > 0) {
    const entries = query.map(([name, values]) =>
      values.length === 1
        ? `${pyString(name)}: ${pyString(values[0] ?? '')}`
        : `${pyString(name)}: [${values.map(pyString).join(', ')}]`,
    );
    lines.push(`querystring = {${entries.join(', ')}}`, '');
  }
  lines.push('files = [');
  for (const part of parts) {
    const type = part.contentType ? `, ${pyString(part.contentType)}` : '';
    const content =
      part.fileName !== undefined
        ? `(${pyString(part.fileName)}, open(${pyString(part.fileName)}, "rb")${type})`
        : `(None, ${pyString(part.value ?? '')}${type})`;
    lines.push(`    (${pyString(part.name)}, ${content}),`);
  }
  lines.push(']');
  if (har.headers.length > 0) {
    lines.push('headers = {');
    lines.push(har.headers.map(({name, value}) => `    ${pyString(name)}: ${pyString(value)}`).join(',\n'));
    lines.push('}');
  }
  lines.push('');
  const builtIn = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'HEAD', 'OPTIONS'].includes(built.method);
  const call = builtIn
    ? `requests.${built.method.toLowerCase()}(url`
    : `requests.request(${pyString(built.method)}, url`;
  const args = [
    'files=files',
    ...(har.headers.length > 0 ? ['headers=headers'] : []),
    ...(query.length > 0 ? ['params=querystring'] : []),
  ];
  lines.push(`response = ${call}, ${args.join(', ')})`, '', 'print(response.json())');
  return lines.join('\n');
}

// --------------------------------------------------------------- the API

/** curl, JavaScript (fetch) and Python (requests) samples of one operation. */
export function codeSamplesFor(doc: OpenApiDoc, path: string, method: string): CodeSample[] {
  const built = buildRequest(doc, path, method);
  const har = toHar(built, false);
  const multipart = built.body?.mimeType === 'multipart/form-data';
  const sources = [
    convert(toHar(built, true), 'shell', 'curl'),
    adaptJavaScript(
      multipart ? multipartJavaScript(built, har) : convert(har, 'javascript', 'fetch'),
      built.responseType,
    ),
    adaptPython(multipart ? multipartPython(built, har) : convert(har, 'python', 'requests'), built.responseType),
  ];
  return SAMPLE_KINDS.map((kind, index) => ({...kind, source: sources[index] ?? ''}));
}

/** Deep copy of an OpenAPI document in which every operation has (new) `x-codeSamples`. */
export function withCodeSamples<T>(doc: T): T {
  const copy = structuredClone(doc);
  if (!isObject(copy)) return copy;
  const paths = asObject(copy.paths) ?? {};
  for (const [path, rawItem] of Object.entries(paths)) {
    const pathItem = resolveObject(copy, rawItem);
    if (!pathItem) continue;
    for (const method of HTTP_METHODS) {
      const operation = asObject(pathItem[method]);
      if (!operation) continue;
      try {
        operation['x-codeSamples'] = codeSamplesFor(copy, path, method);
      } catch (error) {
        throw new Error(
          `x-codeSamples of ${method.toUpperCase()} ${path}: ${error instanceof Error ? error.message : String(error)}`,
          {cause: error},
        );
      }
    }
  }
  return copy;
}
