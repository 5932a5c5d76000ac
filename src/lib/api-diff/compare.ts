/**
 * The API change report of one OpenAPI document: which operations a change
 * added, removed or changed, and which changes break a client.
 *
 * The comparison is api-smart-diff's (`apiCompare`, OpenAPI 3 rules, $refs
 * resolved). On top of its classification the portal treats as breaking
 * what issue 15 names, where the library calls it compatible:
 * - a response field that is removed or renamed (the library leaves response
 *   fields to "non-breaking"),
 * - a changed type in a response,
 * - an enum that drops a value, in a request or a response,
 * - a new required parameter of any kind (the library leaves a new required
 *   header "unclassified"),
 * - a changed operationId: the API pages' anchors (#operation/<operationId>),
 *   links from integration guides and generated clients use it.
 * Everything the library already calls breaking (removed operation or path,
 * removed status code, parameter or request field that became required, new
 * required parameter, changed request type ...) stays breaking.
 */
import {apiCompare, type Diff} from 'api-smart-diff';
import {isHttpMethod, isObject, operationsOf as walkOperations, pointer} from '../openapi/document';
import {lenientDeref} from '../openapi/resolve';

export type ChangeKind = 'breaking' | 'non-breaking' | 'deprecated' | 'annotation' | 'unclassified';

export interface Change {
  kind: ChangeKind;
  /** What changed, in words. */
  description: string;
  /** JSON pointer of the change inside the operation (or the document, for changes outside operations). */
  pointer: string;
}

export interface OperationRef {
  method: string;
  path: string;
  operationId?: string;
}

export interface OperationChanges extends OperationRef {
  changes: Change[];
}

export interface SpecReport {
  /** Path of the file, relative to the repository root (`openapi/<service>.yaml`). */
  file: string;
  /** The file name without folder and extension. */
  service: string;
  /** The file exists only in the working tree, or only at the compared ref. */
  status: 'added' | 'removed' | 'present';
  added: OperationRef[];
  removed: OperationRef[];
  changed: OperationChanges[];
  /** Changes outside any operation (info, servers, security schemes ...); schema components are reported where operations use them. */
  other: Change[];
}

const toPointer = (segments: readonly (string | number)[]): string => pointer(...segments);

/** Every operation of a document, keyed `METHOD path`. */
export function operationsOf(doc: unknown): Map<string, OperationRef> {
  const operations = new Map<string, OperationRef>();
  for (const {method, path, operationId} of walkOperations(doc)) {
    operations.set(operationKey(method, path), {method: method.toUpperCase(), path, operationId});
  }
  return operations;
}

const operationKey = (method: string, path: string): string => `${method.toUpperCase()} ${path}`;

/** The same value in JSON terms (key order ignored). */
function sameValue(a: unknown, b: unknown): boolean {
  if (Array.isArray(a) && Array.isArray(b)) return a.length === b.length && a.every((v, i) => sameValue(v, b[i]));
  if (isObject(a) && isObject(b)) {
    const keys = Object.keys(a);
    return keys.length === Object.keys(b).length && keys.every((k) => k in b && sameValue(a[k], b[k]));
  }
  return a === b;
}

const PAST = {add: 'added', remove: 'removed', replace: 'replaced', rename: 'renamed'} as const;

/** The library's words for a change, or (where it has none) what happened where. */
const cleanDescription = (diff: Diff): string =>
  diff.description !== undefined && diff.description.trim() !== ''
    ? diff.description.replace(/^\[(\w+)\]/, (_, word: string) => word.toLowerCase())
    : `${PAST[diff.action]} ${diff.path.slice(-2).join('.')}`;

/** A document and its `$ref` follower (src/lib/openapi/resolve.ts). */
interface Resolved {
  doc: unknown;
  deref: (value: unknown) => unknown;
}

async function resolved(doc: unknown): Promise<Resolved> {
  return {doc, deref: isObject(doc) ? await lenientDeref(doc) : (value) => value};
}

