/**
 * The API change history: one entry per published version of a spec, made
 * by the api:diff engine (../api-diff/compare.ts) from the version before it,
 * so that the history and the pull-request report classify alike.
 *
 * Entries are written by `npm run api:changes` into api-changes/<spec id>.yaml
 * (handbook/api-changes.md says why they are committed); the site's
 * api-changes plugin renders them. Plain TypeScript without Node or DOM
 * imports, like ../openapi/.
 */
import {
  breakingChanges,
  compareSpec,
  removedInRelease,
  type Change,
  type CompareOptions,
  type SpecReport,
} from '../api-diff/compare';
import {
  isTextOnly,
  type ChangedOperation,
  type ChangeEntry,
  type ChangeHistory,
  type ChangeSet,
  type EntryChange,
} from './entry';
import {asObject, asString, operationsOf, operationTag} from '../openapi/document';

/** The info.version of a parsed document. */
export const specVersion = (doc: unknown): string => asString(asObject(asObject(doc)?.info)?.version) ?? 'unversioned';

/** Each breaking change in one sentence a reader (not the diff engine) would write. */
export function explainBreaking(description: string): string {
  const d = description.toLowerCase();
  if (d.includes('operationid')) {
    return 'Links to the old anchor of this operation and generated clients that call it by its old name stop working.';
  }
  if (d.includes('renamed field')) {
    return 'Clients that read the field by its old name no longer find it.';
  }
  if (d.includes('no longer has')) {
    return 'A value that clients could send or receive before is no longer part of the API.';
  }
  if (/added required \w+ parameter/.test(d) || d.includes('required status')) {
    return 'Requests that leave this value out, as clients of the previous version do, are now rejected.';
  }
  if (d.includes('response field') || (d.startsWith('removed') && d.includes('property'))) {
    return 'Clients that read this field in the answer no longer receive it.';
  }
  if (d.includes('type')) {
    return 'The value now has another type, so a client that sends or parses the old type may fail.';
  }
  if (/removed response|removed .*status/.test(d)) {
    return 'Clients that handle this answer will no longer receive it.';
  }
  if (d.startsWith('removed')) {
    return 'Something that clients of the previous version rely on is gone.';
  }
  return 'A client built against the previous version may send requests or expect answers that no longer match.';
}

/** Operations of a document by `METHOD path`, with their tag, summary and deprecation. */
function operationIndex(doc: unknown): Map<string, ChangedOperation & {isDeprecated: boolean}> {
  const index = new Map<string, ChangedOperation & {isDeprecated: boolean}>();
  for (const {method, path, operation, operationId} of operationsOf(doc)) {
    const summary = asString(operation.summary);
    const removedIn = operation.deprecated === true ? removedInRelease(asString(operation.description)) : undefined;
    index.set(`${method.toUpperCase()} ${path}`, {
      method: method.toUpperCase(),
      path,
      tag: operationTag(operation),
      ...(operationId !== undefined && {operationId}),
      ...(summary !== undefined && {summary}),
      ...(removedIn !== undefined && {removedIn}),
      isDeprecated: operation.deprecated === true,
    });
  }
  return index;
}

const key = (op: {method: string; path: string}): string => `${op.method.toUpperCase()} ${op.path}`;

function named(op: {method: string; path: string}, ...indexes: Map<string, ChangedOperation>[]): ChangedOperation {
  for (const index of indexes) {
    const found = index.get(key(op));
    if (found) {
      const {method, path, tag, operationId, summary, removedIn} = found;
      return {
        method,
        path,
        tag,
        ...(operationId !== undefined && {operationId}),
        ...(summary !== undefined && {summary}),
        ...(removedIn !== undefined && {removedIn}),
      };
    }
  }
  return {method: op.method, path: op.path, tag: 'default'};
}

const withExplanation = (change: Change): EntryChange =>
  change.kind === 'breaking'
    ? {...change, explanation: change.explanation ?? explainBreaking(change.description)}
    : {...change};

/**
 * The change set of a report (compareSpec) between `before` and `after`. A
 * documentation-only revision (the server did not change) breaks no client,
 * whatever the report lists.
 */
