/**
 * The one place where an operation's HTTP request is put together, for the
 * build-time code samples (src/plugins/api-reference/codeSamples.ts, with the
 * operation's examples) and for the Try it console in the browser
 * (src/plugins/api-reference/theme/TryIt, with what the reader typed). Pure TypeScript without Node or DOM imports, so that both
 * bundles can use it.
 *
 * The request model of each operation (OperationModel) is made at build time
 * from the OpenAPI document by requestModel.ts and written as JSON for the
 * console (`tryItModelUrl`): the browser never parses a spec.
 */

import {isObject} from './document';

// ------------------------------------------------------------------ model

/** A server of the spec: URL template and its variables (with their defaults). */
export interface ServerModel {
  url: string;
  description?: string;
  variables: Record<string, ServerVariableModel>;
}

export interface ServerVariableModel {
  default: string;
  enum?: string[];
  description?: string;
}

/**
 * A security scheme, reduced to what a request needs: `bearer` (HTTP bearer,
 * OAuth 2 and OpenID Connect: an access token), `basic` (user and password),
 * `apiKey` (a value in a header, query parameter or cookie) or another HTTP
 * scheme (`http`, the Authorization value after the scheme name).
 */
export type SchemeModel =
  | {kind: 'bearer'; description?: string}
  | {kind: 'basic'; description?: string}
  | {kind: 'http'; scheme: string; description?: string}
  | {kind: 'apiKey'; in: 'header' | 'query' | 'cookie'; name: string; description?: string};

export type ParameterLocation = 'path' | 'query' | 'header' | 'cookie';

/**
 * How a parameter's value is written: `string`, `integer`, `number` and
 * `boolean` are single values; `array` a list of single values; `object` a
 * map; `json` a parameter given by `content` (sent as JSON text, not styled).
 */
export type ParameterKind = 'string' | 'integer' | 'number' | 'boolean' | 'array' | 'object' | 'json';

export interface ParameterModel {
  name: string;
  in: ParameterLocation;
  required: boolean;
  kind: ParameterKind;
  /** For `array`: the kind of its items. */
  itemKind?: ParameterKind;
  enum?: string[];
  format?: string;
  style?: string;
  explode?: boolean;
  description?: string;
  /**
   * The value the code samples send, present when they send the parameter
   * (path parameters always; others when they have an example or are
   * required). `placeholder` marks a made-up `<name>` value.
   */
  sample?: {value: unknown; placeholder?: boolean};
}

/** One field of a multipart/form-data or urlencoded body. */
export interface PartModel {
  name: string;
  required: boolean;
  /** A file (binary property, or an array of them when `multiple`). */
  file: boolean;
  multiple: boolean;
  /** A part whose value is JSON (an object or array property). */
  json: boolean;
  contentType?: string;
  description?: string;
  /** What the samples send: text values, or file names for file parts; absent when they leave the part out. */
  sample?: string[];
}

export type BodyModel =
  | {kind: 'text'; mimeType: string; required: boolean; json: boolean; sample?: string}
  | {
      kind: 'form';
      mimeType: 'multipart/form-data' | 'application/x-www-form-urlencoded';
      required: boolean;
      parts: PartModel[];
    };

export interface OperationModel {
  operationId: string;
  method: string;
  /** Path template as the reference shows it (`/api/document/{id}`). */
  path: string;
  summary?: string;
  /** Servers of the operation or its path item, when they differ from the spec's. */
  servers?: ServerModel[];
  parameters: ParameterModel[];
  body?: BodyModel;
  /** Security alternatives: each a list of scheme names used together; `[]` among them means none is needed. */
  security: string[][];
  /** Content type of the first 2xx response, sent as Accept. */
  responseType?: string;
}

/** What the console loads for one spec. */
export interface ApiRequestModel {
  specId: string;
  title: string;
  servers: ServerModel[];
  schemes: Record<string, SchemeModel>;
  /** By operationId. */
  operations: Record<string, OperationModel>;
}

// ---------------------------------------------------------------- request

export interface NameValue {
  name: string;
  value: string;
}

/** A form part with a value: text, or a file (`fileName`, and in the browser the `file` itself). */
export type FormPart<F = never> =
  | {name: string; value: string; contentType?: string}
  | {name: string; fileName: string; file?: F; contentType?: string};

