/**
 * Swizzled (wrapped) `@theme/SearchBar` of @easyops-cn/docusaurus-search-local:
 * the local full-text search of docs, blog and pages stays as it is; beside
 * its hits the API panel lists matching API operations and schemas.
 */
import type {ComponentProps, ReactNode} from 'react';
import SearchBar from '@theme-original/SearchBar';
import ApiSearch from '@site/src/components/ApiSearch';
import styles from './styles.module.css';

export default function SearchBarWrapper(props: ComponentProps<typeof SearchBar>): ReactNode {
  return (
    <div className={styles.wrapper}>
      <SearchBar {...props} />
      <ApiSearch />
    </div>
  );
}
