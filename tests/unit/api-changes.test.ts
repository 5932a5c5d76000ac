/**
 * The API change history (issue 22): the change model on the api:diff fixture
 * pairs, the committed history against the specs under openapi/ (a spec
 * changed without its entry fails here), and the feeds.
 */
import fs from 'node:fs';
import path from 'node:path';
import {describe, expect, it} from 'vitest';
import {parse} from 'yaml';
import {apiSpecs} from '../../src/config/apiSpecs';
import {summarize} from '../../src/lib/api-changes/entry';
import {
  compareVersions,
  explainBreaking,
  latestBadges,
  nextRevision,
  recordEntry,
} from '../../src/lib/api-changes/model';
import {atomFeed, rssFeed, type FeedEntry} from '../../src/plugins/api-changes/feeds';
import {readHistories, readSnapshot} from '../../src/plugins/api-changes/store';

const root = path.resolve(__dirname, '../..');
const fixtures = path.join(root, 'tests/fixtures/api-diff');
const read = (group: string, kind: string, side: 'before' | 'after'): unknown =>
  parse(fs.readFileSync(path.join(fixtures, group, kind, `${side}.yaml`), 'utf8'));
const pair = (group: string, kind: string) =>
  compareVersions(kind, read(group, kind, 'before'), read(group, kind, 'after'));

describe('change model', () => {
  it('lists an added operation with its tag for the anchor, and is not breaking', async () => {
    const set = await pair('compatible', 'added-operation');
    expect(set.added).toEqual([
      expect.objectContaining({
        method: 'GET',
        path: '/documents/{id}/versions',
        operationId: 'listVersions',
        tag: 'default',
      }),
    ]);
    expect(set.breaking).toBe(false);
    expect(summarize(set)).toBe('1 operation added.');
  });

  it('lists a removed operation as breaking', async () => {
    const set = await pair('breaking', 'removed-operation');
    expect(set.removed.map((op) => op.operationId)).toEqual(['deleteDocument']);
    expect(set.breaking).toBe(true);
    expect(summarize(set)).toMatch(/^Breaking changes\. 1 removed/);
  });

  it('explains a parameter that became required in one sentence', async () => {
    const set = await pair('breaking', 'parameter-became-required');
    const change = set.changed.flatMap((op) => op.changes).find((c) => c.kind === 'breaking');
    expect(change?.description).toContain('required query parameter `version`');
    expect(change?.explanation).toBe(
      'Requests that leave this value out, as clients of the previous version do, are now rejected.',
    );
  });

  it('explains a removed response field', async () => {
    const set = await pair('breaking', 'removed-response-field');
    const [op] = set.changed;
    expect(op?.operationId).toBe('getDocument');
    expect(op?.changes.find((c) => c.kind === 'breaking')?.explanation).toBe(
      'Clients that read this field in the answer no longer receive it.',
    );
  });

  it('reports a renamed operationId as breaking, named by its new id', async () => {
    const set = await pair('breaking', 'renamed-operation-id');
    const [op] = set.changed;
    expect(op?.operationId).toBe('healthCheck');
    expect(op?.changes.find((c) => c.kind === 'breaking')?.explanation).toMatch(/old anchor/);
  });

  it('lists a deprecation as such, not as a change of the operation', async () => {
    const set = await pair('compatible', 'deprecated-operation');
    expect(set.deprecated.map((op) => op.operationId)).toEqual(['deleteDocument']);
    expect(set.changed.find((op) => op.operationId === 'deleteDocument')).toBeUndefined();
    expect(set.breaking).toBe(false);
  });

  it('classifies like api:diff on every fixture pair', async () => {
    for (const group of ['breaking', 'compatible']) {
      for (const kind of fs.readdirSync(path.join(fixtures, group))) {
        expect((await pair(group, kind)).breaking, `${group}/${kind}`).toBe(group === 'breaking');
      }
    }
  });

  it('numbers a second version of the same day', () => {
    expect(nextRevision('2026-11-25', [])).toBe('2026-11-25');
    expect(nextRevision('2026-11-25', ['2026-11-25'])).toBe('2026-11-25-2');
    expect(nextRevision('2026-11-25', ['2026-11-25', '2026-11-25-2'])).toBe('2026-11-25-3');
  });

  it('gives badges for the latest entry only, and none for a first version', async () => {
    const before = read('compatible', 'added-operation', 'before');
    const after = read('compatible', 'added-operation', 'after');
    const first = await recordEntry({specId: 'x', after: before, date: '2026-01-01', taken: []});
    expect(latestBadges({specId: 'x', entries: [first]})).toEqual([]);
    const second = await recordEntry({
      specId: 'x',
      before: {doc: before, revision: first.revision},
      after,
      date: '2026-01-01',
      taken: [first.revision],
    });
    expect(second).toMatchObject({revision: '2026-01-01-2', previous: '2026-01-01', versionBefore: '1.0.0'});
    expect(latestBadges({specId: 'x', entries: [second, first]})).toEqual([
      {operationId: 'listVersions', kind: 'new', revision: '2026-01-01-2', version: '1.0.0', date: '2026-01-01'},
    ]);
  });

  it('falls back to a general sentence for a breaking change it has no words for', () => {
    expect(explainBreaking('something else')).toMatch(/previous version/);
  });
});

