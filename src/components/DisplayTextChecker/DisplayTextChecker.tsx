import {type ReactNode, useId, useState} from 'react';
import {checkDisplayText} from './limits';
import styles from './styles.module.css';

export default function DisplayTextChecker(): ReactNode {
  const [text, setText] = useState('Sign the loan agreement no. 2025-117');
  const inputId = useId();
  const checks = checkDisplayText(text);
  return (
    <div className={styles.checker} data-testid="display-text-checker">
      <label htmlFor={inputId} className={styles.label}>
        Text shown on the signer&apos;s phone
      </label>
      <textarea
        id={inputId}
        className={styles.input}
        rows={3}
        value={text}
        onChange={(event) => setText(event.target.value)}
      />
      <ul className={styles.results} aria-live="polite">
        {checks.map((check) => (
          <li key={check.id} className={check.fits ? styles.fits : styles.tooLong}>
            <strong>{check.label}</strong> (max {check.max}):{' '}
            {check.fits ? `fits, ${check.remaining} characters left` : `too long by ${-check.remaining} characters`}
          </li>
        ))}
      </ul>
    </div>
  );
}
