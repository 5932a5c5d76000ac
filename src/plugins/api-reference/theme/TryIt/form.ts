/**
 * The Try it console's form, without React: the fields an operation gets
 * (prefilled with the values its code samples send), their validation, and
 * the request they make (through request.ts, the builder the code samples use
 * too).
 */
import {
  buildRequest,
  credentialValue,
  parameterKey,
  primitiveText,
  serverUrl,
  type BodyModel,
  type Credential,
  type FormPart,
  type HttpRequest,
  type OperationModel,
  type ParameterModel,
  type PartModel,
  type SchemeModel,
  type ServerModel,
} from '../../../../lib/openapi/request';

/** What `npm run mock -- <service>` serves (scripts/mock.mjs, default host and port). */
export const MOCK_URL = 'http://127.0.0.1:4010';

// ---------------------------------------------------------------- server

export type ServerChoice =
  {kind: 'mock'} | {kind: 'spec'; index: number; variables: Record<string, string>} | {kind: 'custom'; url: string};

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** A remembered server choice, if it still fits the spec's servers; else the local mock. */
export function serverChoiceFrom(stored: unknown, servers: ServerModel[]): ServerChoice {
  if (!isRecord(stored)) return {kind: 'mock'};
  if (stored.kind === 'custom' && typeof stored.url === 'string') return {kind: 'custom', url: stored.url};
  if (stored.kind === 'spec' && typeof stored.index === 'number' && servers[stored.index]) {
    const server = servers[stored.index]!;
    const saved = isRecord(stored.variables) ? stored.variables : {};
    const variables = Object.fromEntries(
      Object.entries(server.variables).map(([name, variable]) => [
        name,
        typeof saved[name] === 'string' ? saved[name] : variable.default,
      ]),
    );
    return {kind: 'spec', index: stored.index, variables};
  }
  return {kind: 'mock'};
}

/** A spec server chosen with its variables at their defaults. */
export function specServerChoice(servers: ServerModel[], index: number): ServerChoice {
  const server = servers[index];
  const variables = Object.fromEntries(
    Object.entries(server?.variables ?? {}).map(([name, variable]) => [name, variable.default]),
  );
  return {kind: 'spec', index, variables};
}

export type Errors = Record<string, string>;

/** Field ids of the server part of the form (for error messages). */
export const SERVER_URL_FIELD = 'server-url';
export const serverVariableField = (name: string): string => `server-variable:${name}`;

/** The base URL the choice stands for, or errors naming the fields to fix. */
export function resolveServer(choice: ServerChoice, servers: ServerModel[]): {url: string} | {errors: Errors} {
  if (choice.kind === 'mock') return {url: MOCK_URL};
  if (choice.kind === 'custom') {
    const text = choice.url.trim();
    let url: URL | undefined;
    try {
      url = new URL(text);
    } catch {
      url = undefined;
    }
    if (!url || !['http:', 'https:'].includes(url.protocol)) {
      return {
        errors: {
          [SERVER_URL_FIELD]: text
            ? 'Enter the address of your installation, starting with http:// or https://.'
            : 'Required: the address of your installation, for example https://signing.example.com.',
        },
      };
    }
    if (url.search || url.hash) {
      return {errors: {[SERVER_URL_FIELD]: 'Leave out the query string and the # part: only the base address.'}};
    }
    return {url: text.replace(/\/+$/, '')};
  }
  const server = servers[choice.index];
  if (!server) return {url: MOCK_URL};
  const errors: Errors = {};
  for (const name of Object.keys(server.variables)) {
    if (!(choice.variables[name] ?? '').trim())
      errors[serverVariableField(name)] = `Required: the ${name} of the server.`;
  }
  if (Object.keys(errors).length > 0) return {errors};
  return {url: serverUrl(server, choice.variables)};
}

// ------------------------------------------------------------------ state

export interface CredentialInput {
  secret: string;
  username: string;
}