/** The value at a diff's path, following $refs on the way (the library's paths run through them). */
function valueAt({doc, deref: resolve}: Resolved, segments: readonly (string | number)[]): unknown {
  let node = resolve(doc);
  for (const segment of segments) {
    if (Array.isArray(node) && typeof segment === 'number') node = resolve(node[segment]);
    else if (isObject(node)) node = resolve(node[String(segment)]);
    else return undefined;
  }
  return node;
}

/** Enum values that `before` has at the diff's enum and `after` does not. */
function droppedEnumValues(diff: Diff, before: Resolved, after: Resolved): unknown[] {
  const enumPath = diff.path.slice(0, -1);
  const old = valueAt(before, enumPath);
  const now = valueAt(after, enumPath);
  // No enum before, or none after (the constraint is gone, every value is allowed): nothing dropped.
  if (!Array.isArray(old) || !Array.isArray(now)) return [];
  return old.filter((value) => !now.some((k) => sameValue(k, value)));
}

/** A parameter added or removed as a whole, in words (the library's words call every such parameter required). */
function parameterDescription(diff: Diff): string | undefined {
  const parameter: unknown = diff.action === 'add' ? diff.after : diff.before;
  if (!isObject(parameter) || typeof parameter.name !== 'string' || typeof parameter.in !== 'string') return undefined;
  const verb = diff.action === 'add' ? 'added' : 'removed';
  return `${verb} ${parameter.required === true ? 'required' : 'optional'} ${parameter.in} parameter \`${parameter.name}\``;
}

/**
 * The portal's classification of one library diff inside an operation
 * (`rest` is the diff's path below `paths/<path>/<method>`); undefined keeps
 * the library's own.
 */
function portalRule(
  diff: Diff,
  rest: readonly (string | number)[],
  before: Resolved,
  after: Resolved,
): {kind: ChangeKind; why: string} | undefined {
  const inResponse = rest[0] === 'responses';
  const last = rest[rest.length - 1];
  const parent = rest[rest.length - 2];
  if (inResponse && diff.action === 'remove' && parent === 'properties') {
    return {kind: 'breaking', why: 'a client may read this response field'};
  }
  if (inResponse && diff.action === 'replace' && last === 'type') {
    return {kind: 'breaking', why: 'the response field changed its type'};
  }
  if (parent === 'enum' || last === 'enum') {
    const dropped = droppedEnumValues(last === 'enum' ? {...diff, path: [...diff.path, 0]} : diff, before, after);
    if (dropped.length > 0) {
      return {kind: 'breaking', why: `the enum no longer has ${dropped.map((v) => JSON.stringify(v)).join(', ')}`};
    }
  }
  if (rest[0] === 'parameters' && rest.length === 2 && diff.action === 'add' && isObject(diff.after)) {
    if (diff.after.required === true) return {kind: 'breaking', why: 'clients must now send it'};
  }
  if (rest.length === 1 && last === 'operationId' && diff.action === 'replace') {
    return {kind: 'breaking', why: 'API page anchors, links from guides and generated clients use the operationId'};
  }
  return undefined;
}

/**
 * Pairs a removed field with a field added next to it that has the same
 * schema: a rename, reported once.
 */
function findRenames(diffs: readonly Diff[]): Map<Diff, Diff> {
  const renames = new Map<Diff, Diff>();
  const used = new Set<Diff>();
  for (const removed of diffs) {
    if (removed.action !== 'remove' || removed.path[removed.path.length - 2] !== 'properties') continue;
    const parent = toPointer(removed.path.slice(0, -1));
    const added = diffs.find(
      (d) =>
        d.action === 'add' &&
        !used.has(d) &&
        d.path[d.path.length - 2] === 'properties' &&
        toPointer(d.path.slice(0, -1)) === parent &&
        sameValue(d.after, removed.before),
    );
    if (added) {
      renames.set(removed, added);
      used.add(added);
    }
  }
  return renames;
}

