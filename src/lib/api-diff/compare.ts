/**
 * The API change report of one OpenAPI document: which operations a change
 * added, removed or changed, and which changes break a client.
 *
 * The comparison is api-smart-diff's (`apiCompare`, OpenAPI 3 rules) on the
 * two documents with every `$ref` inlined (src/lib/openapi/resolve.ts finds
 * the targets; a reference met again inside itself stays a `$ref`, so cycles
 * end) and `allOf` merged: a field that becomes required inside a referenced
 * schema, or a schema swapped for another that requires more, is seen as
 * what it is, not as "replaced $ref". On top of the library's classification
 * the portal treats as breaking, where the library calls it compatible:
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
 *
 * An operation whose path template is replaced by other templates that still
 * match every URL it matched (one concrete path per documented value of a
 * path parameter, or a path parameter renamed) is not removed: it is reported
 * as moved, and each new operation is compared with the old one.
 * handbook/api-changes.md states the rule.
 *
 * Each change is said in one sentence (./describe.ts).
 */
import {apiCompare, type Diff} from 'api-smart-diff';
import {
  asArray,
  asObject,
  isHttpMethod,
  isObject,
  operationsOf as walkOperations,
  pointer,
  type JsonObject,
} from '../openapi/document';
import {lenientDeref} from '../openapi/resolve';
import {
  describeDocumentChange,
  describeOperationChange,
  describePathChange,
  describeRename,
  lowerFirst,
  type Described,
  type Segment,
  type ValueAt,
} from './describe';

export type ChangeKind = 'breaking' | 'non-breaking' | 'deprecated' | 'annotation' | 'unclassified';

