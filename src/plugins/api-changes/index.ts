/**
 * The API change history, as one unit (the shape of Docusaurus's own
 * changelog plugin): it reads the committed history (api-changes/, see
 * ./store.ts and handbook/api-changes.md), makes the pages, the feeds and the
 * downloadable versions, and owns the components that render them (./theme).
 *
 * - /api/changes: every API's entries, newest first, with a filter (links to
 *   each API's page, so it works without JavaScript).
 * - /api/<id>/changes: one API's entries, its deprecated operations, and
 *   links to compare any two of its versions.
 * - /api/<id>/changes/compare/<from>/<to>: the api:diff report between two
 *   versions that are not neighbours (neighbours are an entry already).
 * - Feeds (RSS and Atom) and each version's spec as YAML and JSON, written
 *   as static files under generated/static.
 *
 * It fails the build when an API has no history or a file is malformed,
 * rather than publishing an empty section.
 */
import fs from 'node:fs';
import path from 'node:path';
import type {LoadContext, Plugin} from '@docusaurus/types';
import {parse} from 'yaml';
import type {ChangeSet} from '../../lib/api-changes/entry';
import {compareVersions, deprecatedOperations} from '../../lib/api-changes/model';
import {cachedResult, codeVersion, contentHash} from '../../lib/buildCache';
import {entryForSearch} from '../../lib/api-changes/search';
import {changeSearchDocument, type SearchDocument} from '../../lib/search/documents';
import {operationsOf, operationTag} from '../../lib/openapi/document';
import {
  changesFeedUrl,
  changesJsonUrl,
  changesUrl,
  compareUrl,
  operationHref,
  specVersionUrl,
} from '../../lib/openapi/urls';
import {atomFeed, publishedAt, rssFeed, type Feed} from './feeds';
import {HISTORY_DIR, readHistories, readSnapshot} from '../../lib/api-changes/store';
import type {ApiChangeEntry, ApiChangesCompareProps, ApiChangesPageProps, ApiLink} from './theme/ApiChanges/types';

/** The code a comparison of two versions runs (src/lib/api-changes/model.ts and the engine it calls). */
const COMPARE_CODE = ['src/lib/api-diff', 'src/lib/api-changes', 'src/lib/openapi'];

export interface ApiChangesOptions {
  /** The APIs, in menu order. */
  specs: readonly ApiLink[];
}

interface ApiHistory {
  api: ApiLink;
  /** `METHOD path` of each operation of the current spec, to its anchor in the reference. */
  anchors: Record<string, string>;
  entries: ApiChangeEntry[];
  deprecated: NonNullable<ApiChangesPageProps['deprecated']>;
  comparisons: {from: string; to: string; set: ChangeSet}[];
}

export interface ApiChangesContent {
  histories: ApiHistory[];
  /** Each entry, for the site search (src/plugins/site-search gathers them). */
  searchDocuments: SearchDocument[];
}

/** Newest first: by date, time of publication, then revision (2026-11-25-2 after 2026-11-25), then API menu order. */
const newestFirst = (entries: ApiChangeEntry[], order: readonly string[]): ApiChangeEntry[] =>
  [...entries].sort(
    (a, b) =>
      b.date.localeCompare(a.date) ||
      publishedAt(b).getTime() - publishedAt(a).getTime() ||
      b.revision.localeCompare(a.revision, 'en', {numeric: true}) ||
      order.indexOf(a.specId) - order.indexOf(b.specId),
  );