/** Compares two versions of one OpenAPI document (bundled, parsed). A missing side is `undefined`. */
export async function compareSpec(file: string, before: unknown, after: unknown): Promise<SpecReport> {
  const service = file.replace(/^.*\//, '').replace(/\.(ya?ml|json)$/, '');
  const status = before === undefined ? 'added' : after === undefined ? 'removed' : 'present';
  const beforeOps = operationsOf(before);
  const afterOps = operationsOf(after);
  const report: SpecReport = {file, service, status, added: [], removed: [], changed: [], other: []};
  for (const [key, op] of afterOps) if (!beforeOps.has(key)) report.added.push(op);
  for (const [key, op] of beforeOps) if (!afterOps.has(key)) report.removed.push(op);
  if (before === undefined || after === undefined) return report;

  const {diffs} = apiCompare(before, after);
  const [resolvedBefore, resolvedAfter] = await Promise.all([resolved(before), resolved(after)]);
  const renames = findRenames(diffs);
  const renamedTo = new Set(renames.values());
  const changed = new Map<string, OperationChanges>();
  const addTo = (key: string, change: Change) => {
    const op = afterOps.get(key) ?? beforeOps.get(key);
    if (!op || !beforeOps.has(key) || !afterOps.has(key)) return; // added or removed as a whole
    const entry = changed.get(key) ?? {...op, changes: []};
    if (!entry.changes.some((c) => c.pointer === change.pointer && c.description === change.description)) {
      entry.changes.push(change);
    }
    changed.set(key, entry);
  };

  for (const diff of diffs) {
    if (renamedTo.has(diff)) continue;
    const [root, path, method, ...rest] = diff.path;
    if (root === 'components' && diff.path[1] !== 'securitySchemes') continue; // seen through the operations that use them
    if (root !== 'paths' || typeof path !== 'string') {
      report.other.push({kind: diff.type, description: cleanDescription(diff), pointer: toPointer(diff.path)});
      continue;
    }
    if (method === undefined) continue; // a whole path added or removed: its operations are listed
    let description =
      (rest.length === 2 && rest[0] === 'parameters') || (method === 'parameters' && rest.length === 0)
        ? (parameterDescription(diff) ?? cleanDescription(diff))
        : cleanDescription(diff);
    const rename = renames.get(diff);
    if (rename) {
      description = `renamed field \`${String(diff.path[diff.path.length - 1])}\` to \`${String(rename.path[rename.path.length - 1])}\` (${toPointer(diff.path.slice(3, -1))})`;
    }
    if (typeof method === 'string' && isHttpMethod(method)) {
      const rule = portalRule(diff, rest, resolvedBefore, resolvedAfter);
      const change: Change = {
        kind: rule?.kind ?? diff.type,
        description: rule ? `${description}: ${rule.why}` : description,
        pointer: toPointer(rest),
      };
      addTo(operationKey(method, path), change);
    } else {
      // Path-level parameters, servers or summary: every operation of the path is affected.
      const change: Change = {kind: diff.type, description, pointer: toPointer(diff.path.slice(2))};
      for (const [key, op] of afterOps) if (op.path === path) addTo(key, change);
    }
  }
  report.changed = [...changed.values()];
  return report;
}

/** Every breaking change of a report, each naming file, path, method and operationId. */
export function breakingChanges(report: SpecReport): string[] {
  const name = (op: OperationRef) => `${report.file} ${op.method} ${op.path} (${op.operationId ?? 'no operationId'})`;
  return [
    ...report.removed.map((op) => `${name(op)}: operation removed`),
    ...report.changed.flatMap((op) =>
      op.changes.filter((c) => c.kind === 'breaking').map((c) => `${name(op)}: ${c.description}`),
    ),
    ...report.other.filter((c) => c.kind === 'breaking').map((c) => `${report.file} ${c.pointer}: ${c.description}`),
  ];
}

export const hasChanges = (report: SpecReport): boolean =>
  report.added.length + report.removed.length + report.changed.length + report.other.length > 0 ||
  report.status !== 'present';