export interface Change {
  kind: ChangeKind;
  /** What changed, in one sentence an integrator understands. */
  description: string;
  /** For a breaking change: what it means for a client built against the version before. */
  explanation?: string;
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

/**
 * An operation whose path template other templates replaced while every URL
 * it matched (with the values its spec documents) is still matched.
 */
export interface MovedOperation {
  from: OperationRef;
  to: OperationRef[];
  /** What happened, in one sentence. */
  description: string;
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
  /** Operations documented under other path templates that still match the same URLs (not breaking by themselves). */
  moved: MovedOperation[];
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

/** A document with its `$ref` follower (src/lib/openapi/resolve.ts). */
interface Resolved {
  doc: unknown;
  deref: (value: unknown) => unknown;
}

/**
 * A copy of a schema whose `allOf` parts (already inlined) are merged into
 * it: properties and required fields joined, other keys taken from the first
 * part that has them. A client sees the merged schema, so the diff compares it.
 */
function mergeAllOf(node: JsonObject): JsonObject {
  const parts = node.allOf;
  if (!Array.isArray(parts) || !parts.every((part) => isObject(part) && typeof part.$ref !== 'string')) return node;
  const merged: JsonObject = {...node};
  delete merged.allOf;
  for (const part of parts as JsonObject[]) {
    for (const [key, value] of Object.entries(part)) {
      if (key === 'properties' && isObject(value)) merged.properties = {...asObject(merged.properties), ...value};
      else if (key === 'required' && Array.isArray(value)) {
        merged.required = [...new Set([...asArray(merged.required), ...(value as unknown[])])];
      } else if (!(key in merged)) merged[key] = value;
    }
  }
  return merged;
}

/**
 * The document with every `$ref` outside `components` replaced by a copy of
 * its target (components stay as written: their changes are reported where
 * operations use them). A reference met again while its own target is being
 * inlined stays a `$ref`, which ends a cycle; both versions end it at the same
 * place, so an unchanged cycle compares equal. A reference that does not
 * resolve stays as written.
 */
export function inlineRefs(doc: unknown, deref: (value: unknown) => unknown): unknown {
  if (!isObject(doc)) return doc;
  const memo = new Map<string, unknown>();
  const walk = (node: unknown, stack: readonly string[]): {value: unknown; cyclic: boolean} => {
    if (Array.isArray(node)) {
      let cyclic = false;
      const value = node.map((item) => {
        const result = walk(item, stack);
        cyclic ||= result.cyclic;
        return result.value;
      });
      return {value, cyclic};
    }
    if (!isObject(node)) return {value: node, cyclic: false};
    const ref = node.$ref;
    if (typeof ref === 'string') {
      if (stack.includes(ref)) return {value: {$ref: ref}, cyclic: true};
      if (memo.has(ref)) return {value: memo.get(ref), cyclic: false};
      const target = deref({$ref: ref});
      if (target === undefined || target === node) return {value: node, cyclic: false};
      const result = walk(target, [...stack, ref]);
      // Only a copy that does not depend on where the walk came from may be reused.
      if (!result.cyclic) memo.set(ref, result.value);
      return result;
    }
    let cyclic = false;
    const value: JsonObject = {};
    for (const [key, item] of Object.entries(node)) {
      const result = walk(item, stack);
      cyclic ||= result.cyclic;
      value[key] = result.value;
    }
    return {value: mergeAllOf(value), cyclic};
  };
  const copy: JsonObject = {};
  for (const [key, value] of Object.entries(doc)) copy[key] = key === 'components' ? value : walk(value, []).value;
  return copy;
}

async function resolved(doc: unknown): Promise<Resolved> {
  if (!isObject(doc)) return {doc, deref: (value) => value};
  const deref = await lenientDeref(doc);
  return {doc: inlineRefs(doc, deref), deref};
}

/** The value at a diff's path, following $refs on the way (cycle ends and components keep theirs). */
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

/** What a breaking change means for a client, in one sentence, for the kinds the engine knows. */
function explain(diff: Diff, rest: readonly Segment[], inResponse: boolean): string {
  const last = rest[rest.length - 1];
  const parent = rest[rest.length - 2];
  if (last === 'operationId') {
    return 'Links to the old anchor of this operation, and clients generated from the spec that call it by its old name, stop working.';
  }
  if (rest[0] === 'responses' && rest.length === 2 && diff.action === 'remove') {
    return 'A client that handles this answer no longer receives it.';
  }
  if (parent === 'required' || last === 'required' || (rest[0] === 'parameters' && diff.action === 'add')) {
    return 'Requests that leave it out, as clients of the version before may, are now refused (typically with 400).';
  }
  if (parent === 'enum' || last === 'enum') {
    return inResponse
      ? 'A client that expects this value no longer receives it.'
      : 'Requests that send this value are now refused.';
  }
  if (last === 'type') {
    return inResponse
      ? 'A client that parses the old type may fail on the answer.'
      : 'Requests that send the old type may be refused.';
  }
  if (parent === 'properties' && diff.action === 'remove') {
    return inResponse
      ? 'A client that reads this field gets nothing.'
      : 'Requests that still send this field may be refused or the value ignored.';
  }
  if (rest[0] === 'parameters' && diff.action === 'remove') return 'Requests that still send it may be refused.';
  if (rest[0] === 'security') return 'Requests with the credentials of the version before may be refused.';
  return 'A client built against the version before may send requests or expect answers that no longer match.';
}

/**
 * The portal's classification of one library diff inside an operation
 * (`rest` is the diff's path below `paths/<path>/<method>`); undefined keeps
 * the library's own.
 */
function portalRule(diff: Diff, rest: readonly Segment[], before: Resolved, after: Resolved): ChangeKind | undefined {
  const inResponse = rest[0] === 'responses';
  const last = rest[rest.length - 1];
  const parent = rest[rest.length - 2];
  if (inResponse && diff.action === 'remove' && parent === 'properties') return 'breaking';
  if (inResponse && diff.action === 'replace' && last === 'type') return 'breaking';
  if (parent === 'enum' || last === 'enum') {
    const dropped = droppedEnumValues(last === 'enum' ? {...diff, path: [...diff.path, 0]} : diff, before, after);
    if (dropped.length > 0) return 'breaking';
  }
  if (rest[0] === 'parameters' && rest.length === 2 && diff.action === 'add' && isObject(diff.after)) {
    if (diff.after.required === true) return 'breaking';
  }
  if (rest.length === 1 && last === 'operationId' && diff.action === 'replace') return 'breaking';
  // A field newly required in a request (body or parameter content): the library leaves some of these unclassified.
  if (!inResponse && (parent === 'required' || last === 'required') && rest.includes('schema')) {
    const list = parent === 'required' ? diff.path.slice(0, -1) : diff.path;
    const old = asArray(valueAt(before, list));
    if (asArray(valueAt(after, list)).some((name) => !old.includes(name))) return 'breaking';
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

/** One segment of a path template: a literal, or a parameter with the values its spec documents (enum or const). */
type TemplateSegment = {literal: string} | {parameter: string; values?: string[]};

/** The path parameters an operation takes (path-level ones first, the operation's own win), inlined documents. */
function pathParameters(pathItem: JsonObject, operation: JsonObject): Map<string, JsonObject> {
  const parameters = new Map<string, JsonObject>();
  for (const raw of [...asArray(pathItem.parameters), ...asArray(operation.parameters)]) {
    const parameter = asObject(raw);
    if (parameter?.in === 'path' && typeof parameter.name === 'string') parameters.set(parameter.name, parameter);
  }
  return parameters;
}

function templateOf(path: string, parameters: Map<string, JsonObject>): TemplateSegment[] {
  return path.split('/').map((segment) => {
    const name = /^\{([^{}]+)\}$/.exec(segment)?.[1];
    if (name === undefined) return {literal: segment};
    const schema = asObject(parameters.get(name)?.schema);
    const listed = Array.isArray(schema?.enum) ? schema.enum : schema && 'const' in schema ? [schema.const] : undefined;
    const values = listed?.every((v) => typeof v === 'string' || typeof v === 'number')
      ? listed.map(String)
      : undefined;
    return values ? {parameter: name, values} : {parameter: name};
  });
}

/**
 * The URLs a template matches, as templates where each parameter with
 * documented values is replaced by each value (at most 256), the others kept.
 */
function expansions(template: readonly TemplateSegment[]): TemplateSegment[][] {
  let result: TemplateSegment[][] = [[]];
  for (const segment of template) {
    const options: TemplateSegment[] =
      'parameter' in segment && segment.values ? segment.values.map((literal) => ({literal})) : [segment];
    result = result.flatMap((prefix) => options.map((option) => [...prefix, option]));
    if (result.length > 256) return [];
  }
  return result;
}

/** Whether `template` matches every URL of `concrete` (a template whose documented values are spelled out). */
function covers(template: readonly TemplateSegment[], concrete: readonly TemplateSegment[]): boolean {
  return (
    template.length === concrete.length &&
    template.every((segment, i) => {
      const other = concrete[i]!;
      if ('literal' in segment) return 'literal' in other && other.literal === segment.literal;
      if ('literal' in other) return segment.values === undefined || segment.values.includes(other.literal);
      return segment.values === undefined;
    })
  );
}

interface Move extends MovedOperation {
  /** For each new operation (`METHOD path`): the old path parameters it names otherwise (old name to new, or dropped). */
  renames: Map<string, Map<string, string | undefined>>;
}

/**
 * Removed operations whose every URL (each documented value of a path
 * parameter spelled out) an operation of the new version with the same method
 * still matches.
 */
function findMoves(before: unknown, after: unknown, removed: readonly OperationRef[]): Move[] {
  const beforeOps = walkOperations(before);
  const afterOps = walkOperations(after).map((entry) => ({
    entry,
    template: templateOf(entry.path, pathParameters(entry.pathItem, entry.operation)),
  }));
  const moves: Move[] = [];
  for (const op of removed) {
    const old = beforeOps.find((e) => e.method.toUpperCase() === op.method && e.path === op.path);
    if (!old) continue;
    const parameters = pathParameters(old.pathItem, old.operation);
    const template = templateOf(old.path, parameters);
    const urls = expansions(template);
    if (urls.length === 0) continue;
    const targets = new Map<string, (typeof afterOps)[number]>();
    const allCovered = urls.every((url) => {
      const found = afterOps.find(
        (candidate) => candidate.entry.method === old.method && covers(candidate.template, url),
      );
      if (found) targets.set(operationKey(found.entry.method, found.entry.path), found);
      return found !== undefined;
    });
    if (!allCovered || targets.size === 0) continue;
    const renames = new Map<string, Map<string, string | undefined>>();
    for (const [key, {template: target}] of targets) {
      const names = new Map<string, string | undefined>();
      template.forEach((segment, i) => {
        if (!('parameter' in segment)) return;
        const other = target[i]!;
        names.set(segment.parameter, 'parameter' in other ? other.parameter : undefined);
      });
      renames.set(key, names);
    }
    const to = [...targets.values()].map(({entry}) => ({
      method: entry.method.toUpperCase(),
      path: entry.path,
      ...(entry.operationId !== undefined && {operationId: entry.operationId}),
    }));
    const spelled = template.filter(
      (segment, i): segment is {parameter: string; values?: string[]} =>
        'parameter' in segment && [...targets.values()].some(({template: t}) => 'literal' in t[i]!),
    );
    const name = (o: OperationRef) => `\`${o.method} ${o.path}\`${o.operationId ? ` (\`${o.operationId}\`)` : ''}`;
    const how =
      spelled.length > 0
        ? `one per value of ${spelled.map((s) => `\`${s.parameter}\``).join(' and ')}`
        : 'with its path parameters named otherwise';
    const description =
      to.length === 1
        ? `${name(op)} is now documented as ${name(to[0]!)} (${how}); the URLs clients call are unchanged.`
        : `${name(op)} is now documented as ${to.length} operations, ${how}: ${to.map(name).join(', ')}. The URLs clients call are unchanged.`;
    moves.push({from: op, to, description, renames});
  }
  return moves;
}

/**
 * The version before, with each moved operation copied to the paths that
 * replace it (path parameters renamed, or dropped where the path spells their
 * value out), so that the diff compares each new operation with the old one.
 */
function withMoves(before: unknown, after: unknown, moves: readonly Move[], existing: ReadonlySet<string>): unknown {
  if (moves.length === 0 || !isObject(before)) return before;
  const paths: JsonObject = {...asObject(before.paths)};
  const afterPaths = asObject(asObject(after)?.paths) ?? {};
  for (const move of moves) {
    const item = asObject(paths[move.from.path]);
    const method = move.from.method.toLowerCase();
    const operation = asObject(item?.[method]);
    if (!item || !operation) continue;
    const rest = {...item};
    delete rest[method];
    paths[move.from.path] = rest;
    for (const target of move.to) {
      const key = operationKey(target.method, target.path);
      if (existing.has(key)) continue; // compared as itself
      const names = move.renames.get(key) ?? new Map<string, string | undefined>();
      const targetItem = asObject(afterPaths[target.path]) ?? {};
      const atPathLevel = new Set(
        asArray(targetItem.parameters).map((p) => `${String(asObject(p)?.in)} ${String(asObject(p)?.name)}`),
      );
      const parameters = [...asArray(item.parameters), ...asArray(operation.parameters)].flatMap((raw) => {
        const parameter = asObject(raw);
        if (!parameter || parameter.in !== 'path' || typeof parameter.name !== 'string') return [raw];
        if (!names.has(parameter.name)) return [raw];
        const renamed = names.get(parameter.name);
        return renamed === undefined ? [] : [{...parameter, name: renamed}];
      });
      const copy: JsonObject = {...operation};
      const own = parameters.filter((p) => !atPathLevel.has(`${String(asObject(p)?.in)} ${String(asObject(p)?.name)}`));
      if (own.length > 0) copy.parameters = own;
      else delete copy.parameters;
      // The new operation's id is named in the move's sentence, not reported as a rename.
      if (target.operationId !== undefined) copy.operationId = target.operationId;
      const source = asObject(paths[target.path]) ?? targetItem;
      const pathLevel = Object.fromEntries(Object.entries(source).filter(([k]) => !isHttpMethod(k)));
      paths[target.path] = {...asObject(paths[target.path]), ...pathLevel, [method]: copy};
    }
    if (Object.keys(asObject(paths[move.from.path]) ?? {}).every((k) => !isHttpMethod(k))) delete paths[move.from.path];
  }
  return {...before, paths};
}

const opName = (op: OperationRef): string => op.operationId ?? `${op.method} ${op.path}`;

export interface CompareOptions {
  /**
   * The new version only corrects the documentation: the server did not change
   * (a history entry's `documentationOnly`). Nothing is breaking then, and each
   * change a client would notice is said as what the reference now documents.
   */
  documentationOnly?: boolean;
}

/** Compares two versions of one OpenAPI document (bundled, parsed). A missing side is `undefined`. */
export async function compareSpec(
  file: string,
  before: unknown,
  after: unknown,
  options: CompareOptions = {},
): Promise<SpecReport> {
  const service = file.replace(/^.*\//, '').replace(/\.(ya?ml|json)$/, '');
  const status = before === undefined ? 'added' : after === undefined ? 'removed' : 'present';
  const beforeOps = operationsOf(before);
  const afterOps = operationsOf(after);
  const report: SpecReport = {file, service, status, added: [], removed: [], changed: [], moved: [], other: []};
  for (const [key, op] of afterOps) if (!beforeOps.has(key)) report.added.push(op);
  for (const [key, op] of beforeOps) if (!afterOps.has(key)) report.removed.push(op);
  if (before === undefined || after === undefined) return report;

  const [inlinedBefore, resolvedAfter] = await Promise.all([resolved(before), resolved(after)]);
  const moves = findMoves(inlinedBefore.doc, resolvedAfter.doc, report.removed);
  const movedFrom = new Set(moves.map((m) => operationKey(m.from.method, m.from.path)));
  const movedTo = new Set(moves.flatMap((m) => m.to.map((op) => operationKey(op.method, op.path))));
  report.moved = moves.map(({from, to, description}) => ({from, to, description}));
  report.removed = report.removed.filter((op) => !movedFrom.has(operationKey(op.method, op.path)));
  report.added = report.added.filter((op) => !movedTo.has(operationKey(op.method, op.path)));
  const resolvedBefore: Resolved = {
    doc: withMoves(inlinedBefore.doc, resolvedAfter.doc, moves, new Set(beforeOps.keys())),
    deref: inlinedBefore.deref,
  };
  const compared = new Set([...beforeOps.keys(), ...movedTo]);
  const at: ValueAt = (side, segments) => valueAt(side === 'before' ? resolvedBefore : resolvedAfter, segments);

  // api-smart-diff rewrites what it is given (a $ref with siblings becomes an allOf), and the components are the
  // caller's own objects: it gets copies, so a version compared with several others is the same each time.
  const {diffs} = apiCompare(structuredClone(resolvedBefore.doc), structuredClone(resolvedAfter.doc));
  const renames = findRenames(diffs);
  const renamedTo = new Set(renames.values());
  const changed = new Map<string, OperationChanges>();
  const addTo = (key: string, change: Change) => {
    const op = afterOps.get(key) ?? beforeOps.get(key);
    if (!op || !compared.has(key) || !afterOps.has(key)) return; // added or removed as a whole
    const entry = changed.get(key) ?? {...op, changes: []};
    if (!entry.changes.some((c) => c.description === change.description)) entry.changes.push(change);
    changed.set(key, entry);
  };
  const classify = (diff: Diff, described: Described, rule?: ChangeKind): ChangeKind =>
    described.kind ?? rule ?? (described.textOnly && diff.type !== 'breaking' ? 'annotation' : diff.type);
  /** The change's kind, sentence and (when breaking) what it means, with a documentation-only revision honoured. */
  const changeOf = (
    diff: Diff,
    described: Described,
    pointerAt: readonly Segment[],
    explained: () => string,
    rule?: ChangeKind,
  ): Change => {
    const kind = classify(diff, described, rule);
    if (options.documentationOnly && kind !== 'annotation') {
      return {
        kind: 'non-breaking',
        description:
          described.correction ??
          `The reference now documents that ${lowerFirst(described.text.replace(/\.$/, ''))}; the server did not change.`,
        pointer: toPointer(pointerAt),
      };
    }
    return {
      kind,
      description: described.text,
      pointer: toPointer(pointerAt),
      ...(kind === 'breaking' && {explanation: described.explanation ?? explained()}),
    };
  };

  for (const diff of diffs) {
    if (renamedTo.has(diff)) continue;
    const [root, path, method, ...rest] = diff.path;
    if (root === 'components' && diff.path[1] !== 'securitySchemes') continue; // seen through the operations that use them
    if (root !== 'paths' || typeof path !== 'string') {
      const change = changeOf(diff, describeDocumentChange(diff, at), diff.path, () => explain(diff, diff.path, false));
      if (report.other.some((c) => c.description === change.description)) continue; // one sentence says several diffs
      report.other.push(change);
      continue;
    }
    if (method === undefined) continue; // a whole path added or removed: its operations are listed
    if (typeof method === 'string' && isHttpMethod(method)) {
      const key = operationKey(method, path);
      const op = afterOps.get(key) ?? beforeOps.get(key);
      const name = op ? opName(op) : `${method.toUpperCase()} ${path}`;
      const base = ['paths', path, method];
      const rename = renames.get(diff);
      const described: Described = rename
        ? {text: describeRename(diff, String(rename.path[rename.path.length - 1]), rest, base, name, at)}
        : describeOperationChange(diff, rest, base, name, at);
      const rule = portalRule(diff, rest, resolvedBefore, resolvedAfter);
      addTo(
        key,
        changeOf(diff, described, rest, () => explain(diff, rest, rest[0] === 'responses'), rule),
      );
    } else {
      // Path-level parameters, servers or summary: every operation of the path is affected.
      const described = describePathChange(diff, path, diff.path.slice(2), at);
      const change = changeOf(diff, described, diff.path.slice(2), () => explain(diff, diff.path.slice(2), false));
      for (const [key, op] of afterOps) if (op.path === path) addTo(key, change);
    }
  }
  // Deprecated now, with a description that newly says a server release removed it: a removal for clients of that release.
  const releasedBefore = new Map(
    walkOperations(before).map((entry) => [
      operationKey(entry.method, entry.path),
      entry.operation.deprecated === true ? removedInRelease(entry.operation.description) : undefined,
    ]),
  );
  for (const entry of walkOperations(after)) {
    const key = operationKey(entry.method, entry.path);
    const release = entry.operation.deprecated === true ? removedInRelease(entry.operation.description) : undefined;
    if (release === undefined || releasedBefore.get(key) === release) continue;
    if (options.documentationOnly) {
      addTo(key, {
        kind: 'non-breaking',
        description: `The reference now documents that ${release} removed \`${entry.method.toUpperCase()} ${entry.path}\`; the server did not change.`,
        pointer: '#/deprecated',
      });
      continue;
    }
    addTo(key, {
      kind: 'breaking',
      description: `\`${entry.method.toUpperCase()} ${entry.path}\` was removed in ${release}; the reference keeps it, marked deprecated, for older servers.`,
      explanation: `Clients of ${release} and later get an error from this call.`,
      pointer: '#/deprecated',
    });
  }
  report.changed = [...changed.values()];
  return report;
}

/**
 * The server release that removed an operation, when its description says so
 * in the words the portal's specs use ("ps-server 3.33 removed this route").
 */
export function removedInRelease(description: unknown): string | undefined {
  if (typeof description !== 'string') return undefined;
  return /\b([A-Za-z][\w-]*(?: [A-Za-z][\w-]*)? v?\d+(?:\.\d+)+) removed (?:this|the) (?:route|call|operation|endpoint)\b/.exec(
    description,
  )?.[1];
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
  report.added.length + report.removed.length + report.changed.length + report.moved.length + report.other.length > 0 ||
  report.status !== 'present';
