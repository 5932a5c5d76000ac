/**
 * The shape of the API change history (see ./model.ts for how entries are
 * made) and what the pages need to read it. Plain TypeScript: the theme
 * components import this module, never the diff engine.
 */
import type {Change} from '../api-diff/compare';

/** An operation as the history names it, with what its anchor in the reference needs. */
export interface ChangedOperation {
  method: string;
  path: string;
  operationId?: string;
  /** The operation's first tag, part of Redoc's anchor (`default` when it has none). */
  tag: string;
  summary?: string;
  /**
   * The server release that no longer has this operation, as the operation's description says it
   * ("ps-server 3.33 removed this route"): the reference keeps such an operation, marked deprecated,
   * for older servers.
   */
  removedIn?: string;
}

/** An operation documented under other path templates that still match the same URLs. */
export interface MovedOperationEntry {
  from: ChangedOperation;
  to: ChangedOperation[];
  /** What happened, in one sentence. */
  description: string;
}

/** One change inside an operation; a breaking one carries a sentence saying what it means for a client. */
export interface EntryChange extends Change {
  explanation?: string;
}

export interface ChangedOperationWithChanges extends ChangedOperation {
  changes: EntryChange[];
}

/** What changed between two versions of one spec: the api:diff report, with operations named for readers. */
export interface ChangeSet {
  /** A client built against the version before may fail (api:diff would report a breaking change). */
  breaking: boolean;
  added: ChangedOperation[];
  removed: ChangedOperation[];
  /** Operations that are `deprecated: true` now and were not before (or did not exist). */
  deprecated: ChangedOperation[];
  changed: ChangedOperationWithChanges[];
  /** Operations documented under other paths that match the same URLs (absent in entries written before it existed). */
  moved?: MovedOperationEntry[];
  /** Changes outside any operation (info, servers, security schemes). */
  other: EntryChange[];
}

/** One recorded version of a spec. */
export interface ChangeEntry extends ChangeSet {
  /** The version's key: its date, with `-2`, `-3` ... for a second and third version of the same day. */
  revision: string;
  /** Day the version was published (landed on main), YYYY-MM-DD. */
  date: string;
  /** The commit on main that published it, when the history was read from git. */
  commit?: string;
  /** When it was published (the commit's time, ISO 8601 UTC); feeds date their items with it. */
  published?: string;
  /** Revision of the version before, absent for the first recorded version. */
  previous?: string;
  /** info.version before and after (the services do not always raise it). */
  versionBefore?: string;
  versionAfter: string;
  /** A writer's note, kept when the entries are written again. */
  note?: string;
  /**
   * Set by a writer (and kept like the note) when the version only corrects the documentation: the
   * server did not change. Its changes are then said as what the reference now documents, none is
   * breaking, and feeds and pages do not call it breaking.
   */
  documentationOnly?: true;
}

/** The history of one spec, newest entry first. */
export interface ChangeHistory {
  specId: string;
  entries: ChangeEntry[];
}

/** Whether an entry can break a client: never one that only corrects the documentation. */
export const isBreaking = (entry: ChangeSet & {documentationOnly?: boolean}): boolean =>
  entry.breaking && entry.documentationOnly !== true;

/** Whether a change set has anything in it. */
export const isEmpty = (set: ChangeSet): boolean =>
  set.added.length +
    set.removed.length +
    set.deprecated.length +
    set.changed.length +
    (set.moved?.length ?? 0) +
    set.other.length ===
  0;

/** Only the changes a client notices: an operation whose every change is a text (annotation) counts apart. */
export const isTextOnly = (op: ChangedOperationWithChanges): boolean =>
  op.changes.every((change) => change.kind === 'annotation');

const count = (n: number, what: string): string => `${n} ${what}${n === 1 ? '' : 's'}`;

