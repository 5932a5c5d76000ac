/**
 * `@theme/ApiChangesCompare`: what changed between two versions of one API
 * that are not neighbours in its history (the api:diff report between them,
 * made at build time).
 */
import type {ReactNode} from 'react';
import Head from '@docusaurus/Head';
import Link from '@docusaurus/Link';
import Heading from '@theme/Heading';
import Layout from '@theme/Layout';
import {summarize} from '@site/src/lib/api-changes/entry';
import {changeEntryHref, changesUrl, specVersionUrl} from '@site/src/lib/openapi/urls';
import ChangeSetView from '../ApiChanges/ChangeSetView';
import type {ApiChangesCompareProps} from '../ApiChanges/types';
import styles from '../ApiChanges/styles.module.css';

export default function ApiChangesCompare({page}: {page: ApiChangesCompareProps}): ReactNode {
  const {api, from, to, set, anchors} = page;
  const title = `${api.label} API: ${from.revision} compared with ${to.revision}`;
  const version = (side: ApiChangesCompareProps['from']) => (
    <>
      <Link to={changeEntryHref(api.specId, side.revision)}>
        {side.revision} (info.version {side.version})
      </Link>{' '}
      (<Link to={`pathname://${specVersionUrl(api.specId, side.revision, 'yaml')}`}>YAML</Link>,{' '}
      <Link to={`pathname://${specVersionUrl(api.specId, side.revision, 'json')}`}>JSON</Link>)
    </>
  );
  return (
    <Layout title={title} description={`What changed in the ${api.label} API from ${from.date} to ${to.date}.`}>
      {/* The entries of the history page say the same in parts: search and the sitemap list those. */}
      <Head>
        <meta name="robots" content="noindex" />
      </Head>
      <main className={styles.page}>
        <Heading as="h1">{title}</Heading>
        <p className={styles.lead}>
          From {version(from)} to {version(to)}. {summarize(set)}
        </p>
        <p>
          What changed after {from.revision}: the entries{' '}
          {page.covers.map((revision, i) => (
            <span key={revision}>
              {i > 0 && ', '}
              <Link to={changeEntryHref(api.specId, revision)}>{revision}</Link>
            </span>
          ))}
          . A client built against {from.revision} meets all of them.
        </p>
        <p>
          <Link to={changesUrl(api.specId)}>All changes of the {api.label} API</Link>
        </p>
        <ChangeSetView
          specId={api.specId}
          anchors={anchors[api.specId] ?? {}}
          set={set}
          lastHad={(op) => page.removedLastIn[`${op.method} ${op.path}`]}
        />
      </main>
    </Layout>
  );
}
