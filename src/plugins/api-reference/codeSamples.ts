/**
 * Build-time Redoc `x-codeSamples` (curl, JavaScript fetch, Python requests)
 * for every operation of an OpenAPI 3 document. Each sample sends the
 * operation's own example: the path, query and header parameters' examples and
 * the request body example the reference shows, to the first server URL.
 *
 * The request comes from the same place as the Try it console's: the
 * operation's request model (requestModel.ts: `$ref`s resolved by
 * @redocly/openapi-core, missing examples made by openapi-sampler) given its
 * sample values and turned into a request by request.ts. The curl sample is
 * written by request.ts's `curlCommand`, the portal's one curl writer (the
 * Markdown twins and the Try it console use it too). httpsnippet writes the
 * JavaScript and Python from that request as a HAR (`sampleRequest` returns a
 * simplified copy of it, for tests). Two gaps of httpsnippet 3.0.10 are filled by hand:
 * its fetch and requests clients write broken multipart code (files sent as
 * their names, unescaped quotes, Python `"open(...)"` as a string), so
 * multipart bodies get our own JavaScript and Python; and their fixed
 * `response.json()` is swapped for text or binary reading when the first 2xx
 * response is not JSON.
 */
import {HTTPSnippet} from 'httpsnippet';
import {curlCommand} from '../../lib/openapi/request';
import {operationsOf, type OpenApiDoc} from '../../lib/openapi/document';
import {requestUrl, urlencoded, type HttpRequest, type NameValue} from '../../lib/openapi/request';
import {isJsonMime, sampleHttpRequest} from '../../lib/openapi/requestModel';
import {resolveApi} from '../../lib/openapi/resolve';

