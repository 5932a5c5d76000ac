/**
 * Swizzled (ejected) `@theme/Loading`: the placeholder react-loadable shows
 * while a lazy chunk loads. Docusaurus's fallback renders the same three
 * states with inline styles; this version uses Infima's alert and button so
 * the error box meets contrast rules and is announced to screen readers.
 * spinner after a short delay, then on failure an error box
 * with the error text and a Retry button.
 */
import type {ReactNode} from 'react';
import type {LoadingComponentProps} from 'react-loadable';
import styles from './styles.module.css';

export default function Loading({error, retry, pastDelay}: LoadingComponentProps): ReactNode {
  if (error) {
    return (
      <div className={`alert alert--danger ${styles.errorBox}`} role="alert" data-testid="loading-error">
        <p className={styles.errorText}>{String(error)}</p>
        <button type="button" className="button button--danger" onClick={retry}>
          Retry
        </button>
      </div>
    );
  }
  if (pastDelay) {
    return (
      <div className={styles.spinnerBox} role="status" data-testid="loading-spinner">
        <span className={styles.spinner} aria-hidden="true" />
        <span className="sr-only">Loading…</span>
      </div>
    );
  }
  return null;
}
