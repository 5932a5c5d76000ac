/**
 * "Copy as Markdown" and "View as Markdown" for a page with a Markdown twin.
 * Plain markup and one click handler: the twin is fetched only
 * when the reader presses Copy.
 */
import type {ReactNode} from 'react';
import clsx from 'clsx';
import Link from '@docusaurus/Link';
import {copyWithFeedback} from './copy';
import styles from './styles.module.css';

export default function MarkdownActions({
  markdownUrl,
  className,
}: {
  markdownUrl: string;
  className?: string;
}): ReactNode {
  return (
    <div className={clsx(styles.actions, className)}>
      <button
        type="button"
        className={clsx('button button--sm button--link', styles.action)}
        aria-live="polite"
        onClick={(event) => copyWithFeedback(event.currentTarget, markdownUrl)}
      >
        Copy as Markdown
      </button>
      {/* pathname://: a plain link to the file, not a route of the single-page app. */}
      <Link
        className={clsx('button button--sm button--link', styles.action)}
        to={`pathname://${markdownUrl}`}
        type="text/markdown"
      >
        View as Markdown
      </Link>
    </div>
  );
}