export interface FormState<F = File> {
  /** Text of each parameter field, by parameterKey. */
  params: Record<string, string>;
  /** Text of a text body. */
  body: string;
  /** Text of each non-file part of a form body, by part name. */
  parts: Record<string, string>;
  /** Files chosen for each file part. */
  files: Record<string, F[]>;
  credentials: Record<string, CredentialInput>;
}

/** A parameter's value as the text of its field: one line per item for arrays, JSON for objects. */
export function fieldText(param: ParameterModel, value: unknown): string {
  if (param.kind === 'array') return Array.isArray(value) ? value.map(primitiveText).join('\n') : primitiveText(value);
  if (param.kind === 'object' || param.kind === 'json') return primitiveText(value);
  return primitiveText(value);
}

/** The fields of an operation, prefilled with the values its code samples send (placeholders stay empty). */
export function initialState<F = File>(operation: OperationModel): FormState<F> {
  const params: Record<string, string> = {};
  for (const param of operation.parameters) {
    params[parameterKey(param)] = param.sample && !param.sample.placeholder ? fieldText(param, param.sample.value) : '';
  }
  const parts: Record<string, string> = {};
  const body = operation.body;
  if (body?.kind === 'form') {
    for (const part of body.parts) if (!part.file) parts[part.name] = (part.sample ?? []).join('\n');
  }
  return {
    params,
    body: body?.kind === 'text' ? (body.sample ?? '') : '',
    parts,
    files: {},
    credentials: {},
  };
}

// ------------------------------------------------------------- validation

export const paramField = (param: Pick<ParameterModel, 'in' | 'name'>): string => `param:${parameterKey(param)}`;
export const BODY_FIELD = 'body';
export const partField = (part: Pick<PartModel, 'name'>): string => `part:${part.name}`;

const REQUIRED = 'Required.';

function parseSingle(kind: ParameterModel['kind'], text: string): {value: unknown} | {error: string} {
  if (kind === 'integer' && !/^[+-]?\d+$/.test(text.trim())) return {error: 'Enter a whole number.'};
  if (kind === 'number' && (text.trim() === '' || !Number.isFinite(Number(text)))) return {error: 'Enter a number.'};
  if (kind === 'boolean' && !['true', 'false'].includes(text.trim())) return {error: 'Enter true or false.'};
  return {value: kind === 'integer' || kind === 'number' || kind === 'boolean' ? text.trim() : text};
}

/** The value a parameter field's text gives, `undefined` for an empty optional field, or an error message. */
export function parameterValue(param: ParameterModel, text: string): {value: unknown} | {error: string} {
  if (text.trim() === '') return param.required ? {error: REQUIRED} : {value: undefined};
  if (param.kind === 'array') {
    const items = text.split(/\r?\n/).filter((line) => line.trim() !== '');
    const values: unknown[] = [];
    for (const item of items) {
      const parsed = parseSingle(param.itemKind ?? 'string', item);
      if ('error' in parsed) return {error: `${item.trim()}: ${parsed.error}`};
      values.push(parsed.value);
    }
    return {value: values};
  }
  if (param.kind === 'object' || param.kind === 'json') {
    let parsed: unknown;
    try {
      parsed = JSON.parse(text);
    } catch (error) {
      return {error: `Not valid JSON: ${error instanceof Error ? error.message : String(error)}`};
    }
    if (param.kind === 'object') {
      if (!isRecord(parsed)) return {error: 'Enter a JSON object, for example {"key": "value"}.'};
      return {value: parsed};
    }
    return {value: text};
  }
  return parseSingle(param.kind, text);
}

function jsonError(text: string): string | undefined {
  try {
    JSON.parse(text);
    return undefined;
  } catch (error) {
    return `Not valid JSON: ${error instanceof Error ? error.message : String(error)}`;
  }
}