export type RequestBody<F = never> = {mimeType: string; text: string} | {mimeType: string; parts: FormPart<F>[]};

/** A request, ready to be sent or written as code. */
export interface HttpRequest<F = never> {
  method: string;
  /** Server URL + path with its parameters, without query string. */
  baseUrl: string;
  query: NameValue[];
  headers: NameValue[];
  body?: RequestBody<F>;
}

/** A credential of one security scheme, as it is sent (`Bearer …`, `Basic …`, or the API key). */
export interface Credential {
  scheme: SchemeModel;
  value: string;
}

export interface RequestInput<F = never> {
  /** Server URL without trailing slash requirements (`https://host/base`). */
  server: string;
  /** Parameter values by `parameterKey`; a parameter without a value is not sent. */
  params: Record<string, unknown>;
  body?: RequestBody<F>;
  credentials: Credential[];
}

export const parameterKey = (param: Pick<ParameterModel, 'in' | 'name'>): string =>
  `${param.in}:${param.in === 'header' ? param.name.toLowerCase() : param.name}`;


/** Text of a single value; objects and arrays as compact JSON. */
export function primitiveText(value: unknown): string {
  if (typeof value === 'string') return value;
  if (value === null || value === undefined) return '';
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  return JSON.stringify(value);
}

function serializePath(param: ParameterModel, value: unknown): string {
  if (param.kind === 'json') return encodeURIComponent(primitiveText(value));
  const style = param.style ?? 'simple';
  const explode = param.explode === true;
  const prefix = style === 'label' ? '.' : style === 'matrix' ? `;${param.name}=` : '';
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

function serializeQuery(param: ParameterModel, value: unknown): NameValue[] {
  const name = param.name;
  if (param.kind === 'json') return [{name, value: primitiveText(value)}];
  const style = param.style ?? 'form';
  const explode = typeof param.explode === 'boolean' ? param.explode : style === 'form';
  if (Array.isArray(value)) {
    if (explode) return value.map((item) => ({name, value: primitiveText(item)}));
    const delimiter = style === 'spaceDelimited' ? ' ' : style === 'pipeDelimited' ? '|' : ',';
    return [{name, value: value.map(primitiveText).join(delimiter)}];
  }
  if (isObject(value)) {
    const entries = Object.entries(value);
    if (style === 'deepObject') {
      return entries.map(([key, item]) => ({name: `${name}[${key}]`, value: primitiveText(item)}));
    }
    if (explode) return entries.map(([key, item]) => ({name: key, value: primitiveText(item)}));
    return [{name, value: entries.flatMap(([key, item]) => [key, primitiveText(item)]).join(',')}];
  }
  return [{name, value: primitiveText(value)}];
}

function serializeHeader(param: ParameterModel, value: unknown): string {
  if (param.kind === 'json') return primitiveText(value);
  if (Array.isArray(value)) return value.map(primitiveText).join(',');
  if (isObject(value)) {
    const separator = param.explode === true ? '=' : ',';
    return Object.entries(value)
      .map(([key, item]) => `${key}${separator}${primitiveText(item)}`)
      .join(',');
  }
  return primitiveText(value);
}

/** A server URL that is a scheme alone, `https://`: see joinServerPath. */
const SCHEME_ALONE = /^[a-z][a-z\d+.-]*:\/\/$/i;

/** A server URL without its trailing slashes, except the two of a scheme alone. */
export const withoutTrailingSlash = (url: string): string => (SCHEME_ALONE.test(url) ? url : url.replace(/\/+$/, ''));

/** Server URL with its variables replaced (a variable without a value keeps its `{name}`), without trailing slash. */
export function serverUrl(server: ServerModel, values: Record<string, string> = {}): string {
  return withoutTrailingSlash(
    server.url.replace(/\{([^}]+)\}/g, (whole, name: string) => values[name] ?? server.variables[name]?.default ?? whole),
  );
}

/** Base64 of the UTF-8 bytes of a text (browser and Node). */
function base64(text: string): string {
  let binary = '';
  for (const byte of new TextEncoder().encode(text)) binary += String.fromCharCode(byte);
  return btoa(binary);
}

