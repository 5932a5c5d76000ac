import type {ReactNode} from 'react';
import Link from '@docusaurus/Link';
import {apiDownloads} from '@site/src/config/apiSpecs';
import styles from './styles.module.css';

/** Download links of one API reference: the OpenAPI file as YAML and JSON, and a Postman collection. */
export default function ApiDownloads({specId, label}: {specId: string; label: string}): ReactNode {
  return (
    <nav className={styles.bar} aria-label={`Downloads of the ${label} API`}>
      <span className={styles.title}>Download the {label} API:</span>
      {apiDownloads(specId).map((file) => (
        // pathname:// tells Docusaurus this is a static file, not a page of the app.
        <Link key={file.href} className={styles.link} to={`pathname://${file.href}`} download={file.fileName}>
          {file.label}
        </Link>
      ))}
    </nav>
  );
}
