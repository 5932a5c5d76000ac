/**
 * What changed between two versions of one API: the operations added,
 * removed, deprecated and changed (each linked to its anchor in the
 * reference), breaking changes marked and explained, text-only changes
 * folded away. Used by the entries of the history pages and by the compare page.
 */
import type {ReactNode} from 'react';
import Link from '@docusaurus/Link';
import Heading from '@theme/Heading';
import {
  isTextOnly,
  REMOVED_OPERATION_EXPLANATION,
  type ChangedOperation,
  type ChangeSet,
  type EntryChange,
} from '@site/src/lib/api-changes/entry';
import {changeEntryHref} from '@site/src/lib/openapi/urls';
import styles from './styles.module.css';

export function Breaking({children}: {children?: ReactNode}): ReactNode {
  return (
    <span className={styles.breaking}>
      <strong className={styles.breakingLabel}>Breaking</strong>
      {children}
    </span>
  );
}

const opLabel = (op: ChangedOperation): string => `${op.method} ${op.path}`;

export const operationKey = (op: {method: string; path: string}): string => `${op.method} ${op.path}`;

/** An operation, linked to its anchor in the current reference (`href`), or named only when it is no longer there. */
export function OperationLink({op, href}: {op: ChangedOperation; href: string | undefined}): ReactNode {
  return (
    <>
      {href ? (
        <Link to={href} className={styles.operation}>
          <code>{opLabel(op)}</code>
        </Link>
      ) : (
        <code>{opLabel(op)}</code>
      )}
      {op.summary && <span className={styles.summary}> {op.summary}</span>}
      {!href && <span className={styles.summary}> (no longer in the reference)</span>}
    </>
  );
}