async function load(siteDir: string, specs: readonly ApiLink[]): Promise<ApiChangesContent> {
  const staticDir = path.join(siteDir, 'generated', 'static');
  const histories = readHistories(
    siteDir,
    specs.map((spec) => spec.specId),
  );
  const result: ApiHistory[] = [];
  const compareCode = codeVersion(COMPARE_CODE);
  for (const [i, history] of histories.entries()) {
    const api = specs[i]!;
    const docs = new Map<string, unknown>();
    // Each snapshot named by a hash of its text: the comparisons below are found again by these, not by the documents.
    const snapshots = new Map<string, string>();
    for (const entry of history.entries) {
      const source = readSnapshot(siteDir, api.specId, entry.revision);
      const doc: unknown = parse(source);
      docs.set(entry.revision, doc);
      snapshots.set(entry.revision, contentHash(source));
      const yamlFile = path.join(staticDir, specVersionUrl(api.specId, entry.revision, 'yaml'));
      fs.mkdirSync(path.dirname(yamlFile), {recursive: true});
      fs.writeFileSync(yamlFile, source);
      fs.writeFileSync(
        path.join(staticDir, specVersionUrl(api.specId, entry.revision, 'json')),
        `${JSON.stringify(doc, null, 2)}\n`,
      );
    }
    const entries = history.entries.map((entry) => ({...entry, specId: api.specId, label: api.label}));
    // Deprecated now: each with the entry that deprecated it.
    const latest = docs.get(history.entries[0]!.revision);
    const deprecated = deprecatedOperations(latest).map((op) => {
      const since = [...history.entries]
        .reverse()
        .find((entry) => entry.deprecated.some((d) => d.method === op.method && d.path === op.path));
      return since ? {...op, since: since.revision} : op;
    });
    // Every pair of versions that are not neighbours (oldest to newest); a neighbour pair is an entry.
    const revisions = history.entries.map((entry) => entry.revision).reverse();
    const comparisons: ApiHistory['comparisons'] = [];
    for (let from = 0; from < revisions.length; from += 1) {
      for (let to = from + 2; to < revisions.length; to += 1) {
        const [a, b] = [revisions[from]!, revisions[to]!];
        // Versions that only corrected the documentation, every one of them: the server did not change between the two.
        const documentationOnly = history.entries
          .filter((entry) => revisions.indexOf(entry.revision) > from && revisions.indexOf(entry.revision) <= to)
          .every((entry) => entry.documentationOnly === true);
        // Kept between builds: the pairs grow with the square of the revisions, and each takes a full comparison.
        const set = await cachedResult(
          {
            step: 'api-compare',
            code: compareCode,
            inputs: [api.specId, snapshots.get(a), snapshots.get(b), documentationOnly],
          },
          () => compareVersions(api.specId, docs.get(a), docs.get(b), {documentationOnly}),
        );
        comparisons.push({from: a, to: b, set});
      }
    }
    const anchors = Object.fromEntries(
      operationsOf(latest).flatMap(({method, path: opPath, operation, operationId}) =>
        operationId === undefined
          ? []
          : [
              [
                `${method.toUpperCase()} ${opPath}`,
                operationHref(api.specId, {tag: operationTag(operation), operationId}),
              ],
            ],
      ),
    );
    result.push({api, anchors, entries, deprecated, comparisons});
  }
  const searchDocuments = result.flatMap(({api, entries}) =>
    entries.map((entry) => changeSearchDocument({...entryForSearch(entry), specId: api.specId, label: api.label})),
  );
  return {histories: result, searchDocuments};
}

function writeFeeds(siteDir: string, siteUrl: string, content: ApiChangesContent, specIds: readonly string[]): void {
  const staticDir = path.join(siteDir, 'generated', 'static');
  const absolute = (route: string) => `${siteUrl.replace(/\/$/, '')}${route}`;
  const feeds: {specId?: string; feed: Omit<Feed, 'selfUrl'>}[] = [
    {
      feed: {
        title: 'API changes: Developer Portal',
        description: 'Every published change of the platform APIs, newest first.',
        pageUrl: absolute(changesUrl()),
        entries: newestFirst(
          content.histories.flatMap((h) => h.entries),
          specIds,
        ),
      },
    },
    ...content.histories.map(({api, entries}) => ({
      specId: api.specId,
      feed: {
        title: `${api.label} API changes`,
        description: `Every published change of the ${api.label} API, newest first.`,
        pageUrl: absolute(changesUrl(api.specId)),
        entries,
      },
    })),
  ];
  // Each API's entries as JSON (newest first): what the MCP server's list_changes reads.
  for (const {api, entries} of content.histories) {
    const file = path.join(staticDir, changesJsonUrl(api.specId));
    fs.mkdirSync(path.dirname(file), {recursive: true});
    fs.writeFileSync(file, JSON.stringify({specId: api.specId, label: api.label, entries}));
  }
  for (const {specId, feed} of feeds) {
    for (const format of ['rss', 'atom'] as const) {
      const url = changesFeedUrl(specId, format);
      const file = path.join(staticDir, url);
      fs.mkdirSync(path.dirname(file), {recursive: true});
      const full = {...feed, selfUrl: absolute(url)};
      fs.writeFileSync(file, format === 'rss' ? rssFeed(full, siteUrl) : atomFeed(full, siteUrl));
    }
  }
}