export function changeSetOf(
  report: SpecReport,
  before: unknown,
  after: unknown,
  options: CompareOptions = {},
): ChangeSet {
  const was = operationIndex(before);
  const now = operationIndex(after);
  const deprecated = [...now.values()]
    .filter((op) => op.isDeprecated && !was.get(key(op))?.isDeprecated)
    .map((op) => named(op, now));
  const deprecatedKeys = new Set(deprecated.map(key));
  const changed = report.changed
    .map((op) => ({
      ...named(op, now, was),
      // A deprecation (or a removal by a server release) is listed as such; the rest of the operation's changes stay.
      changes: op.changes
        .filter((c) => !(deprecatedKeys.has(key(op)) && c.pointer === '#/deprecated'))
        .map(withExplanation),
    }))
    .filter((op) => op.changes.length > 0);
  return {
    breaking: !options.documentationOnly && breakingChanges(report).length > 0,
    added: report.added.map((op) => named(op, now)),
    removed: report.removed.map((op) => named(op, was)),
    deprecated,
    changed,
    moved: report.moved.map((move) => ({
      from: named(move.from, was),
      to: move.to.map((op) => named(op, now)),
      description: move.description,
    })),
    other: report.other.map(withExplanation),
  };
}

/**
 * Compares two versions of a spec (parsed documents) with the api:diff engine;
 * `documentationOnly` when the newer one only corrects the documentation.
 */
export async function compareVersions(
  specId: string,
  before: unknown,
  after: unknown,
  options: CompareOptions = {},
): Promise<ChangeSet> {
  const report = await compareSpec(`openapi/${specId}.yaml`, before, after, options);
  return changeSetOf(report, before, after, options);
}

/** The revision key of a new version published on `date`, given the revisions already taken. */
export function nextRevision(date: string, taken: readonly string[]): string {
  if (!taken.includes(date)) return date;
  let n = 2;
  while (taken.includes(`${date}-${n}`)) n += 1;
  return `${date}-${n}`;
}

/** The entry of a new version: `before` is the latest recorded version (undefined for the first). */
export async function recordEntry(input: {
  specId: string;
  before?: {doc: unknown; revision: string};
  after: unknown;
  date: string;
  taken: readonly string[];
  commit?: string;
  published?: string;
  note?: string;
  /** The writer marked the version as documentation only: the server did not change. */
  documentationOnly?: boolean;
}): Promise<ChangeEntry> {
  const set = await compareVersions(input.specId, input.before?.doc, input.after, {
    documentationOnly: input.documentationOnly === true,
  });
  return {
    revision: nextRevision(input.date, input.taken),
    date: input.date,
    ...(input.commit !== undefined && {commit: input.commit}),
    ...(input.published !== undefined && {published: input.published}),
    ...(input.before && {previous: input.before.revision, versionBefore: specVersion(input.before.doc)}),
    versionAfter: specVersion(input.after),
    ...(input.note !== undefined && {note: input.note}),
    ...(input.documentationOnly === true && {documentationOnly: true as const}),
    ...set,
  };
}

/** Operations that carry a badge in the reference: added or changed (beyond texts) in the latest non-first entry. */
export function latestBadges(
  history: ChangeHistory,
): {operationId: string; kind: 'new' | 'changed'; revision: string; version: string; date: string}[] {
  const latest = history.entries[0];
  if (!latest?.previous) return [];
  const badge = (kind: 'new' | 'changed') => (op: ChangedOperation) =>
    op.operationId === undefined
      ? []
      : [
          {
            operationId: op.operationId,
            kind,
            revision: latest.revision,
            version: latest.versionAfter,
            date: latest.date,
          },
        ];
  return [
    ...latest.added.flatMap(badge('new')),
    ...latest.changed.filter((op) => !isTextOnly(op)).flatMap(badge('changed')),
  ];
}

/** Operations marked deprecated in a document (the current version, for the history page). */
export function deprecatedOperations(doc: unknown): ChangedOperation[] {
  const index = operationIndex(doc);
  return [...index.values()].filter((op) => op.isDeprecated).map((op) => named(op, index));
}
