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
  /** Revision of the version before, absent for the first recorded version. */
  previous?: string;
  /** info.version before and after (the services do not always raise it). */
  versionBefore?: string;
  versionAfter: string;
  /** A writer's note, kept when the entries are written again. */
  note?: string;
}

/** The history of one spec, newest entry first. */
export interface ChangeHistory {
  specId: string;
  entries: ChangeEntry[];
}

/** Whether a change set has anything in it. */
export const isEmpty = (set: ChangeSet): boolean =>
  set.added.length + set.removed.length + set.deprecated.length + set.changed.length + set.other.length === 0;

/** Only the changes a client notices: an operation whose every change is a text (annotation) counts apart. */
export const isTextOnly = (op: ChangedOperationWithChanges): boolean =>
  op.changes.every((change) => change.kind === 'annotation');

const count = (n: number, what: string): string => `${n} ${what}${n === 1 ? '' : 's'}`;

/** What a change set holds, in one line (entry lists and feeds). */
export function summarize(set: ChangeSet, first = false): string {
  if (first) return `First recorded version: ${count(set.added.length, 'operation')}.`;
  const clientChanges = set.changed.filter((op) => !isTextOnly(op)).length;
  const textChanges = set.changed.length - clientChanges;
  const parts = [
    set.added.length > 0 && `${count(set.added.length, 'operation')} added`,
    set.removed.length > 0 && `${set.removed.length} removed`,
    set.deprecated.length > 0 && `${set.deprecated.length} deprecated`,
    clientChanges > 0 && `${clientChanges} changed`,
    textChanges > 0 && `texts of ${count(textChanges, 'operation')} revised`,
    set.other.length > 0 && count(set.other.length, 'change') + ' outside operations',
  ].filter((part): part is string => typeof part === 'string');
  const text = parts.length > 0 ? parts.join(', ') : 'No change to operations, parameters or fields';
  return `${set.breaking ? 'Breaking changes. ' : ''}${text[0]!.toUpperCase()}${text.slice(1)}.`;
}

/** What a removed operation means for a client, in one sentence. */
export const REMOVED_OPERATION_EXPLANATION = 'Clients that call this operation will get an error: it no longer exists.';