/** A sentence of the change history, its `code` spans set as code. */
export function Sentence({text}: {text: string}): ReactNode {
  return (
    <>
      {text
        .split(/(`[^`]+`)/)
        .map((part, i) =>
          part.startsWith('`') && part.endsWith('`') && part.length > 1 ? (
            <code key={i}>{part.slice(1, -1)}</code>
          ) : (
            part
          ),
        )}
    </>
  );
}

function ChangeLine({change}: {change: EntryChange}): ReactNode {
  return (
    <li>
      {change.kind === 'breaking' ? (
        <Breaking>
          {' '}
          <Sentence text={change.description} /> {change.explanation}
        </Breaking>
      ) : (
        <Sentence text={change.description} />
      )}
    </li>
  );
}

interface Props {
  specId: string;
  /** Anchors in the current reference of the spec's operations, by `METHOD path`. */
  anchors: Record<string, string>;
  set: ChangeSet;
  /** The last version that had a removed operation (`METHOD path`), which it links to. */
  lastHad?: (op: ChangedOperation) => string | undefined;
  /** The first recorded version: its operations are the starting point, folded into one list. */
  first?: boolean;
}

export default function ChangeSetView({
  specId,
  anchors,
  set,
  lastHad = () => undefined,
  first = false,
}: Props): ReactNode {
  const link = (op: ChangedOperation) => <OperationLink op={op} href={anchors[operationKey(op)]} />;
  if (first) {
    return (
      <details className={styles.fold}>
        <summary>The {set.added.length} operations of the first recorded version</summary>
        <ul className={styles.operations}>
          {set.added.map((op) => (
            <li key={opLabel(op)}>{link(op)}</li>
          ))}
        </ul>
      </details>
    );
  }
  const clientChanges = set.changed.filter((op) => !isTextOnly(op));
  const textChanges = set.changed.filter(isTextOnly);
  const otherChanges = set.other.filter((change) => change.kind !== 'annotation');
  const otherTexts = set.other.filter((change) => change.kind === 'annotation');
  const moved = set.moved ?? [];
  const removedFromServer = set.deprecated.filter((op) => op.removedIn !== undefined);
  const deprecated = set.deprecated.filter((op) => op.removedIn === undefined);
  return (
    <>
      {set.added.length > 0 && (
        <section>
          <Heading as="h3" className={styles.group}>
            Added
          </Heading>
          <ul className={styles.operations}>
            {set.added.map((op) => (
              <li key={opLabel(op)}>{link(op)}</li>
            ))}
          </ul>
        </section>
      )}
      {set.removed.length > 0 && (
        <section>
          <Heading as="h3" className={styles.group}>
            Removed
          </Heading>
          <ul className={styles.operations}>
            {set.removed.map((op) => (
              <li key={opLabel(op)}>
                <code>{opLabel(op)}</code>
                {op.operationId && <span className={styles.summary}> ({op.operationId})</span>}
                {lastHad(op) && (
                  <>
                    {', last in '}
                    <Link to={changeEntryHref(specId, lastHad(op)!)}>version {lastHad(op)}</Link>
                  </>
                )}
                . <Breaking> {REMOVED_OPERATION_EXPLANATION}</Breaking>
              </li>
            ))}
          </ul>
        </section>
      )}
      {removedFromServer.length > 0 && (
        <section>
          <Heading as="h3" className={styles.group}>
            Removed from the service (still in the reference, marked deprecated)
          </Heading>
          <ul className={styles.operations}>
            {removedFromServer.map((op) => (
              <li key={opLabel(op)}>
                {link(op)}: removed in {op.removedIn}.{' '}
                <Breaking>
                  {' '}
                  Clients of {op.removedIn} and later get an error; the reference keeps the call for older servers.
                </Breaking>
              </li>
            ))}
          </ul>
        </section>
      )}
      {deprecated.length > 0 && (
        <section>
          <Heading as="h3" className={styles.group}>
            Deprecated
          </Heading>
          <ul className={styles.operations}>
            {deprecated.map((op) => (
              <li key={opLabel(op)}>{link(op)}</li>
            ))}
          </ul>
        </section>
      )}
      {moved.length > 0 && (
        <section>
          <Heading as="h3" className={styles.group}>
            Documented under new paths (same URLs)
          </Heading>
          <ul className={styles.operations}>
            {moved.map((move) => (
              <li key={opLabel(move.from)}>
                <Sentence text={move.description} />
                <ul className={styles.changes}>
                  {move.to.map((op) => (
                    <li key={opLabel(op)}>{link(op)}</li>
                  ))}
                </ul>
              </li>
            ))}
          </ul>
        </section>
      )}
      {clientChanges.length > 0 && (
        <section>
          <Heading as="h3" className={styles.group}>
            Changed
          </Heading>
          <ul className={styles.operations}>
            {clientChanges.map((op) => (
              <li key={opLabel(op)}>
                {link(op)}
                <ul className={styles.changes}>
                  {op.changes.map((change) => (
                    <ChangeLine key={`${change.pointer} ${change.description}`} change={change} />
                  ))}
                </ul>
              </li>
            ))}
          </ul>
        </section>
      )}
      {otherChanges.length > 0 && (
        <section>
          <Heading as="h3" className={styles.group}>
            Outside the operations
          </Heading>
          <ul className={styles.changes}>
            {otherChanges.map((change) => (
              <ChangeLine key={`${change.pointer} ${change.description}`} change={change} />
            ))}
          </ul>
        </section>
      )}
      {textChanges.length + otherTexts.length > 0 && (
        <details className={styles.fold}>
          <summary>Texts revised (descriptions, summaries, examples): {textChanges.length + otherTexts.length}</summary>
          <ul className={styles.operations}>
            {textChanges.map((op) => (
              <li key={opLabel(op)}>
                {link(op)}
                <span className={styles.summary}>
                  : <Sentence text={op.changes.map((c) => c.description).join(' ')} />
                </span>
              </li>
            ))}
            {otherTexts.map((change) => (
              <li key={`${change.pointer} ${change.description}`}>
                <Sentence text={change.description} />
              </li>
            ))}
          </ul>
        </details>
      )}
    </>
  );
}
