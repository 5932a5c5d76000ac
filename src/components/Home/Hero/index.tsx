import type {ReactNode} from 'react';
import Link from '@docusaurus/Link';
import Heading from '@theme/Heading';
import useDocusaurusContext from '@docusaurus/useDocusaurusContext';
import {docIds, docUrl} from '../../../config/docs';
import styles from './styles.module.css';

export default function Hero(): ReactNode {
  const {siteConfig} = useDocusaurusContext();
  return (
    <header className={styles.hero}>
      <div className="container">
        <Heading as="h1" className={styles.title}>
          {siteConfig.title}
        </Heading>
        <p className={styles.tagline}>{siteConfig.tagline}</p>
        <p className={styles.lead}>
          Install, integrate and use the document-signing platform: archive, national eID authentication for Estonia,
          Latvia and Lithuania, ASiC-E and PDF signing, e-seals, signing processes, SignBox and PadSign.
        </p>
        <div className={styles.actions}>
          <Link className="button button--primary button--lg" to={docUrl(docIds.technicalRequirements)}>
            Start with the requirements
          </Link>
          <Link className="button button--secondary button--lg" to="/api/dmss-container-and-signature-services">
            Browse the API reference
          </Link>
        </div>
      </div>
    </header>
  );
}
