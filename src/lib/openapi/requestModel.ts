/**
 * The request model (request.ts) of every operation of an OpenAPI
 * 3 document, for the code samples and the Try it console. `$ref`s are
 * resolved with @redocly/openapi-core; a request body or a `content`
 * parameter without an example gets one from openapi-sampler with the options
 * Redoc uses for its request payload samples, so that the samples, the
 * console and the reference show the same values.
 */
import {sample} from 'openapi-sampler';
import {asArray, asObject, asString, isObject, operationsOf, type JsonObject, type OpenApiDoc} from './document';
import {resolveApi, type ResolvedApi} from './resolve';
import {SAMPLE_MAX_DEPTH} from './samples';
import {buildRequest, sampleInput, withoutTrailingSlash} from './request';
import type {
  ApiRequestModel,
  HttpRequest,
  BodyModel,
  OperationModel,
  ParameterKind,
  ParameterModel,
  PartModel,
  SchemeModel,
  ServerModel,
} from './request';

const objectOf = (api: ResolvedApi, value: unknown): JsonObject | undefined => asObject(api.deref(value));

/** `example`, else the first of `examples` (Example Objects). */
function explicitExample(api: ResolvedApi, holder: JsonObject): {value: unknown} | undefined {
  if (holder.example !== undefined) return {value: holder.example};
  for (const raw of Object.values(asObject(holder.examples) ?? {})) {
    const example = objectOf(api, raw);
    if (example && example.value !== undefined) return {value: example.value};
  }
  return undefined;
}

/** A request example made from a schema by openapi-sampler, as Redoc makes its request payload samples. */
function sampled(api: ResolvedApi, schema: unknown): unknown {
  if (!isObject(schema)) return undefined;
  return sample(
    schema,
    {skipReadOnly: true, quiet: true, maxSampleDepth: SAMPLE_MAX_DEPTH},
    api.doc,
  );
}

function kindOf(schema: JsonObject | undefined): ParameterKind {
  const type = Array.isArray(schema?.type) ? schema.type.find((t) => t !== 'null') : schema?.type;
  if (type === 'integer' || type === 'number' || type === 'boolean' || type === 'array' || type === 'object') {
    return type;
  }
  if (type === undefined && schema?.properties) return 'object';
  return 'string';
}

// ------------------------------------------------------------ parameters

function parameterModel(api: ResolvedApi, param: JsonObject): ParameterModel {
  const name = asString(param.name) ?? '';
  const location = asString(param.in) as ParameterModel['in'];
  const schema = objectOf(api, param.schema);
  const content = asObject(param.content);
  const model: ParameterModel = {
    name,
    in: location,
    required: param.required === true,
    kind: content ? 'json' : kindOf(schema),
  };
  if (model.kind === 'array') model.itemKind = kindOf(objectOf(api, schema?.items));
  const values = Array.isArray(schema?.enum) ? schema.enum : asArray(objectOf(api, schema?.items)?.enum);
  if (values.length > 0 && !content) model.enum = values.map(String);
  if (asString(schema?.format)) model.format = asString(schema?.format);
  if (asString(param.style)) model.style = asString(param.style);
  if (typeof param.explode === 'boolean') model.explode = param.explode;
  if (asString(param.description)) model.description = asString(param.description);

  const found = parameterValue(api, param, schema, content);
  const sent =
    location === 'path' ||
    (location === 'query' && (model.required || found.fromExample)) ||
    (location === 'header' && found.fromExample) ||
    (location === 'cookie' && (model.required || found.fromExample));
  if (sent) model.sample = found.placeholder ? {value: found.value, placeholder: true} : {value: found.value};
  return model;
}

interface FoundValue {
  value: unknown;
  /** From an example (not a default, an enum value or a placeholder). */
  fromExample: boolean;
  placeholder: boolean;
}

/** The parameter's example; else its schema's example, default or first enum value; else a `<name>` placeholder. */
function parameterValue(
  api: ResolvedApi,
  param: JsonObject,
  schema: JsonObject | undefined,
  content: JsonObject | undefined,
): FoundValue {
  const own = explicitExample(api, param);
  if (own) return {value: own.value, fromExample: true, placeholder: false};
  const media = content ? objectOf(api, Object.values(content)[0]) : undefined;
  if (media) {
    const example = explicitExample(api, media);
    const value = example ? example.value : sampled(api, media.schema);
    if (value !== undefined) return {value, fromExample: example !== undefined, placeholder: false};
  }
  if (schema) {
    if (schema.example !== undefined) return {value: schema.example, fromExample: true, placeholder: false};
    if (Array.isArray(schema.examples) && schema.examples.length > 0) {
      return {value: schema.examples[0], fromExample: true, placeholder: false};
    }
    if (schema.default !== undefined) return {value: schema.default, fromExample: false, placeholder: false};
    if (Array.isArray(schema.enum) && schema.enum.length > 0) {
      return {value: schema.enum[0], fromExample: false, placeholder: false};
    }
  }
  return {value: `<${asString(param.name) ?? ''}>`, fromExample: false, placeholder: true};
}