describe('the recorded history (api-changes/)', () => {
  const histories = readHistories(
    root,
    apiSpecs.map((spec) => spec.id),
  );

  it('has every spec under openapi/ as its latest recorded version (run `npm run api:changes` after a spec change)', () => {
    for (const history of histories) {
      const latest = history.entries[0]!;
      const spec = fs.readFileSync(path.join(root, 'openapi', `${history.specId}.yaml`), 'utf8');
      expect(
        readSnapshot(root, history.specId, latest.revision) === spec,
        `${history.specId}: openapi/ differs from ${latest.revision}`,
      ).toBe(true);
    }
  });

  it('records the container reference growing after its first version', () => {
    const container = histories.find((h) => h.specId === 'dmss-container-and-signature-services')!;
    expect(container.entries.length).toBeGreaterThan(1);
    const added = container.entries.slice(0, -1).flatMap((entry) => entry.added.map((op) => op.path));
    expect(added).toContain('/api/signing/webeid/container/{id}/{sessionId}/sign');
  });

  it('lists PadSign registerUser as deprecated', () => {
    const padsign = histories.find((h) => h.specId === 'padsign-2.0-server')!;
    expect(padsign.entries.flatMap((entry) => entry.deprecated.map((op) => op.operationId))).toContain('registerUser');
  });

  it('has entries that say what the engine says (the latest PadSign entry, computed again)', async () => {
    const padsign = histories.find((h) => h.specId === 'padsign-2.0-server')!;
    const [latest, before] = padsign.entries;
    const set = await compareVersions(
      padsign.specId,
      parse(readSnapshot(root, padsign.specId, before!.revision)),
      parse(readSnapshot(root, padsign.specId, latest!.revision)),
    );
    const {added, removed, deprecated, changed, other, breaking} = latest!;
    expect({added, removed, deprecated, changed, other, breaking}).toEqual(set);
  });
});

describe('feeds', () => {
  const entry: FeedEntry = {
    specId: 'dmss-archive-service',
    label: 'Archive Service',
    revision: '2026-11-25',
    date: '2026-11-25',
    previous: '2026-11-22',
    versionBefore: '2.3.23',
    versionAfter: '2.3.24',
    note: 'Search <by> type & "owner".',
    breaking: false,
    added: [{method: 'GET', path: '/a', tag: 't', operationId: 'a'}],
    removed: [],
    deprecated: [],
    changed: [],
    other: [],
  };
  const feed = {
    title: 'API changes',
    description: 'All',
    pageUrl: 'https://portal.example/api/changes',
    selfUrl: 'https://portal.example/api/changes/rss.xml',
    entries: [entry],
  };

  it('writes RSS with one escaped item per entry, linking to the entry', () => {
    const xml = rssFeed(feed, 'https://portal.example');
    expect(xml.match(/<item>/g)).toHaveLength(1);
    expect(xml).toContain('<link>https://portal.example/api/dmss-archive-service/changes#2026-11-25</link>');
    expect(xml).toContain('Search &lt;by&gt; type &amp; &quot;owner&quot;.');
    expect(xml).toContain('<pubDate>Wed, 25 Nov 2026 00:00:00 GMT</pubDate>');
  });

  it('writes Atom with one entry per entry', () => {
    const xml = atomFeed({...feed, selfUrl: 'https://portal.example/api/changes/atom.xml'}, 'https://portal.example');
    expect(xml.match(/<entry>/g)).toHaveLength(1);
    expect(xml).toContain('<updated>2026-11-25T00:00:00.000Z</updated>');
  });
});