function bodyFrom<F extends {name: string}>(
  body: BodyModel,
  state: FormState<F>,
  errors: Errors,
): {mimeType: string; text: string} | {mimeType: string; parts: FormPart<F>[]} | undefined {
  if (body.kind === 'text') {
    if (state.body.trim() === '') {
      if (body.required) errors[BODY_FIELD] = REQUIRED;
      return undefined;
    }
    const problem = body.json ? jsonError(state.body) : undefined;
    if (problem) errors[BODY_FIELD] = problem;
    return {mimeType: body.mimeType, text: state.body};
  }
  const parts: FormPart<F>[] = [];
  for (const part of body.parts) {
    const typed = part.contentType ? {contentType: part.contentType} : {};
    if (part.file) {
      const files = state.files[part.name] ?? [];
      if (files.length === 0 && part.required) errors[partField(part)] = 'Choose a file.';
      for (const file of files) parts.push({name: part.name, fileName: file.name, file, ...typed});
      continue;
    }
    const text = state.parts[part.name] ?? '';
    if (text.trim() === '') {
      if (part.required) errors[partField(part)] = REQUIRED;
      continue;
    }
    if (part.json) {
      const problem = jsonError(text);
      if (problem) errors[partField(part)] = problem;
    }
    const values = part.multiple ? text.split(/\r?\n/).filter((line) => line.trim() !== '') : [text];
    for (const value of values) parts.push({name: part.name, value, ...typed});
  }
  if (parts.length === 0 && !body.required) return undefined;
  return {mimeType: body.mimeType, parts};
}

/** Names of the security schemes an operation can use, in the order of its requirements. */
export function schemesOf(operation: OperationModel): string[] {
  return [...new Set(operation.security.flat())];
}

/** Whether the operation can be called without credentials. */
export const credentialsOptional = (operation: OperationModel): boolean =>
  operation.security.length === 0 || operation.security.some((requirement) => requirement.length === 0);

/** The credentials the reader filled in, for the schemes the operation uses. */
export function credentialsFrom(
  operation: OperationModel,
  schemes: Record<string, SchemeModel>,
  inputs: Record<string, CredentialInput>,
): Credential[] {
  return schemesOf(operation).flatMap((name) => {
    const scheme = schemes[name];
    const input = inputs[name];
    if (!scheme || !input) return [];
    const filled = scheme.kind === 'basic' ? input.username !== '' || input.secret !== '' : input.secret !== '';
    return filled ? [{scheme, value: credentialValue(scheme, input)}] : [];
  });
}

/** Header and query names that carry the given credentials (shown masked in the curl line). */
export function credentialNames(credentials: Credential[]): {headers: string[]; query: string[]} {
  const headers: string[] = [];
  const query: string[] = [];
  for (const {scheme} of credentials) {
    if (scheme.kind !== 'apiKey') headers.push('Authorization');
    else if (scheme.in === 'query') query.push(scheme.name);
    else if (scheme.in === 'cookie') headers.push('Cookie');
    else headers.push(scheme.name);
  }
  return {headers, query};
}

export type Prepared<F> = {errors: Errors} | {request: HttpRequest<F>; credentials: Credential[]};

/**
 * Validates the fields and builds the request. Any error (a required field
 * left empty, a number that is not one, JSON that does not parse, a server
 * address missing) gives the messages by field id and no request.
 */
export function prepareRequest<F extends {name: string}>(
  operation: OperationModel,
  schemes: Record<string, SchemeModel>,
  state: FormState<F>,
  server: {url: string} | {errors: Errors},
): Prepared<F> {
  const errors: Errors = 'errors' in server ? {...server.errors} : {};
  const params: Record<string, unknown> = {};
  for (const param of operation.parameters) {
    const parsed = parameterValue(param, state.params[parameterKey(param)] ?? '');
    if ('error' in parsed) errors[paramField(param)] = parsed.error;
    else if (parsed.value !== undefined) params[parameterKey(param)] = parsed.value;
  }
  const body = operation.body ? bodyFrom(operation.body, state, errors) : undefined;
  if (Object.keys(errors).length > 0 || 'errors' in server) return {errors};
  const credentials = credentialsFrom(operation, schemes, state.credentials);
  const request = buildRequest<F>(operation, {server: server.url, params, credentials, ...(body ? {body} : {})});
  return {request, credentials};
}