/** Path-level and operation-level parameters (the operation's win), `$ref`s resolved. */
export function operationParameters(api: ResolvedApi, pathItem: JsonObject, operation: JsonObject): JsonObject[] {
  const merged = new Map<string, JsonObject>();
  for (const raw of [...asArray(pathItem.parameters), ...asArray(operation.parameters)]) {
    const param = objectOf(api, raw);
    const name = asString(param?.name);
    const location = asString(param?.in);
    if (!param || !name || !location) continue;
    merged.set(`${location}:${location === 'header' ? name.toLowerCase() : name}`, param);
  }
  return [...merged.values()];
}

// ------------------------------------------------------------ request body

export function isJsonMime(mime: string): boolean {
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

const primitiveText = (value: unknown): string =>
  typeof value === 'string' ? value : value === null || value === undefined ? '' : String(value);

/**
 * The fields of a form body: those of the example first, in its order, with
 * the values the samples send; then the schema's other properties, which the
 * samples leave out.
 */
function formParts(api: ResolvedApi, media: JsonObject, multipart: boolean): PartModel[] {
  const schema = objectOf(api, media.schema);
  const example = explicitExample(api, media)?.value ?? sampled(api, schema);
  const properties = asObject(schema?.properties) ?? {};
  const required = new Set(asArray(schema?.required).map(String));
  const encoding = asObject(media.encoding) ?? {};
  const names = [...Object.keys(isObject(example) ? example : {})];
  for (const name of Object.keys(properties)) if (!names.includes(name)) names.push(name);
  return names.map((name) => {
    const propertySchema = objectOf(api, properties[name]);
    const itemSchema = objectOf(api, propertySchema?.items);
    const contentType = asString(asObject(encoding[name])?.contentType);
    const file = multipart && (isBinarySchema(propertySchema) || isBinarySchema(itemSchema));
    const inExample = isObject(example) && name in example;
    const value = inExample ? example[name] : undefined;
    const structured = (item: unknown): boolean => isObject(item) || Array.isArray(item);
    const kind = kindOf(propertySchema);
    const itemsStructured = ['object', 'array'].includes(kindOf(itemSchema));
    // An array of single values is sent as one part per value; anything else structured as one JSON part.
    const repeated = inExample
      ? Array.isArray(value) && !value.some(structured)
      : kind === 'array' && (file || !itemsStructured);
    const json = !file && !repeated && (inExample ? structured(value) : kind === 'object' || kind === 'array');
    const part: PartModel = {name, required: required.has(name), file, multiple: repeated, json: json && multipart};
    const partType = contentType ?? (json ? 'application/json' : undefined);
    if (multipart && partType) part.contentType = partType;
    if (asString(propertySchema?.description)) part.description = asString(propertySchema?.description);
    if (inExample) {
      const items = repeated && Array.isArray(value) ? value : [value];
      part.sample = items.map((item) =>
        file ? fileNameFrom(item) : structured(item) ? JSON.stringify(item) : primitiveText(item),
      );
    }
    return part;
  });
}

function isJsonText(text: string): boolean {
  try {
    JSON.parse(text);
    return /^\s*[[{]/.test(text);
  } catch {
    return false;
  }
}

function bodyModel(api: ResolvedApi, operation: JsonObject): BodyModel | undefined {
  const body = objectOf(api, operation.requestBody);
  const content = asObject(body?.content);
  if (!content) return undefined;
  const types = Object.keys(content);
  const mimeType =
    types.find((type) => type.toLowerCase() === 'application/json') ??
    types.find(isJsonMime) ??
    types.find((type) => type.toLowerCase().startsWith('multipart/form-data')) ??
    types.find((type) => type.toLowerCase() === 'application/x-www-form-urlencoded') ??
    types[0];
  const media = mimeType === undefined ? undefined : objectOf(api, content[mimeType]);
  if (mimeType === undefined || !media) return undefined;
  const required = body?.required === true;
  const lower = mimeType.toLowerCase();
  if (lower.startsWith('multipart/form-data')) {
    return {kind: 'form', mimeType: 'multipart/form-data', required, parts: formParts(api, media, true)};
  }
  const found = explicitExample(api, media);
  const example = found ? found.value : sampled(api, media.schema);
  if (lower === 'application/x-www-form-urlencoded' && (isObject(example) || example === undefined)) {
    return {kind: 'form', mimeType: 'application/x-www-form-urlencoded', required, parts: formParts(api, media, false)};
  }
  const json = isJsonMime(mimeType);
  const model: BodyModel = {kind: 'text', mimeType, required, json};
  if (example === undefined) return model;
  // A string example that is itself JSON text is the body as written (not a JSON string literal).
  if (json)
    model.sample = typeof example === 'string' && isJsonText(example) ? example : JSON.stringify(example, null, 2);
  else model.sample = typeof example === 'string' ? example : JSON.stringify(example, null, 2);
  return model;
}

function responseType(api: ResolvedApi, operation: JsonObject): string | undefined {
  const responses = asObject(operation.responses) ?? {};
  const code = Object.keys(responses).find((key) => /^2(?:\d\d|XX)$/i.test(key));
  const response = code === undefined ? undefined : objectOf(api, responses[code]);
  return Object.keys(asObject(response?.content) ?? {})[0];
}

// --------------------------------------------------- servers and security

function serverModels(api: ResolvedApi, value: unknown): ServerModel[] {
  return asArray(value).flatMap((raw) => {
    const server = objectOf(api, raw);
    const url = asString(server?.url);
    if (url === undefined) return [];
    const variables: ServerModel['variables'] = {};
    for (const [name, rawVariable] of Object.entries(asObject(server?.variables) ?? {})) {
      const variable = asObject(rawVariable) ?? {};
      variables[name] = {
        default: primitiveText(variable.default),
        ...(Array.isArray(variable.enum) ? {enum: variable.enum.map(String)} : {}),
        ...(asString(variable.description) ? {description: asString(variable.description)} : {}),
      };
    }
    const description = asString(server?.description);
    return [{url, variables, ...(description ? {description} : {})}];
  });
}

/**
 * The first server's URL with its variables' defaults: where the code samples
 * send their request. A relative URL is taken relative to http://localhost.
 */
export function sampleServerUrl(servers: ServerModel[]): string {
  const first = servers[0];
  let url = first?.url ?? '';
  url = url.replace(/\{([^}]+)\}/g, (whole, name: string) => first?.variables[name]?.default ?? whole);
  if (!/^[a-z][a-z0-9+.-]*:\/\//i.test(url)) {
    url = `http://localhost${url.startsWith('/') || url === '' ? '' : '/'}${url}`;
  }
  return withoutTrailingSlash(url);
}

function schemeModels(api: ResolvedApi): Record<string, SchemeModel> {
  const result: Record<string, SchemeModel> = {};
  const schemes = asObject(asObject(api.doc.components)?.securitySchemes) ?? {};
  for (const [name, raw] of Object.entries(schemes)) {
    const scheme = objectOf(api, raw);
    const type = asString(scheme?.type);
    const description = asString(scheme?.description);
    const extra = description ? {description} : {};
    if (type === 'http') {
      const httpScheme = asString(scheme?.scheme) ?? 'bearer';
      const lower = httpScheme.toLowerCase();
      result[name] =
        lower === 'bearer' || lower === 'basic'
          ? {kind: lower, ...extra}
          : {kind: 'http', scheme: httpScheme, ...extra};
    } else if (type === 'oauth2' || type === 'openIdConnect') {
      result[name] = {kind: 'bearer', ...extra};
    } else if (type === 'apiKey') {
      const location = asString(scheme?.in);
      result[name] = {
        kind: 'apiKey',
        in: location === 'query' || location === 'cookie' ? location : 'header',
        name: asString(scheme?.name) ?? name,
        ...extra,
      };
    }
  }
  return result;
}

function securityOf(api: ResolvedApi, operation: JsonObject, schemes: Record<string, SchemeModel>): string[][] {
  const requirements = Array.isArray(operation.security) ? operation.security : asArray(api.doc.security);
  return requirements.map((requirement) => Object.keys(asObject(requirement) ?? {}).filter((name) => name in schemes));
}

// ------------------------------------------------------------ operations

/** The path item and operation of `method path`. */
function findOperation(api: ResolvedApi, path: string, method: string): {pathItem: JsonObject; operation: JsonObject} {
  const pathItem = objectOf(api, asObject(api.doc.paths)?.[path]);
  const operation = asObject(pathItem?.[method.toLowerCase()]);
  if (!pathItem || !operation) throw new Error(`no operation ${method.toUpperCase()} ${path}`);
  return {pathItem, operation};
}

/** The request model of one operation. */
export function operationModel(api: ResolvedApi, path: string, method: string): OperationModel {
  const {pathItem, operation} = findOperation(api, path, method);
  const schemes = schemeModels(api);
  const model: OperationModel = {
    operationId: asString(operation.operationId) ?? `${method.toLowerCase()} ${path}`,
    method: method.toUpperCase(),
    path,
    parameters: operationParameters(api, pathItem, operation).map((param) => parameterModel(api, param)),
    security: securityOf(api, operation, schemes),
  };
  const summary = asString(operation.summary);
  if (summary) model.summary = summary;
  const own = serverModels(api, operation.servers);
  const servers = own.length > 0 ? own : serverModels(api, pathItem.servers);
  if (servers.length > 0) model.servers = servers;
  const body = bodyModel(api, operation);
  if (body) model.body = body;
  const accept = responseType(api, operation);
  if (accept) model.responseType = accept;
  return model;
}

/** The servers an operation is sent to: its own, else the spec's. */
export const operationServers = (api: ResolvedApi, operation: OperationModel): ServerModel[] =>
  operation.servers ?? specServers(api);

/** The spec's own servers (`servers` at the top), with their variables. */
export const specServers = (api: ResolvedApi): ServerModel[] => serverModels(api, api.doc.servers);

export const securitySchemes = schemeModels;

// ------------------------------------------- bodies whose fields are not documented

/**
 * What the samples send in place of a JSON body whose schema names no field: a placeholder that no
 * service mistakes for a request, where the spec's example (`{}`) would look like one that works.
 */
export const UNDOCUMENTED_BODY = '<JSON body: its fields are not documented>';

/** Whether a schema names fields: properties, variants or items, its own or those of an `allOf` part. */
function namesFields(api: ResolvedApi, value: unknown, seen = new Set<JsonObject>()): boolean {
  const schema = objectOf(api, value);
  if (!schema || seen.has(schema)) return false;
  seen.add(schema);
  if (schema.properties || schema.oneOf || schema.anyOf || schema.items || schema.type === 'array') return true;
  return asArray(schema.allOf).some((part) => namesFields(api, part, seen));
}

/**
 * Whether the body of the sample request of `method path` is the empty object of a JSON body whose
 * schema names no field (an open object): an example that cannot be a real request.
 */
export function isUndocumentedBody(api: ResolvedApi, path: string, method: string, request: HttpRequest): boolean {
  const body = request.body;
  if (!body || !('text' in body) || body.text.replace(/\s/g, '') !== '{}') return false;
  const {operation} = findOperation(api, path, method);
  const media = objectOf(api, asObject(objectOf(api, operation.requestBody)?.content)?.[body.mimeType]);
  return !namesFields(api, media?.schema);
}

/**
 * The request the code samples of `method path` send: the operation's request
 * model with its sample values and placeholder credentials, to the first
 * server. The curl, fetch and requests samples and the operation's Markdown
 * twin are all written from it. A JSON body whose schema names no field is
 * sent as the `UNDOCUMENTED_BODY` placeholder (`undocumentedBody` says so),
 * never as the `{}` of its example.
 */
export function sampleHttpRequest(
  api: ResolvedApi,
  path: string,
  method: string,
): {
  operation: OperationModel;
  request: HttpRequest;
  undocumentedBody: boolean;
} {
  const operation = operationModel(api, path, method);
  const server = sampleServerUrl(operationServers(api, operation));
  const request = buildRequest(operation, sampleInput(operation, schemeModels(api), server));
  const undocumentedBody = isUndocumentedBody(api, path, method, request);
  if (undocumentedBody && request.body) request.body = {mimeType: request.body.mimeType, text: UNDOCUMENTED_BODY};
  return {operation, request, undocumentedBody};
}

/** The request models of all operations of a spec, for the Try it console. */
export async function apiRequestModel(doc: OpenApiDoc, specId: string): Promise<ApiRequestModel> {
  const api = await resolveApi(doc);
  const operations: ApiRequestModel['operations'] = {};
  for (const {path, method} of operationsOf(api.doc, api.deref)) {
    const model = operationModel(api, path, method);
    if (operations[model.operationId]) throw new Error(`operationId ${model.operationId} is used twice in ${specId}`);
    operations[model.operationId] = model;
  }
  return {
    specId,
    title: asString(asObject(doc.info)?.title) ?? specId,
    servers: serverModels(api, doc.servers),
    schemes: schemeModels(api),
    operations,
  };
}
