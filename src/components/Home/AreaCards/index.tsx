import type {ReactNode} from 'react';
import Link from '@docusaurus/Link';
import Heading from '@theme/Heading';
import {areas} from '../areas';
import styles from './styles.module.css';

export default function AreaCards(): ReactNode {
  return (
    <section aria-labelledby="areas-heading" className="container margin-vert--lg">
      <Heading as="h2" id="areas-heading" className={styles.heading}>
        Where do you want to start?
      </Heading>
      <ul className={styles.grid}>
        {areas.map((area) => (
          <li key={area.to} className={styles.cell}>
            <Link to={area.to} className={styles.card}>
              <span className={styles.kind}>{area.kind}</span>
              <span className={styles.title}>{area.title}</span>
              <span className={styles.description}>{area.description}</span>
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}
