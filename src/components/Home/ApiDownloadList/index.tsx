import type {ReactNode} from 'react';
import Link from '@docusaurus/Link';
import Heading from '@theme/Heading';
import {apiDownloads, apiSpecs} from '../../../config/apiSpecs';
import styles from './styles.module.css';

/** Home page section: every spec's OpenAPI files and Postman collection at their stable URLs. */
export default function ApiDownloadList(): ReactNode {
  return (
    <section aria-labelledby="api-downloads-heading" className="container margin-bottom--xl">
      <Heading as="h2" id="api-downloads-heading" className={styles.heading}>
        API downloads
      </Heading>
      <p>Import a service into your API client, or generate a client from its OpenAPI file.</p>
      <div className="table-scroll" tabIndex={0} role="region" aria-label="API download table">
        <table className={styles.table}>
          <thead>
            <tr>
              <th scope="col">Service</th>
              <th scope="col">Files</th>
            </tr>
          </thead>
          <tbody>
            {apiSpecs.map((spec) => (
              <tr key={spec.id}>
                <th scope="row">
                  <Link to={`/api/${spec.id}`}>{spec.label}</Link>
                </th>
                <td className={styles.files}>
                  {apiDownloads(spec.id).map((file) => (
                    <Link key={file.href} to={`pathname://${file.href}`} download={file.fileName}>
                      {file.label}
                    </Link>
                  ))}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}
