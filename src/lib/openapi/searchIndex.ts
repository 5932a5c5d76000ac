/**
 * Build-time index of every API operation and schema for the navbar search
 * (src/components/ApiSearch). Compact on purpose: it is fetched by the
 * browser on the first focus of the search box.
 */

import {isObject, operationsOf, operationTag, type JsonObject as Json} from './document';
import {operationHref} from './urls';

export {operationHref};

export interface ApiSearchOperation {
  /** Index into ApiSearchIndex.specs. */
  s: number;
  method: string;
  path: string;
  summary: string;
  operationId: string;
  tag: string;
}

export interface ApiSearchSchema {
  s: number;
  name: string;
  /** Index into ApiSearchIndex.operations of the first operation that uses the schema. */
  op: number;
}

export interface ApiSearchIndex {
  specs: {id: string; label: string}[];
  operations: ApiSearchOperation[];
  schemas: ApiSearchSchema[];
}

export interface SpecInput {
  id: string;
  label: string;
  doc: Json;
}

/**
 * Names of the component schemas reachable from `node`, following $refs
 * through schemas, request bodies, responses and parameters.
 */
function schemasUsedBy(node: unknown, components: Json, found: Set<string>, seen = new Set<string>()): void {
  if (Array.isArray(node)) {
    for (const item of node) schemasUsedBy(item, components, found, seen);
    return;
  }
  if (!isObject(node)) return;
  for (const [key, value] of Object.entries(node)) {
    if (key !== '$ref') {
      schemasUsedBy(value, components, found, seen);
      continue;
    }
    if (typeof value !== 'string' || !value.startsWith('#/components/') || seen.has(value)) continue;
    seen.add(value);
    const [, , section, name] = value.split('/');
    if (section === 'schemas') found.add(name!);
    const group = components[section!];
    schemasUsedBy(isObject(group) ? group[name!] : undefined, components, found, seen);
  }
}

export function buildApiSearchIndex(specs: SpecInput[]): ApiSearchIndex {
  const index: ApiSearchIndex = {specs: specs.map(({id, label}) => ({id, label})), operations: [], schemas: []};
  specs.forEach(({doc}, s) => {
    const components = isObject(doc.components) ? doc.components : {};
    const firstUse = new Map<string, number>();
    for (const {path, method, operation: op, pathItem, operationId} of operationsOf(doc)) {
      if (operationId === undefined) continue;
      const opIndex = index.operations.length;
      index.operations.push({
        s,
        method: method.toUpperCase(),
        path,
        summary: typeof op.summary === 'string' ? op.summary : '',
        operationId,
        tag: operationTag(op),
      });
      const used = new Set<string>();
      schemasUsedBy([pathItem.parameters, op.parameters, op.requestBody, op.responses], components, used);
      for (const name of used) if (!firstUse.has(name)) firstUse.set(name, opIndex);
    }
    for (const [name, op] of [...firstUse].sort(([a], [b]) => a.localeCompare(b))) {
      index.schemas.push({s, name, op});
    }
  });
  return index;
}


export type ApiSearchHit =
  | {kind: 'operation'; op: ApiSearchOperation; href: string; service: string}
  | {kind: 'schema'; schema: ApiSearchSchema; op: ApiSearchOperation; href: string; service: string};

/**
 * Operations and schemas matching every word of the query (case-insensitive,
 * against operationId, method, path, summary, schema name), best first.
 */
export function searchApi(index: ApiSearchIndex, query: string, limit = 8): ApiSearchHit[] {
  const words = query.toLowerCase().split(/\s+/).filter(Boolean);
  if (words.length === 0) return [];
  const scored: {hit: ApiSearchHit; score: number}[] = [];
  const q = words.join(' ');
  for (const op of index.operations) {
    const haystack = `${op.operationId} ${op.method} ${op.path} ${op.summary}`.toLowerCase();
    if (!words.every((word) => haystack.includes(word))) continue;
    const id = op.operationId.toLowerCase();
    const score = id === q ? 0 : id.startsWith(q) ? 1 : op.path.toLowerCase().includes(q) ? 2 : id.includes(q) ? 3 : 4;
    const spec = index.specs[op.s]!;
    scored.push({hit: {kind: 'operation', op, href: operationHref(spec.id, op), service: spec.label}, score});
  }
  for (const schema of index.schemas) {
    const name = schema.name.toLowerCase();
    if (!words.every((word) => name.includes(word))) continue;
    const op = index.operations[schema.op]!;
    const spec = index.specs[schema.s]!;
    const score = name === q ? 0 : name.startsWith(q) ? 1.5 : 3.5;
    scored.push({hit: {kind: 'schema', schema, op, href: operationHref(spec.id, op), service: spec.label}, score});
  }
  return scored
    .sort((a, b) => a.score - b.score)
    .slice(0, limit)
    .map(({hit}) => hit);
}