/** The credential text a reader's input makes for a scheme (token, key, or user and password). */
export function credentialValue(scheme: SchemeModel, input: {secret?: string; username?: string}): string {
  const secret = input.secret ?? '';
  if (scheme.kind === 'bearer') return `Bearer ${secret}`;
  if (scheme.kind === 'basic') return `Basic ${base64(`${input.username ?? ''}:${secret}`)}`;
  if (scheme.kind === 'http') return `${scheme.scheme} ${secret}`;
  return secret;
}

/** What the code samples show in place of a credential. */
export function placeholderCredential(scheme: SchemeModel): string {
  if (scheme.kind === 'bearer') return 'Bearer <token>';
  if (scheme.kind === 'basic') return 'Basic <base64 of user:password>';
  if (scheme.kind === 'http') return `${scheme.scheme} <credentials>`;
  return `<${scheme.name}>`;
}

/**
 * Builds the request: the server URL and the path with its parameters, the
 * query string, the headers (credentials first, then header parameters,
 * Accept, Content-Type and Cookie; a name already set is not repeated) and
 * the body.
 */
export function buildRequest<F = never>(operation: OperationModel, input: RequestInput<F>): HttpRequest<F> {
  const credentials = {headers: [] as NameValue[], query: [] as NameValue[], cookies: [] as NameValue[]};
  for (const {scheme, value} of input.credentials) {
    if (scheme.kind !== 'apiKey') credentials.headers.push({name: 'Authorization', value});
    else if (scheme.in === 'query') credentials.query.push({name: scheme.name, value});
    else if (scheme.in === 'cookie') credentials.cookies.push({name: scheme.name, value});
    else credentials.headers.push({name: scheme.name, value});
  }

  const valueOf = (param: ParameterModel): unknown => input.params[parameterKey(param)];
  let path = operation.path;
  for (const param of operation.parameters.filter((p) => p.in === 'path')) {
    const value = valueOf(param);
    if (value === undefined) continue;
    path = path.split(`{${param.name}}`).join(serializePath(param, value));
  }

  const query: NameValue[] = [];
  const headers: NameValue[] = [];
  const cookies: NameValue[] = [...credentials.cookies];
  const addHeader = (name: string, value: string): void => {
    if (!headers.some((header) => header.name.toLowerCase() === name.toLowerCase())) headers.push({name, value});
  };
  credentials.headers.forEach(({name, value}) => addHeader(name, value));

  for (const param of operation.parameters) {
    const value = valueOf(param);
    if (value === undefined) continue;
    if (param.in === 'query') query.push(...serializeQuery(param, value));
    else if (param.in === 'header') {
      if (!['content-type', 'accept'].includes(param.name.toLowerCase()))
        addHeader(param.name, serializeHeader(param, value));
    } else if (param.in === 'cookie') cookies.push({name: param.name, value: primitiveText(value)});
  }
  query.push(...credentials.query.filter((item) => !query.some((q) => q.name === item.name)));

  if (operation.responseType) addHeader('Accept', operation.responseType);
  if (input.body) addHeader('Content-Type', input.body.mimeType);
  if (cookies.length > 0) addHeader('Cookie', cookies.map(({name, value}) => `${name}=${value}`).join('; '));

  return {
    method: operation.method.toUpperCase(),
    baseUrl: joinServerPath(input.server, path),
    query,
    headers,
    ...(input.body ? {body: input.body} : {}),
  };
}

/**
 * A server URL and an operation's path joined. A server that is a scheme alone (`https://`: the address comes
 * from an earlier answer, e.g. a presigned upload URL) takes the path as its host: `https://<upload_url>`.
 */
export const joinServerPath = (server: string, path: string): string =>
  SCHEME_ALONE.test(server) ? server + path.replace(/^\/+/, '') : withoutTrailingSlash(server) + path;

/** `encodeURIComponent`, plus the sub-delimiters it leaves alone (RFC 3986). */
export const encodeQueryPart = (text: string): string =>
  encodeURIComponent(text).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);

/** The full URL of a request, with its query string. */
export function requestUrl(request: Pick<HttpRequest<unknown>, 'baseUrl' | 'query'>): string {
  const search = request.query.map(({name, value}) => `${encodeQueryPart(name)}=${encodeQueryPart(value)}`).join('&');
  return search ? `${request.baseUrl}?${search}` : request.baseUrl;
}

