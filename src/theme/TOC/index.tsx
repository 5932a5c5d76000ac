/**
 * Wrapped `@theme/TOC`: the table of contents in a navigation landmark. On blog posts it sits
 * beside the `main` landmark, where content outside any landmark fails axe's `region` rule; on doc
 * pages it is a navigation landmark inside `main`.
 */
import type {ReactNode} from 'react';
import TOC from '@theme-original/TOC';
import type TOCType from '@theme/TOC';
import type {WrapperProps} from '@docusaurus/types';
import styles from './styles.module.css';

type Props = WrapperProps<typeof TOCType>;

export default function TOCWrapper(props: Props): ReactNode {
  return (
    <nav aria-label="On this page" className={styles.landmark}>
      <TOC {...props} />
    </nav>
  );
}
