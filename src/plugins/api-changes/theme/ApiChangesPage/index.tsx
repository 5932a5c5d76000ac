/**
 * `@theme/ApiChangesPage`: the change history of one API (`/api/<id>/changes`)
 * or of all APIs (`/api/changes`), newest first. The filter is a row of
 * links, one per API, so it works without JavaScript.
 */
import type {ReactNode} from 'react';
import Head from '@docusaurus/Head';
import Link from '@docusaurus/Link';
import Heading from '@theme/Heading';
import Layout from '@theme/Layout';
import {summarize} from '@site/src/lib/api-changes/entry';
import {apiRoute, changesFeedUrl, changesUrl, compareUrl, specVersionUrl} from '@site/src/lib/openapi/urls';
import ChangeSetView, {OperationLink, operationKey, Sentence} from '../ApiChanges/ChangeSetView';
import type {ApiChangeEntry, ApiChangesPageProps} from '../ApiChanges/types';
import styles from '../ApiChanges/styles.module.css';

function Entry({
  entry,
  showApi,
  anchors,
}: {
  entry: ApiChangeEntry;
  showApi: boolean;
  anchors: Record<string, string>;
}): ReactNode {
  const first = entry.previous === undefined;
  const sameVersion = entry.versionBefore === entry.versionAfter;
  // On the page of all APIs, an entry's id names its API too; the API's own page uses the revision alone.
  const id = showApi ? `${entry.specId}-${entry.revision}` : entry.revision;
  return (
    <article className={styles.entry} aria-labelledby={id}>
      <Heading as="h2" id={id}>
        {showApi ? `${entry.label}: ` : ''}
        {entry.date}
        {entry.revision !== entry.date ? ` (${entry.revision.slice(entry.date.length + 1)})` : ''}, version{' '}
        {entry.versionAfter}
      </Heading>
      <p className={styles.meta}>
        {first
          ? `First recorded version (info.version ${entry.versionAfter}).`
          : sameVersion
            ? `info.version stays ${entry.versionAfter}. `
            : `info.version ${entry.versionBefore ?? 'unknown'} → ${entry.versionAfter}. `}
        {summarize(entry, first)} Spec of this version:{' '}
        <Link to={`pathname://${specVersionUrl(entry.specId, entry.revision, 'yaml')}`} download>
          YAML
        </Link>
        {', '}
        <Link to={`pathname://${specVersionUrl(entry.specId, entry.revision, 'json')}`} download>
          JSON
        </Link>
        .
        {showApi && (
          <>
            {' '}
            <Link to={`${changesUrl(entry.specId)}#${entry.revision}`}>History of this API</Link>.
          </>
        )}
      </p>
      {entry.note && (
        <p className={styles.note}>
          <Sentence text={entry.note} />
        </p>
      )}
      <ChangeSetView specId={entry.specId} anchors={anchors} set={entry} lastHad={() => entry.previous} first={first} />
    </article>
  );
}

export default function ApiChangesPage({page}: {page: ApiChangesPageProps}): ReactNode {
  const {api, apis, anchors, entries, deprecated = [], comparisons = []} = page;
  const title = api ? `${api.label} API changes` : 'API changes';
  const versionOf = (revision: string) => entries.find((entry) => entry.revision === revision)?.versionAfter ?? '?';
  const description = api
    ? `Every published change of the ${api.label} API: added, removed, deprecated and changed operations, breaking changes explained.`
    : 'Every published change of the platform APIs, newest first: added, removed, deprecated and changed operations, breaking changes explained.';
  return (
    <Layout title={title} description={description}>
      <Head>
        <link
          rel="alternate"
          type="application/rss+xml"
          title={`${title} (RSS)`}
          href={changesFeedUrl(api?.specId, 'rss')}
        />
        <link
          rel="alternate"
          type="application/atom+xml"
          title={`${title} (Atom)`}
          href={changesFeedUrl(api?.specId, 'atom')}
        />
      </Head>
      <main className={styles.page}>
        <Heading as="h1">{title}</Heading>
        <p className={styles.lead}>
          {api ? (
            <>
              What changed in each published version of the <Link to={apiRoute(api.specId)}>{api.label} API</Link>,
              newest first, as the portal&apos;s API change report classifies it.
            </>
          ) : (
            'What changed in each published version of the platform APIs, newest first, as the portal’s API change report classifies it.'
          )}{' '}
          Breaking changes are marked: a client built against the version before may fail on them.
        </p>
        <nav className={styles.filter} aria-label="Filter the changes by API">
          <ul>
            <li>
              <Link to={changesUrl()} aria-current={api ? undefined : 'page'}>
                All APIs
              </Link>
            </li>
            {apis.map((link) => (
              <li key={link.specId}>
                <Link to={changesUrl(link.specId)} aria-current={api?.specId === link.specId ? 'page' : undefined}>
                  {link.label}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
        <p className={styles.feeds}>
          Follow the changes: <Link to={`pathname://${changesFeedUrl(api?.specId, 'rss')}`}>RSS feed</Link>,{' '}
          <Link to={`pathname://${changesFeedUrl(api?.specId, 'atom')}`}>Atom feed</Link>.
        </p>
        {api && deprecated.length > 0 && (
          <section aria-labelledby="deprecated">
            <Heading as="h2" id="deprecated">
              Deprecated operations
            </Heading>
            <p>The current {api.label} API marks these operations deprecated: use them only while you move away.</p>
            <ul className={styles.operations}>
              {deprecated.map((op) => (
                <li key={`${op.method} ${op.path}`}>
                  <OperationLink op={op} href={anchors[api.specId]?.[operationKey(op)]} />
                  {op.removedIn && <> Removed in {op.removedIn}; kept for older servers.</>}
                  {op.since && (
                    <>
                      {' '}
                      (deprecated in <Link to={`#${op.since}`}>version {op.since}</Link>)
                    </>
                  )}
                </li>
              ))}
            </ul>
          </section>
        )}
        {api && entries.length > 1 && (
          <section aria-labelledby="compare">
            <Heading as="h2" id="compare">
              Compare two versions
            </Heading>
            <p>
              Each entry below compares a version with the one before it. To see everything that changed between two
              versions further apart (from the revision you built against: when several revisions carry the same
              info.version, start from the oldest of them):
            </p>
            {comparisons.length > 0 ? (
              <ul>
                {comparisons.map(({from, to}) => (
                  <li key={`${from} ${to}`}>
                    <Link to={compareUrl(api.specId, from, to)}>
                      {from} (info.version {versionOf(from)}) → {to} (info.version {versionOf(to)})
                    </Link>
                  </li>
                ))}
              </ul>
            ) : (
              <p>This API has two versions: the newest entry is their comparison.</p>
            )}
          </section>
        )}
        {entries.map((entry) => (
          <Entry
            key={`${entry.specId} ${entry.revision}`}
            entry={entry}
            showApi={!api}
            anchors={anchors[entry.specId] ?? {}}
          />
        ))}
      </main>
    </Layout>
  );
}
