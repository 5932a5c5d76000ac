/**
 * The API change history: the change model on the api:diff fixture
 * pairs, the committed history against the specs under openapi/ (a spec
 * changed without its entry fails here), and the feeds.
 */
import fs from 'node:fs';
import path from 'node:path';
import {describe, expect, it} from 'vitest';
import {parse} from 'yaml';
import {apiSpecs} from '../../src/config/apiSpecs';
import {digest, summarize, type ChangeEntry} from '../../src/lib/api-changes/entry';
import {entriesSince, entryMarkdown, sinceScope, TOOLS} from '../../scripts/mcp/server';
import {
  compareVersions,
  explainBreaking,
  latestBadges,
  nextRevision,
  recordEntry,
} from '../../src/lib/api-changes/model';
import {atomFeed, itemTitle, publishedAt, rssFeed, type FeedEntry} from '../../src/plugins/api-changes/feeds';
import {readHistories, readSnapshot} from '../../src/lib/api-changes/store';
import {withChangeBadges} from '../../src/lib/api-changes/badges';

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
    expect(change?.description).toBe('The `version` query parameter of `getDocument` is now required.');
    expect(change?.explanation).toBe(
      'Requests that leave it out, as clients of the version before may, are now refused (typically with 400).',
    );
  });

  it('explains a removed response field', async () => {
    const set = await pair('breaking', 'removed-response-field');
    const [op] = set.changed;
    expect(op?.operationId).toBe('getDocument');
    expect(op?.changes.find((c) => c.kind === 'breaking')?.explanation).toBe(
      'A client that reads this field gets nothing.',
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

  /** Two recorded versions of one day: the fixture's spec, then the same spec with an operation added. */
  async function addedOperationHistory() {
    const before = read('compatible', 'added-operation', 'before');
    const after = read('compatible', 'added-operation', 'after');
    const first = await recordEntry({specId: 'x', after: before, date: '2026-01-01', taken: []});
    const second = await recordEntry({
      specId: 'x',
      before: {doc: before, revision: first.revision},
      after,
      date: '2026-01-01',
      taken: [first.revision],
    });
    return {after, first, second};
  }

  it('gives badges for the latest entry only, and none for a first version', async () => {
    const {first, second} = await addedOperationHistory();
    expect(latestBadges({specId: 'x', entries: [first]})).toEqual([]);
    expect(second).toMatchObject({revision: '2026-01-01-2', previous: '2026-01-01', versionBefore: '1.0.0'});
    expect(latestBadges({specId: 'x', entries: [second, first]})).toEqual([
      {operationId: 'listVersions', kind: 'new', revision: '2026-01-01-2', version: '1.0.0', date: '2026-01-01'},
    ]);
  });

  it('puts the badge of the latest entry at the top of the operation it names, linking to the entry', async () => {
    const {after, first, second} = await addedOperationHistory();
    const doc = structuredClone(after) as {
      paths: Record<string, Record<string, {operationId?: string; description?: string}>>;
    };
    const descriptions = () =>
      Object.values(doc.paths)
        .flatMap((item) => Object.values(item))
        .filter((op) => op.operationId)
        .map((op) => [op.operationId, op.description?.split('\n')[0]]);
    expect(withChangeBadges(doc, undefined)).toBe(doc);
    const unchanged = descriptions();
    withChangeBadges(doc, {specId: 'x', entries: [second, first]});
    expect(descriptions()).toEqual(
      unchanged.map(([id, line]) =>
        id === 'listVersions'
          ? [
              id,
              '<a class="api-change-badge api-change-badge--new" href="/api/x/changes#2026-01-01-2">New in 1.0.0 (2026-01-01)</a>',
            ]
          : [id, line],
      ),
    );
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
      {documentationOnly: latest!.documentationOnly === true},
    );
    const {added, removed, deprecated, changed, moved, other, breaking} = latest!;
    expect({added, removed, deprecated, changed, moved, other, breaking}).toEqual(set);
  });

  it('records the PadSign documentation-only revisions of 2026-11-28 as corrections of the reference, not breaking', () => {
    const padsign = histories.find((h) => h.specId === 'padsign-2.0-server')!;
    for (const revision of ['2026-11-28', '2026-11-28-2']) {
      const entry = padsign.entries.find((e) => e.revision === revision)!;
      expect(entry.documentationOnly, revision).toBe(true);
      expect(entry.breaking, revision).toBe(false);
      const changes = entry.changed.flatMap((op) => op.changes);
      expect(
        changes.filter((c) => c.kind === 'breaking'),
        revision,
      ).toEqual([]);
      expect(JSON.stringify(entry), revision).not.toMatch(/now refused|has a new required field/);
      expect(
        changes.map((c) => c.description),
        revision,
      ).toContain(
        'The reference now documents `docid` as required in the request body of `' +
          (revision === '2026-11-28' ? 'stampPadDocument' : 'applyVisualSignature') +
          '`; the server did not change.',
      );
    }
  });

  it('has no unclassified change, and no JSON path or diff-tool wording in any sentence', () => {
    for (const history of histories) {
      for (const entry of history.entries) {
        const changes = [...entry.changed.flatMap((op) => op.changes), ...entry.other];
        const where = `${history.specId} ${entry.revision}`;
        expect(
          changes.filter((c) => c.kind === 'unclassified'),
          where,
        ).toEqual([]);
        for (const {description} of changes) {
          expect(description, where).not.toMatch(/x-tagGroups|\btext was revised|`[\w-]+\.[\w-]+\.[\w.-]+`/);
          expect(description, where).not.toMatch(/\b(examples|code samples) of .* was revised|the headers `[^`]+`\./);
        }
      }
    }
  });

  it('reports the archive entry of 2026-11-23: documentType became required behind a $ref, breaking', () => {
    const archive = histories.find((h) => h.specId === 'dmss-archive-service')!;
    const entry = archive.entries.find((e) => e.revision === '2026-11-23')!;
    expect(entry.breaking).toBe(true);
    const createDocument = entry.changed.find((op) => op.operationId === 'createDocument')!;
    expect(createDocument.changes).toContainEqual(
      expect.objectContaining({
        kind: 'breaking',
        description: '`documentType` is now required in the `documentData` query parameter of `createDocument`.',
      }),
    );
    expect(JSON.stringify(archive)).not.toMatch(/replaced schema|annotation \(/);
  });

  it('reports the container session-status split of 2026-11-25 as moved to paths with the same URLs, not breaking', () => {
    const container = histories.find((h) => h.specId === 'dmss-container-and-signature-services')!;
    const entry = container.entries.find((e) => e.revision === '2026-11-25')!;
    expect(entry.breaking).toBe(false);
    expect(entry.removed).toEqual([]);
    expect(entry.moved?.[0]?.from.path).toBe('/api/signing/{method}/session/{session}/status/{pollwaitinmilliseconds}');
    expect(entry.moved?.[0]?.to).toHaveLength(5);
  });

  it('says that ps-server 3.33 removed the legacy PadSign calls, and counts that as breaking', () => {
    const padsign = histories.find((h) => h.specId === 'padsign-2.0-server')!;
    const entry = padsign.entries.find((e) => e.deprecated.some((op) => op.operationId === 'registerUserLegacy'))!;
    expect(entry.deprecated.find((op) => op.operationId === 'registerUserLegacy')?.removedIn).toBe('ps-server 3.33');
    expect(entry.breaking).toBe(true);
    expect(summarize(entry)).toMatch(/^Breaking changes\. 5 removed in ps-server 3\.33, texts/);
    expect(digest(entry)).toContain(
      'Removed in ps-server 3.33 (kept in the reference, marked deprecated, for older servers)',
    );
  });
});

describe('list_changes since', () => {
  const entry = (revision: string, versionAfter: string): ChangeEntry => ({
    revision,
    date: revision.slice(0, 10),
    versionAfter,
    breaking: false,
    added: [],
    removed: [],
    deprecated: [],
    changed: [],
    other: [],
  });
  // Newest first; info.version 24.3.0.36 stays the same over three revisions.
  const entries = [
    entry('2026-11-25', '24.3.0.36'),
    entry('2026-11-23-2', '24.3.0.36'),
    entry('2026-11-23', '24.3.0.36'),
    entry('2026-11-22', '24.3.0.35'),
  ];
  const revisions = (list: readonly ChangeEntry[]) => list.map((e) => e.revision);

  it('counts a version from the oldest revision that published it', () => {
    expect(revisions(entriesSince(entries, '24.3.0.36'))).toEqual(['2026-11-25', '2026-11-23-2']);
    expect(revisions(entriesSince(entries, '24.3.0.35'))).toEqual(['2026-11-25', '2026-11-23-2', '2026-11-23']);
  });

  it('takes a revision id or a day', () => {
    expect(revisions(entriesSince(entries, '2026-11-23-2'))).toEqual(['2026-11-25']);
    expect(revisions(entriesSince(entries, '2026-11-23'))).toEqual(['2026-11-25', '2026-11-23-2']);
    expect(revisions(entriesSince(entries, '2026-11-24'))).toEqual(['2026-11-25']);
  });

  it('orders revisions of one day by number, not as text', () => {
    const many = [entry('2026-11-23-10', '1'), entry('2026-11-23-9', '1'), entry('2026-11-23', '1')];
    expect(revisions(entriesSince(many, '2026-11-23-9'))).toEqual(['2026-11-23-10']);
  });

  it('tells assistants that a bare day means its first revision, so its later revisions are listed', () => {
    const tool = TOOLS.find((t) => t.name === 'list_changes')!;
    const since = tool.inputSchema.properties.since as {description: string};
    for (const text of [tool.description, since.description]) {
      expect(text).toMatch(/day.*first revision.*later revisions are listed/);
    }
  });

  it('does not call a documentation-only entry breaking', () => {
    const corrected: ChangeEntry = {...entry('2026-11-28', '2.0.0'), breaking: true, documentationOnly: true};
    expect(entryMarkdown('padsign-2.0-server', corrected)).toMatch(
      /^## 2026-11-28 \(version 2\.0\.0\): documentation only, the server did not change\n/,
    );
  });

  it('says which revisions the answer covers', () => {
    const listed = entriesSince(entries, '24.3.0.36');
    expect(sinceScope(entries, '24.3.0.36', listed)).toBe(
      'Covers revisions 2026-11-23-2, 2026-11-25: everything after revision 2026-11-23, the first that published info.version 24.3.0.36 (3 revisions carry it: 2026-11-23, 2026-11-23-2, 2026-11-25).',
    );
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

  it('titles items with service, version and date, a second update of the day apart, each with its own time', () => {
    const second: FeedEntry = {...entry, revision: '2026-11-25-2', previous: '2026-11-25', note: undefined};
    const timed: FeedEntry = {...entry, published: '2026-11-25T07:12:31.000Z'};
    expect(itemTitle(entry)).toBe('Archive Service, version 2.3.24, 2026-11-25');
    expect(itemTitle(second)).toBe('Archive Service, version 2.3.24, 2026-11-25 (update 2 of the day)');
    expect(publishedAt(timed).toISOString()).toBe('2026-11-25T07:12:31.000Z');
    expect(publishedAt(second).getTime()).toBeGreaterThan(publishedAt(entry).getTime());
    const xml = rssFeed({...feed, entries: [second, timed]}, 'https://portal.example');
    expect(xml).toContain('<pubDate>Wed, 25 Nov 2026 07:12:31 GMT</pubDate>');
  });

  it('summarises an item by the operations it touches, breaking changes first', () => {
    const changed: FeedEntry = {
      ...entry,
      breaking: true,
      changed: [
        {
          method: 'POST',
          path: '/d',
          tag: 't',
          operationId: 'createDocument',
          changes: [
            {kind: 'annotation', description: 'The summary of `createDocument` was revised.', pointer: '#/summary'},
            {kind: 'non-breaking', description: '`createDocument` can now answer 409.', pointer: '#/responses/409'},
            {
              kind: 'breaking',
              description: '`documentType` is now required in the request body of `createDocument`.',
              explanation: 'Requests that leave it out are now refused.',
              pointer: '#/requestBody',
            },
          ],
        },
      ],
    };
    expect(digest(changed)).toBe(
      'Added: `a`. Breaking: `documentType` is now required in the request body of `createDocument`. Requests that leave it out are now refused. `createDocument` can now answer 409.',
    );
  });

  it('does not title or summarise a documentation-only entry as breaking', () => {
    const corrected: FeedEntry = {...entry, breaking: true, documentationOnly: true};
    expect(itemTitle(corrected)).toBe('Archive Service, version 2.3.24, 2026-11-25: documentation only');
    expect(itemTitle({...entry, breaking: true})).toBe('Archive Service, version 2.3.24, 2026-11-25: breaking changes');
    expect(summarize(corrected)).not.toMatch(/breaking/i);
  });

  it('records an entry marked documentation only as such, with nothing breaking', async () => {
    const recorded = await recordEntry({
      specId: 'parameter-became-required',
      before: {doc: read('breaking', 'parameter-became-required', 'before'), revision: '2026-11-22'},
      after: read('breaking', 'parameter-became-required', 'after'),
      date: '2026-11-23',
      taken: ['2026-11-22'],
      documentationOnly: true,
    });
    expect(recorded).toMatchObject({documentationOnly: true, breaking: false});
    expect(recorded.changed.flatMap((op) => op.changes).map((c) => c.description)).toEqual([
      'The reference now documents the `version` query parameter of `getDocument` as required; the server did not change.',
    ]);
  });

  it('writes Atom with one entry per entry', () => {
    const xml = atomFeed({...feed, selfUrl: 'https://portal.example/api/changes/atom.xml'}, 'https://portal.example');
    expect(xml.match(/<entry>/g)).toHaveLength(1);
    expect(xml).toContain('<updated>2026-11-25T00:00:00.000Z</updated>');
  });
});
