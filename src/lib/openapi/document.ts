/**
 * The ground floor of everything that reads an OpenAPI 3 document: JSON
 * guards, the HTTP methods an operation can have, JSON pointers, and the walk
 * over a document's operations. Plain TypeScript without Node or DOM imports:
 * the build plugins, the browser code and the scripts under scripts/ all use
 * it, so each of these basics exists once.
 */

/** A parsed OpenAPI 3 document (only the fields read here are named). */
export interface OpenApiDoc {
  servers?: unknown;
  paths?: unknown;
  components?: unknown;
  security?: unknown;
  [key: string]: unknown;
}

export type JsonObject = {[key: string]: unknown};

export const isObject = (value: unknown): value is JsonObject =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
export const asObject = (value: unknown): JsonObject | undefined => (isObject(value) ? value : undefined);
export const asArray = (value: unknown): unknown[] => (Array.isArray(value) ? value : []);
export const asString = (value: unknown): string | undefined => (typeof value === 'string' ? value : undefined);

/** The fields of a path item that are operations (OpenAPI 3.0, in the specification's order). */
export const HTTP_METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'] as const;
export type HttpMethod = (typeof HTTP_METHODS)[number];

export const isHttpMethod = (value: string): value is HttpMethod => (HTTP_METHODS as readonly string[]).includes(value);

/** One segment of a JSON pointer, escaped (RFC 6901). */
export const escapePointer = (segment: string | number): string =>
  String(segment).replace(/~/g, '~0').replace(/\//g, '~1');

/** One segment of a JSON pointer in URI-fragment form (`$ref`'s), as the key it names. */
export const unescapePointer = (segment: string): string =>
  decodeURIComponent(segment).replace(/~1/g, '/').replace(/~0/g, '~');

/** A JSON pointer in URI-fragment form, `#/paths/~1api~1ping/get`. */
export const pointer = (...segments: readonly (string | number)[]): string =>
  segments.length === 0 ? '#' : `#/${segments.map(escapePointer).join('/')}`;

/** One operation of a document, where it sits, and the path item it belongs to. */
export interface OperationEntry {
  path: string;
  method: HttpMethod;
  operation: JsonObject;
  pathItem: JsonObject;
  /** JSON pointer of the operation, e.g. `#/paths/~1api~1ping/get`. */
  pointer: string;
  operationId?: string;
}

/**
 * Every operation of a document in file order (paths as written, methods in
 * HTTP_METHODS order). A path item that is a `$ref` is followed with `deref`
 * when one is given (the portal's specs have none).
 */
export function operationsOf(doc: unknown, deref: (value: unknown) => unknown = (value) => value): OperationEntry[] {
  const paths = asObject(asObject(doc)?.paths) ?? {};
  return Object.entries(paths).flatMap(([path, raw]) => {
    const pathItem = asObject(deref(raw));
    if (!pathItem) return [];
    return HTTP_METHODS.flatMap((method): OperationEntry[] => {
      const operation = asObject(pathItem[method]);
      if (!operation) return [];
      const entry: OperationEntry = {path, method, operation, pathItem, pointer: pointer('paths', path, method)};
      const operationId = asString(operation.operationId);
      if (operationId !== undefined) entry.operationId = operationId;
      return [entry];
    });
  });
}

/** The first tag of an operation, which Redoc files it under (`default` when it has none). */
export const operationTag = (operation: JsonObject): string => asString(asArray(operation.tags)[0]) ?? 'default';
