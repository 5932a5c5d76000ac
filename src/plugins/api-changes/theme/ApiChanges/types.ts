import type {ChangedOperation, ChangeEntry, ChangeSet} from '@site/src/lib/api-changes/entry';

/** An entry with the API it belongs to (the page of all APIs mixes them). */
export interface ApiChangeEntry extends ChangeEntry {
  specId: string;
  label: string;
}

export interface ApiLink {
  specId: string;
  label: string;
}

/**
 * Where each operation the page names is in the current reference, by spec id and `METHOD path`. An
 * operation that is no longer in the spec has none (its entry links to the last version that had it).
 */
export type OperationAnchors = Record<string, Record<string, string>>;

/** Props of a history page: one API's (`api` set) or all APIs'. */
export interface ApiChangesPageProps {
  anchors: OperationAnchors;
  api?: ApiLink;
  /** Every API, for the filter links. */
  apis: ApiLink[];
  /** Newest first. */
  entries: ApiChangeEntry[];
  /** The API's operations marked deprecated in its current spec (one API's page only). */
  deprecated?: (ChangedOperation & {since?: string})[];
  /** Pairs of versions that are not neighbours, each with its own compare page (one API's page only). */
  comparisons?: {from: string; to: string}[];
}

/** Props of the page comparing two versions of one API. */
export interface ApiChangesCompareProps {
  api: ApiLink;
  from: {revision: string; version: string; date: string};
  to: {revision: string; version: string; date: string};
  set: ChangeSet;
  anchors: OperationAnchors;
  /** For each operation removed between the two (`METHOD path`): the last version that had it. */
  removedLastIn: Record<string, string>;
  /** The revisions whose changes the comparison holds: those published after `from`, up to `to`, oldest first. */
  covers: string[];
}