/** The urlencoded text of a form body's text parts. */
export const urlencoded = (parts: FormPart<unknown>[]): string =>
  parts
    .map((part) => `${encodeQueryPart(part.name)}=${encodeQueryPart('value' in part ? part.value : part.fileName)}`)
    .join('&');

const isMultipart = (mimeType: string): boolean => mimeType.toLowerCase().startsWith('multipart/form-data');

/** The request input with which the code samples send an operation (its examples, placeholder credentials). */
export function sampleInput(
  operation: OperationModel,
  schemes: Record<string, SchemeModel>,
  server: string,
): RequestInput {
  const params: Record<string, unknown> = {};
  for (const param of operation.parameters) if (param.sample) params[parameterKey(param)] = param.sample.value;
  const first = operation.security[0] ?? [];
  const credentials = first.flatMap((name) => {
    const scheme = schemes[name];
    return scheme ? [{scheme, value: placeholderCredential(scheme)}] : [];
  });
  return {server, params, credentials, ...(operation.body ? {body: sampleBody(operation.body)} : {})};
}

function sampleBody(body: BodyModel): RequestBody {
  if (body.kind === 'text') return {mimeType: body.mimeType, text: body.sample ?? ''};
  const parts = body.parts.flatMap((part): FormPart[] =>
    (part.sample ?? []).map((value) =>
      part.file
        ? {name: part.name, fileName: value, ...(part.contentType ? {contentType: part.contentType} : {})}
        : {name: part.name, value, ...(part.contentType ? {contentType: part.contentType} : {})},
    ),
  );
  return {mimeType: body.mimeType, parts};
}

// ------------------------------------------------------------------- curl

/** A word for a POSIX shell: single-quoted unless it is plainly safe. */
export function shellWord(text: string): string {
  if (/^[\w@%+=:,./-]+$/.test(text)) return text;
  return `'${text.replace(/'/g, `'\\''`)}'`;
}

/**
 * The curl command that sends a request, one option per line. `mask` names
 * headers and query parameters whose values are shown as `***` (credentials
 * on screen); the copy the reader takes leaves it out.
 */
export function curlCommand(request: HttpRequest<unknown>, mask: {headers?: string[]; query?: string[]} = {}): string {
  const maskedHeaders = new Set((mask.headers ?? []).map((name) => name.toLowerCase()));
  const maskedQuery = new Set(mask.query ?? []);
  const url = requestUrl({
    baseUrl: request.baseUrl,
    query: request.query.map(({name, value}) => ({name, value: maskedQuery.has(name) ? '***' : value})),
  });
  const lines = [`curl --request ${request.method.toUpperCase()}`, `--url ${shellWord(url)}`];
  const multipart = request.body !== undefined && isMultipart(request.body.mimeType);
  for (const {name, value} of request.headers) {
    if (multipart && name.toLowerCase() === 'content-type') continue; // curl writes it with the boundary
    const shown = maskedHeaders.has(name.toLowerCase()) ? maskedValue(name, value) : value;
    lines.push(`--header ${shellWord(`${name}: ${shown}`)}`);
  }
  const body = request.body;
  if (body && 'text' in body) lines.push(`--data-raw ${shellWord(body.text)}`);
  else if (body && multipart) {
    for (const part of body.parts) {
      const type = part.contentType ? `;type=${part.contentType}` : '';
      if ('fileName' in part) lines.push(`--form ${shellWord(`${part.name}=@${part.fileName}${type}`)}`);
      else if (/^[@<]/.test(part.value) || type) {
        // --form-string sends a value as it is (no @file or <file); a typed part needs --form.
        lines.push(
          type && !/^[@<]/.test(part.value)
            ? `--form ${shellWord(`${part.name}=${part.value}${type}`)}`
            : `--form-string ${shellWord(`${part.name}=${part.value}`)}`,
        );
      } else lines.push(`--form ${shellWord(`${part.name}=${part.value}`)}`);
    }
  } else if (body) lines.push(`--data-raw ${shellWord(urlencoded(body.parts))}`);
  return lines.join(' \\\n  ');
}

/** A masked credential keeps its scheme word (`Bearer ***`) so the reader sees which kind was sent. */
function maskedValue(name: string, value: string): string {
  const scheme = name.toLowerCase() === 'authorization' ? /^(\S+)\s/.exec(value)?.[1] : undefined;
  return scheme ? `${scheme} ***` : '***';
}