export default function apiChangesPlugin(context: LoadContext, options: ApiChangesOptions): Plugin<ApiChangesContent> {
  const {siteDir, siteConfig} = context;
  const specIds = options.specs.map((spec) => spec.specId);
  const route = (to: string) => `${context.baseUrl.replace(/\/$/, '')}${to}`;
  return {
    name: 'portal-api-changes',
    async loadContent() {
      const content = await load(siteDir, options.specs);
      writeFeeds(siteDir, siteConfig.url, content, specIds);
      return content;
    },
    async contentLoaded({content, actions}) {
      const apis = options.specs.map(({specId, label}) => ({specId, label}));
      const anchors = Object.fromEntries(content.histories.map((h) => [h.api.specId, h.anchors]));
      const allProps: ApiChangesPageProps = {
        apis,
        anchors,
        entries: newestFirst(
          content.histories.flatMap((h) => h.entries),
          specIds,
        ),
      };
      actions.addRoute({
        path: route(changesUrl()),
        component: '@theme/ApiChangesPage',
        exact: true,
        modules: {page: await actions.createData('api-changes-all.json', JSON.stringify(allProps))},
      });
      for (const history of content.histories) {
        const {api} = history;
        const props: ApiChangesPageProps = {
          api,
          apis,
          anchors: {[api.specId]: history.anchors},
          entries: history.entries,
          deprecated: history.deprecated,
          comparisons: history.comparisons.map(({from, to}) => ({from, to})),
        };
        actions.addRoute({
          path: route(changesUrl(api.specId)),
          component: '@theme/ApiChangesPage',
          exact: true,
          modules: {page: await actions.createData(`api-changes-${api.specId}.json`, JSON.stringify(props))},
        });
        const byRevision = new Map(history.entries.map((entry) => [entry.revision, entry]));
        for (const {from, to, set} of history.comparisons) {
          const side = (revision: string) => {
            const entry = byRevision.get(revision)!;
            return {revision, version: entry.versionAfter, date: entry.date};
          };
          // A removed operation was last in the version before the entry that removed it.
          const removedLastIn: Record<string, string> = {};
          const at = (revision: string) => history.entries.findIndex((entry) => entry.revision === revision);
          // Newest first: the entries after `from` up to `to`.
          for (const entry of history.entries.slice(at(to), at(from))) {
            for (const op of entry.removed) removedLastIn[`${op.method} ${op.path}`] ??= entry.previous!;
          }
          const compareProps: ApiChangesCompareProps = {
            api,
            from: side(from),
            to: side(to),
            set,
            anchors: {[api.specId]: history.anchors},
            removedLastIn,
            covers: history.entries
              .slice(at(to), at(from))
              .map((entry) => entry.revision)
              .reverse(),
          };
          actions.addRoute({
            path: route(compareUrl(api.specId, from, to)),
            component: '@theme/ApiChangesCompare',
            exact: true,
            modules: {
              page: await actions.createData(
                `api-changes-${api.specId}-${from}-${to}.json`,
                JSON.stringify(compareProps),
              ),
            },
          });
        }
      }
    },
    getThemePath() {
      return path.join(__dirname, 'theme');
    },
    getPathsToWatch() {
      return [path.join(siteDir, HISTORY_DIR, '**', '*.yaml')];
    },
  };
}
