/** A change entry as the site search reads it: its version, date, and a line per operation it names. */
import type {SearchableChange} from '../search/documents';
import type {ChangedOperation, ChangeEntry} from './entry';

const named = (op: ChangedOperation): string =>
  [op.summary, op.operationId, `${op.method} ${op.path}`].filter(Boolean).join(' ');

export function entryForSearch(entry: ChangeEntry): Omit<SearchableChange, 'specId' | 'label'> {
  return {
    revision: entry.revision,
    date: entry.date,
    versionAfter: entry.versionAfter,
    breaking: entry.breaking,
    lines: [
      ...entry.added.map((op) => `Added ${named(op)}.`),
      ...entry.removed.map((op) => `Removed ${named(op)}.`),
      ...entry.deprecated.map((op) => `Deprecated ${named(op)}.`),
      ...(entry.moved ?? []).map((move) => move.description),
      ...entry.changed.map(
        (op) => `Changed ${named(op)}: ${op.changes.map((change) => change.description).join('; ')}.`,
      ),
      ...entry.other.map((change) => `${change.description}.`),
      ...(entry.note ? [entry.note] : []),
    ],
  };
}