export interface CodeSample {
  lang: string;
  label: string;
  source: string;
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

interface BuiltBody {
  mimeType: string;
  text?: string;
  params?: FormPart[];
}

/** The request of a sample in the shape the HAR and the hand-written clients read. */
interface BuiltRequest {
  method: string;
  /** Server URL + substituted path, without query string. */
  baseUrl: string;
  query: NameValue[];
  headers: NameValue[];
  body?: BuiltBody;
  /** Content type of the first 2xx response, if it has content. */
  responseType?: string;
  /** The same request as request.ts builds it, for the one curl writer (`curlCommand`). */
  http: HttpRequest<unknown>;
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

// ---------------------------------------------------------- the request

function builtBody(request: HttpRequest): BuiltBody | undefined {
  const body = request.body;
  if (!body) return undefined;
  if ('text' in body) return {mimeType: body.mimeType, text: body.text};
  const params = body.parts.map((part): FormPart =>
    'fileName' in part
      ? {name: part.name, fileName: part.fileName, ...(part.contentType ? {contentType: part.contentType} : {})}
      : {name: part.name, value: part.value, ...(part.contentType ? {contentType: part.contentType} : {})},
  );
  return {mimeType: body.mimeType, params};
}

/** The request the samples of `method path` send: the operation's request model with its sample values. */
async function builtRequest(doc: OpenApiDoc, path: string, method: string): Promise<BuiltRequest> {
  const {operation, request} = sampleHttpRequest(await resolveApi(doc), path, method);
  const body = builtBody(request);
  return {
    method: request.method,
    baseUrl: request.baseUrl,
    query: request.query,
    headers: request.headers,
    ...(body ? {body} : {}),
    ...(operation.responseType ? {responseType: operation.responseType} : {}),
    http: request,
  };
}

/** The request the samples of an operation send (simplified HAR). */
export async function sampleRequest(doc: OpenApiDoc, path: string, method: string): Promise<SampleRequest> {
  const built = await builtRequest(doc, path, method);
  const result: SampleRequest = {
    method: built.method,
    url: requestUrl(built),
    headers: Object.fromEntries(built.headers.map(({name, value}) => [name, value])),
  };
  if (built.body?.params && built.body.mimeType === 'multipart/form-data') result.form = built.body.params;
  else if (built.body?.params) {
    result.body = urlencoded(
      built.body.params.map((part) => ({name: part.name, value: part.value ?? part.fileName ?? ''})),
    );
  } else if (built.body?.text !== undefined) result.body = built.body.text;
  return result;
}

/** HAR request for httpsnippet. */
function toHar(built: BuiltRequest): HarRequestLike {
  const body = built.body;
  const params = body?.params;
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

/**
 * Characters a valid OpenAPI document may put in a URL that httpsnippet's HAR check (`format: uri`) refuses:
 * a server variable whose default is itself a placeholder (`https://{your-agent-url}`), or a path such as
 * `/<upload_url>`. httpsnippet gets each as a token (`zq~7b~qz`) that every part of a URL accepts, a host
 * included, and whose `~` makes its curl quote the URL for the shell; the code it writes gets the character
 * back. The sample shows the placeholder as the spec wrote it, for the reader to replace.
 */
const NOT_IN_URI = /[{}<>"`^|\\ ]/;
const uriToken = (character: string): string => `zq~${character.charCodeAt(0).toString(16)}~qz`;
const URI_TOKEN = /zq~([0-9a-f]{2})~qz/;
// A regular expression with the global flag keeps state between calls to test(): these two only replace.
const everywhere = (pattern: RegExp): RegExp => new RegExp(pattern.source, 'g');

/** The HAR with a URL httpsnippet accepts, and the function that puts the original characters back. */
function uriSafe(har: HarRequestLike): {har: HarRequestLike; restore: (code: string) => string} {
  if (!NOT_IN_URI.test(har.url)) return {har, restore: (code) => code};
  if (URI_TOKEN.test(har.url))
    throw new Error(`the URL ${har.url} holds both a character outside RFC 3986 and text like "zq~7b~qz"`);
  return {
    har: {...har, url: har.url.replace(everywhere(NOT_IN_URI), uriToken)},
    restore: (code) =>
      code.replace(everywhere(URI_TOKEN), (_token, hex: string) => String.fromCharCode(parseInt(hex, 16))),
  };
}

function convert(har: HarRequestLike, target: 'shell' | 'javascript' | 'python', client: string): string {
  const safe = uriSafe(har);
  const output = new HTTPSnippet(safe.har).convert(target, client);
  const text = Array.isArray(output) ? output.join('\n') : output;
  if (typeof text !== 'string' || text.trim() === '') throw new Error(`httpsnippet made no ${target}/${client} code`);
  return safe.restore(text.trimEnd()); // httpsnippet ends its output with a space
}

/** Headers and URLs exactly as httpsnippet prepares them, for the hand-written multipart clients. */
function prepared(har: HarRequestLike): {fullUrl: string; url: string; query: Array<[string, string[]]>} {
  const safe = uriSafe(har);
  const request = new HTTPSnippet(safe.har).requests[0];
  if (!request) throw new Error(`httpsnippet rejected the request ${har.method} ${har.url}`);
  const query = Object.entries(request.queryObj).map(([name, value]): [string, string[]] => [
    name,
    Array.isArray(value) ? value : [value],
  ]);
  return {fullUrl: safe.restore(request.fullUrl), url: safe.restore(String(request.url)), query};
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

// ---------------------------------------------- JSON bodies in JS and Python

/**
 * httpsnippet writes the strings of a JSON body into its JavaScript and Python without escaping them: a line
 * break, a quote or a backslash in an example would make the JavaScript send invalid JSON and the Python fail to
 * parse. These write the body again, escaped as each language needs.
 */
function jsonValue(built: BuiltRequest): {value: unknown} | undefined {
  const body = built.body;
  if (!body?.text || !/^application\/(.+\+)?json$/.test(body.mimeType)) return undefined;
  try {
    return {value: JSON.parse(body.text) as unknown};
  } catch {
    // Not JSON after all (an example given as text): httpsnippet sends it as written.
    return undefined;
  }
}

function withJsonBodyJavaScript(source: string, built: BuiltRequest): string {
  const json = jsonValue(built);
  if (!json) return source;
  return source.replace(
    /^( {2}body: )'[^\n]*'(,?)(?=\n)/m,
    (_line, start: string, comma: string) => `${start}${jsString(JSON.stringify(json.value))}${comma}`,
  );
}

/** A JSON value as a Python literal, four spaces per level (as httpsnippet lays out a payload). */
export function pythonLiteral(value: unknown, indent = ''): string {
  if (value === null || value === undefined) return 'None';
  if (typeof value === 'boolean') return value ? 'True' : 'False';
  if (typeof value === 'number') return String(value);
  if (typeof value === 'string') return JSON.stringify(value);
  const inner = `${indent}    `;
  if (Array.isArray(value)) {
    if (value.length === 0) return '[]';
    return `[\n${value.map((item) => `${inner}${pythonLiteral(item, inner)}`).join(',\n')}\n${indent}]`;
  }
  const entries = Object.entries(value as Record<string, unknown>);
  if (entries.length === 0) return '{}';
  const lines = entries.map(([key, item]) => `${inner}${JSON.stringify(key)}: ${pythonLiteral(item, inner)}`);
  return `{\n${lines.join(',\n')}\n${indent}}`;
}

function withJsonBodyPython(source: string, built: BuiltRequest): string {
  const json = jsonValue(built);
  if (!json) return source;
  const start = source.search(/^payload = /m);
  if (start < 0) return source;
  // The payload runs to the next assignment or call at the start of a line.
  const rest = source.slice(start + 1);
  const end = start + 1 + rest.search(/\n(?=(?:headers|querystring|response) = )|\n\n/);
  return `${source.slice(0, start)}payload = ${pythonLiteral(json.value)}${source.slice(end)}`;
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
export async function codeSamplesFor(doc: OpenApiDoc, path: string, method: string): Promise<CodeSample[]> {
  const built = await builtRequest(doc, path, method);
  const har = toHar(built);
  const multipart = built.body?.mimeType === 'multipart/form-data';
  const sources = [
    // The one curl writer of the portal: the twins and the Try it console write their curl with it too.
    curlCommand(built.http),
    adaptJavaScript(
      multipart ? multipartJavaScript(built, har) : withJsonBodyJavaScript(convert(har, 'javascript', 'fetch'), built),
      built.responseType,
    ),
    adaptPython(
      multipart ? multipartPython(built, har) : withJsonBodyPython(convert(har, 'python', 'requests'), built),
      built.responseType,
    ),
  ];
  return SAMPLE_KINDS.map((kind, index) => ({...kind, source: sources[index] ?? ''}));
}

/** What went wrong, in one line: httpsnippet's HAR check names the field of the request and the rule it broke. */
function reason(error: unknown): string {
  const details = (error as {errors?: {instancePath?: string; message?: string; data?: unknown}[]} | null)?.errors;
  const first = Array.isArray(details) ? details[0] : undefined;
  if (first?.message) {
    const field = `request${(first.instancePath ?? '').replace(/\//g, '.')}`;
    const value = typeof first.data === 'string' ? ` (${JSON.stringify(first.data)})` : '';
    return `${field}${value} ${first.message}`;
  }
  return (error instanceof Error ? error.message : String(error)).split('\n')[0] ?? '';
}

/** Deep copy of an OpenAPI document in which every operation has (new) `x-codeSamples`. */
export async function withCodeSamples<T extends OpenApiDoc>(doc: T): Promise<T> {
  const copy = structuredClone(doc);
  const api = await resolveApi(copy);
  for (const {path, method, operationId} of operationsOf(api.doc, api.deref)) {
    const pathItem = api.deref((copy.paths as Record<string, unknown>)[path]) as Record<
      string,
      Record<string, unknown>
    >;
    const operation = pathItem[method]!;
    try {
      operation['x-codeSamples'] = await codeSamplesFor(copy, path, method);
    } catch (error) {
      const name = `${operationId ?? 'the operation'} (${method.toUpperCase()} ${path})`;
      throw new Error(
        `the code samples of ${name} could not be made: ${reason(error)}. Change the operation's servers, path, ` +
          'parameters or examples so that together they make a valid HTTP request.',
      );
    }
  }
  return copy;
}