/** What a change set holds, in one line (entry lists and feeds). */
export function summarize(set: ChangeSet & {documentationOnly?: boolean}, first = false): string {
  if (first) return `First recorded version: ${count(set.added.length, 'operation')}.`;
  const clientChanges = set.changed.filter((op) => !isTextOnly(op)).length;
  const textChanges = set.changed.length - clientChanges;
  // Calls a server release removed are said to be removed, not deprecated (the reference keeps them for older servers).
  const deprecatedOnly = set.deprecated.filter((op) => op.removedIn === undefined).length;
  const parts = [
    set.added.length > 0 && `${count(set.added.length, 'operation')} added`,
    set.removed.length > 0 && `${set.removed.length} removed`,
    ...[...new Set(set.deprecated.flatMap((op) => (op.removedIn ? [op.removedIn] : [])))].map(
      (release) => `${set.deprecated.filter((op) => op.removedIn === release).length} removed in ${release}`,
    ),
    deprecatedOnly > 0 && `${deprecatedOnly} deprecated`,
    (set.moved?.length ?? 0) > 0 && `${set.moved!.length} documented under new paths (same URLs)`,
    clientChanges > 0 && `${clientChanges} changed`,
    textChanges > 0 && `texts of ${count(textChanges, 'operation')} revised`,
    set.other.length > 0 && count(set.other.length, 'change') + ' outside operations',
  ].filter((part): part is string => typeof part === 'string');
  const text = parts.length > 0 ? parts.join(', ') : 'No change to operations, parameters or fields';
  return `${isBreaking(set) ? 'Breaking changes. ' : ''}${text[0]!.toUpperCase()}${text.slice(1)}.`;
}

/** What a removed operation means for a client, in one sentence. */
export const REMOVED_OPERATION_EXPLANATION = 'Clients that call this operation will get an error: it no longer exists.';

/** An operation as a reader names it: its operationId, else `METHOD path`. */
export const operationName = (op: {method: string; path: string; operationId?: string}): string =>
  op.operationId ?? `${op.method} ${op.path}`;

/** A deprecated operation's line: removed from a server release, or only deprecated. */
export const deprecationSentence = (op: ChangedOperation): string =>
  op.removedIn
    ? `\`${op.method} ${op.path}\` was removed in ${op.removedIn}; the reference keeps it, marked deprecated, for older servers.`
    : `\`${op.method} ${op.path}\` is deprecated: it still works, but use it only while you move away.`;

const names = (ops: readonly ChangedOperation[]): string => ops.map((op) => `\`${operationName(op)}\``).join(', ');

/**
 * What an entry changed, by the operations it touches, in sentences (feed
 * items): removed calls with the release that removed them, breaking changes
 * first with what they mean, then the rest; text revisions only counted.
 * At most `limit` change sentences, then how many more.
 */
export function digest(set: ChangeSet, first = false, limit = 12): string {
  if (first) return `First recorded version: ${count(set.added.length, 'operation')}: ${names(set.added)}.`;
  const parts: string[] = [];
  if (set.removed.length > 0) parts.push(`Removed (calls to them fail): ${names(set.removed)}.`);
  const removedIn = set.deprecated.filter((op) => op.removedIn !== undefined);
  for (const release of [...new Set(removedIn.map((op) => op.removedIn!))]) {
    parts.push(
      `Removed in ${release} (kept in the reference, marked deprecated, for older servers): ${names(removedIn.filter((op) => op.removedIn === release))}.`,
    );
  }
  const deprecated = set.deprecated.filter((op) => op.removedIn === undefined);
  if (deprecated.length > 0) parts.push(`Deprecated: ${names(deprecated)}.`);
  if (set.added.length > 0) parts.push(`Added: ${names(set.added)}.`);
  for (const move of set.moved ?? []) parts.push(move.description);
  const changes = [...set.changed.filter((op) => !isTextOnly(op)).flatMap((op) => op.changes), ...set.other].filter(
    (change) => change.kind !== 'annotation',
  );
  const ordered = [...changes.filter((c) => c.kind === 'breaking'), ...changes.filter((c) => c.kind !== 'breaking')];
  for (const change of ordered.slice(0, limit)) {
    parts.push(
      change.kind === 'breaking'
        ? `Breaking: ${change.description} ${change.explanation ?? ''}`.trim()
        : change.description,
    );
  }
  if (ordered.length > limit) parts.push(`And ${count(ordered.length - limit, 'more change')}.`);
  const texts = set.changed.filter(isTextOnly);
  if (texts.length > 0) parts.push(`Texts revised: ${names(texts)}.`);
  return parts.length > 0 ? parts.join(' ') : 'No change to operations, parameters or fields.';
}

/** Which update of its day an entry is: 1 for `2026-11-25`, 2 for `2026-11-25-2`. */
export const updateOfDay = (entry: {revision: string; date: string}): number =>
  entry.revision === entry.date ? 1 : Number(entry.revision.slice(entry.date.length + 1)) || 1;
