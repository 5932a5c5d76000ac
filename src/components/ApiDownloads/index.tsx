import type {ReactNode} from 'react';
import Link from '@docusaurus/Link';
import useDocusaurusContext from '@docusaurus/useDocusaurusContext';
import {ThemeClassNames} from '@docusaurus/theme-common';
import IconEdit from '@theme/Icon/Edit';
import {apiDownloads} from '@site/src/config/apiSpecs';
import styles from './styles.module.css';

/** The repository page where a writer edits `openapi/<specId>.yaml` (customFields.openapiEditBaseUrl, set from PORTAL_REPO_URL). */
export function useApiEditUrl(specId: string): string | undefined {
  const base = useDocusaurusContext().siteConfig.customFields?.openapiEditBaseUrl;
  return typeof base === 'string' ? `${base}${encodeURIComponent(specId)}.yaml` : undefined;
}

/**
 * Download links of one API reference (the OpenAPI file as YAML and JSON, and a
 * Postman collection), the link to its change history, and the link to edit the OpenAPI file in the repository.
 */
export default function ApiDownloads({
  specId,
  label,
  historyHref,
}: {
  specId: string;
  label: string;
  /** The API's change history page, linked beside the downloads. */
  historyHref?: string;
}): ReactNode {
  const edit = useApiEditUrl(specId);
  return (
    <div className={styles.bar}>
      <nav className={styles.downloads} aria-label={`Downloads of the ${label} API`}>
        <span className={styles.title}>Download the {label} API:</span>
        {apiDownloads(specId).map((file) => (
          // pathname:// tells Docusaurus this is a static file, not a page of the app.
          <Link key={file.href} className={styles.link} to={`pathname://${file.href}`} download={file.fileName}>
            {file.label}
          </Link>
        ))}
      </nav>
      {historyHref && (
        <Link className={styles.link} to={historyHref}>
          Change history of the {label} API
        </Link>
      )}
      {edit && (
        <Link className={`${ThemeClassNames.common.editThisPage} ${styles.edit}`} to={edit}>
          <IconEdit />
          Edit this API description
        </Link>
      )}
    </div>
  );
}
