/**
 * The site search's ranking (src/lib/search) on small records made for each
 * rule, the records the build makes from a spec and a page, and the gathering
 * of the records other plugins contribute.
 */
import fs from 'node:fs';
import path from 'node:path';
import {describe, expect, it} from 'vitest';
import MiniSearch from 'minisearch';
import {parse} from 'yaml';
import {
  apiSearchDocuments,
  changeSearchDocument,
  plainText,
  type SearchDocument,
  type SearchKind,
} from '../../src/lib/search/documents';
import {apiSpecs} from '../../src/config/apiSpecs';
import {
  buildSearchIndex,
  coverage,
  DEPRECATED_WEIGHT,
  EXACT_WEIGHT,
  FIELD_WEIGHTS,
  KIND_WEIGHTS,
  loadSearchIndex,
  markWords,
  MAX_QUERY_TERMS,
  runSearch,
  snippet,
  SNIPPET_LENGTH,
  storedRecords,
  type SearchHit,
  type SerializedSearchIndex,
  type SnippetPart,
} from '../../src/lib/search/engine';
import {queryTerms, queryWords, tokenize} from '../../src/lib/search/language';
import {checkInternals} from '../../src/lib/search/termScores';
import {pageSections} from '../../src/plugins/site-search/sections';
import {contributedRecords, sectionRecords} from '../../src/plugins/site-search';

const root = path.resolve(__dirname, '../..');

const record = (id: string, fields: Partial<SearchDocument>): SearchDocument => ({
  id,
  kind: 'operation',
  title: '',
  service: 'Test Service',
  keywords: '',
  text: '',
  url: `/api/test#${id}`,
  markdown: '/api/test.md',
  ...fields,
});

/** Builds, serialises and loads the index as the build and the browser do, then asks it. */
function ids(records: SearchDocument[], query: string, limit = 10): string[] {
  const serialized = JSON.parse(JSON.stringify(buildSearchIndex(records))) as SerializedSearchIndex;
  return runSearch(loadSearchIndex(serialized), query, limit).map((hit) => hit.id);
}

describe('the words of the search', () => {
  it('cuts camelCase, digits and punctuation, lower-cases, and leaves out stop words and single letters', () => {
    expect(tokenize('createDocument signPDF_1 /api/v2/document/{id}')).toEqual([
      'createdocument',
      'create',
      'document',
      'signpdf',
      'sign',
      'pdf',
      'api',
      'v2',
      'document',
      'id',
    ]);
    expect(tokenize('What port does the archive service use?')).toEqual(['port', 'archive', 'service', 'use']);
  });

  it('looks for each word, its stem and its synonyms, the last word as a prefix while it is typed', () => {
    const terms = queryTerms('validate signatu');
    expect(terms.find((t) => t.term === 'validate')).toMatchObject({weight: 1, prefix: false, fuzzy: 0.2});
    expect(terms.find((t) => t.term === 'valid')).toMatchObject({prefix: false, synonym: false, words: [0]});
    expect(terms.find((t) => t.term === 'verify')).toMatchObject({synonym: true, words: [0]});
    expect(terms.find((t) => t.term === 'signatu')).toMatchObject({prefix: true});
    // A finished word (followed by a space) is not a prefix.
    expect(queryTerms('signatu ').find((t) => t.term === 'signatu')?.prefix).toBe(false);
  });
});

describe('the ranking', () => {
  it('finds a word by its stem: "validate" finds "validation" and "port" finds "ports"', () => {
    const records = [
      record('validation', {title: 'Validation report of a file'}),
      record('ports', {kind: 'doc', title: 'Ports and network'}),
      record('other', {title: 'Download a file'}),
    ];
    expect(ids(records, 'validate ')).toEqual(['validation']);
    expect(ids(records, 'port ')).toEqual(['ports']);
  });

  it('forgives one typo in a word of five letters or more, but not in a short word', () => {
    const records = [record('sig', {title: 'Signature of a container'}), record('pdf', {title: 'Sign a PDF'})];
    expect(ids(records, 'signture')).toEqual(['sig']);
    expect(ids(records, 'pfd')).toEqual([]);
  });

  it('does not let a question word decide: "what" matches nothing and costs nothing', () => {
    const records = [
      record('ports', {kind: 'doc', title: 'Ports', service: 'Archive Service', text: 'The archive listens on 8090.'}),
      record('what', {title: 'What the service is', service: 'Other'}),
    ];
    expect(ids(records, 'what port does the archive use')).toEqual(['ports']);
  });

  it('weighs a word in the title above the same word in the text', () => {
    const records = [
      record('text', {title: 'Read a record', text: 'Also returns the container of the record.'}),
      record('title', {title: 'Read a container', text: 'Also returns the record.'}),
    ];
    expect(ids(records, 'container')).toEqual(['title', 'text']);
  });

  it('ranks a record with every word of the query above one with a few of them many times', () => {
    const records = [
      record('compose', {title: 'Compose a container', keywords: 'composeContainer', service: 'Container Service'}),
      record('install', {kind: 'doc', title: 'Install with Docker Compose', service: 'Container Service'}),
      // The rest of a real index, where "container" is common and "docker" rare.
      ...['read', 'delete', 'sign', 'seal', 'list', 'download'].map((verb) =>
        record(verb, {title: `${verb} a container`, keywords: `${verb}Container`, service: 'Container Service'}),
      ),
    ];
    expect(ids(records, 'docker compose container').slice(0, 2)).toEqual(['install', 'compose']);
    expect(coverage(queryTerms('docker compose'), 2, ['compose'])).toBe(0.5);
  });

  it('matches the service name: "archive a document" puts the archive service first', () => {
    const records = [
      record('archive', {title: 'Create a document', service: 'Archive Service'}),
      record('container', {title: 'Read a document', service: 'Container Service'}),
    ];
    expect(ids(records, 'archive a document')).toEqual(['archive', 'container']);
  });

  it('puts a deprecated operation below a current one that matches as well, and marks it', () => {
    const records = [
      record('old', {title: 'Register a signer', deprecated: true}),
      record('new', {title: 'Register a signer'}),
    ];
    expect(ids(records, 'register signer')).toEqual(['new', 'old']);
    const serialized = buildSearchIndex(records);
    const [, old] = runSearch(loadSearchIndex(serialized), 'register signer');
    expect(old).toMatchObject({id: 'old', deprecated: true});
  });

  it('puts a schema after an operation with the same words', () => {
    const records = [
      record('schema', {kind: 'schema', title: 'ValidationReport'}),
      record('op', {title: 'Validation report'}),
    ];
    expect(ids(records, 'validation report')).toEqual(['op', 'schema']);
  });

  it('puts the operation whose path or operationId the query is first', () => {
    const records = [
      record('operation:c:composeContainerV2', {
        title: 'Compose a container (version 2)',
        path: '/api/v2/container/compose',
        keywords: 'composeContainerV2 /api/v2/container/compose',
      }),
      record('operation:c:composeContainer', {
        title: 'Build from archive documents',
        path: '/api/container/compose',
        keywords: 'composeContainer /api/container/compose',
      }),
    ];
    expect(ids(records, '/api/container/compose')[0]).toBe('operation:c:composeContainer');
    expect(ids(records, 'composecontainer')[0]).toBe('operation:c:composeContainer');
  });

  it('names the parts of MiniSearch it reads when an upgrade takes one away', () => {
    const index = new MiniSearch({fields: ['title']});
    expect(() => checkInternals(index)).not.toThrow();
    delete (index as unknown as {_index?: unknown})._index;
    expect(() => checkInternals(index)).toThrow(/_index \(get, atPrefix, fuzzyGet\).*termScores\.ts/);
  });

  it('refuses two records with one id and an index of another format', () => {
    expect(() => buildSearchIndex([record('a', {}), record('a', {})])).toThrow('two records have the id a');
    expect(() => loadSearchIndex({format: 0, count: 0, index: {}})).toThrow('format 0');
  });
});

describe('a query typed a key at a time', () => {
  const records = [
    record('upload', {title: 'Upload a document', text: 'Stores a new document in the archive service.'}),
    record('status', {title: 'Session status', text: 'Ask the archive for the status of a signing session.'}),
    record('archive', {kind: 'doc', title: 'Archive Service', text: 'The archive keeps documents and their versions.'}),
  ];
  const load = () => loadSearchIndex(JSON.parse(JSON.stringify(buildSearchIndex(records))) as SerializedSearchIndex);

  it('looks up only the word being typed again: the words before it are remembered', () => {
    const engine = load();
    const looked: string[] = [];
    // Each term's lookup of its own word in MiniSearch's index (see termScores.ts).
    const index = engine.scoring.index;
    const lookUp = index.get.bind(index);
    index.get = (word) => {
      looked.push(word);
      return lookUp(word);
    };
    runSearch(engine, 'archive session st');
    looked.length = 0;
    runSearch(engine, 'archive session sta');
    expect(looked).toEqual(['sta']);
  });

  it('answers each key as a fresh index answers the whole query', () => {
    const typing = load();
    const query = 'upload a new document to the archive';
    for (let end = 1; end <= query.length; end++) {
      const typed = query.slice(0, end);
      const fresh = runSearch(load(), typed);
      expect(runSearch(typing, typed), typed).toEqual(fresh);
    }
  });
});

describe('snippets', () => {
  it('shows the text around the first matched word, the matched words marked', () => {
    const text = `${'Lorem ipsum dolor sit amet. '.repeat(10)}Poll the session status until it completes.`;
    const parts = snippet(text, ['session', 'status'], 80);
    expect(parts[0]).toEqual({text: '…'});
    expect(parts.filter((part) => part.mark).map((part) => part.text)).toEqual(['session', 'status']);
  });

  it('comes with each hit, with the title marked too', () => {
    const [hit] = runSearch(
      loadSearchIndex(buildSearchIndex([record('a', {title: 'Session status', text: 'Ask for the session status.'})])),
      'session',
    );
    expect(hit!.titleParts).toEqual([{text: 'Session', mark: true}, {text: ' status'}]);
    expect(hit!.snippet.some((part) => part.mark && part.text === 'session')).toBe(true);
  });
});

describe("the ranking on the platform's APIs", () => {
  const records = apiSpecs.flatMap((spec) =>
    apiSearchDocuments({
      id: spec.id,
      label: spec.id,
      doc: parse(fs.readFileSync(path.join(root, 'openapi', `${spec.id}.yaml`), 'utf8')) as object,
    }),
  );
  const serialized = JSON.parse(JSON.stringify(buildSearchIndex(records))) as SerializedSearchIndex;

  /** A hit as the comparison with the public search sees it: its scores and its marked words. */
  type Compared = {id: string; score: number; titleParts: SnippetPart[]; snippet: SnippetPart[]};
  const compared = (hit: SearchHit): Compared => ({
    id: hit.id,
    score: hit.score,
    titleParts: hit.titleParts,
    snippet: hit.snippet,
  });

  /**
   * The same ranking made from MiniSearch's public search() (result objects for every record, sorted), as the
   * engine made it before it scored the index's terms itself: both must give the same hits in the same order, with
   * the same words marked (the words of each record that each term matched, in the order of the terms).
   */
  function publicRanking(query: string, limit: number): Compared[] {
    const {index} = loadSearchIndex(serialized);
    // A query's first MAX_QUERY_TERMS terms rank it.
    const terms = queryTerms(query).slice(0, MAX_QUERY_TERMS);
    const byTerm = new Map(terms.map((term) => [term.term, term]));
    const matched = new Map<
      string,
      {score: number; queryTerms: string[]; words: Set<string>; path?: string; title: string; excerpt: string}
    >();
    for (const term of terms) {
      const options = {
        boost: {...FIELD_WEIGHTS},
        tokenize: (text: string) => [text],
        processTerm: (text: string) => text,
        prefix: term.prefix,
        fuzzy: term.fuzzy,
        maxFuzzy: 1,
        boostTerm: () => term.weight,
        boostDocument: (_id: unknown, _term: string, stored?: Record<string, unknown>) =>
          (KIND_WEIGHTS[stored?.kind as SearchKind] ?? 1) * (stored?.deprecated === true ? DEPRECATED_WEIGHT : 1),
      };
      for (const result of index.search(term.term, options)) {
        const known = matched.get(String(result.id));
        const words = Object.keys(result.match);
        if (known) {
          known.score += result.score;
          known.queryTerms.push(term.term);
          for (const word of words) known.words.add(word);
        } else
          matched.set(String(result.id), {
            score: result.score,
            queryTerms: [term.term],
            words: new Set(words),
            path: result.path,
            title: result.title ?? '',
            excerpt: result.excerpt ?? '',
          });
      }
    }
    const wanted = query.trim().toLowerCase();
    const wordCount = queryWords(query).length;
    return [...matched]
      .map(([id, entry]) => {
        const exact =
          entry.path?.toLowerCase() === wanted ||
          (id.startsWith('operation:') && id.slice(id.lastIndexOf(':') + 1).toLowerCase() === wanted);
        const share = coverage([...byTerm.values()], wordCount, entry.queryTerms);
        return {
          id,
          score: entry.score * entry.queryTerms.length * share ** 2 * (exact ? EXACT_WEIGHT : 1),
          titleParts: markWords(entry.title, [...entry.words]),
          snippet: snippet(entry.excerpt, [...entry.words], SNIPPET_LENGTH),
        };
      })
      .sort((a, b) => b.score - a.score || (a.id < b.id ? -1 : 1))
      .slice(0, limit);
  }

  it("gives, key by key, the hits and scores MiniSearch's public search gives", () => {
    const engine = loadSearchIndex(serialized);
    for (const query of ['validate signature', 'createDocument', '/api/container/compose', 'signture', 'what port']) {
      for (let end = 1; end <= query.length; end++) {
        const typed = query.slice(0, end);
        expect(runSearch(engine, typed, 20).map(compared), typed).toEqual(publicRanking(typed, 20));
      }
    }
  });

  it('ranks a long question as the public search does, and a query of more terms than it ranks by', () => {
    const engine = loadSearchIndex(serialized);
    // Each of its words brings its stem and synonyms: well over a dozen terms, each with its bit (see matchAll).
    const question =
      'how do I validate the signatures of an uploaded signed container and get its validation report back';
    expect(queryTerms(question).length).toBeGreaterThan(15);
    expect(queryTerms(question).length).toBeLessThanOrEqual(MAX_QUERY_TERMS);
    expect(runSearch(engine, question, 20).map(compared)).toEqual(publicRanking(question, 20));
    // Past MAX_QUERY_TERMS, the later terms do not count (a pasted paragraph, not a question).
    const pasted = [3, 2, 1, 0].map((i) => question.replace(/\w+/g, (word) => `${word}${'x'.repeat(i)}`)).join(' ');
    expect(queryTerms(pasted).length).toBeGreaterThan(MAX_QUERY_TERMS);
    const long = runSearch(engine, pasted, 20).map(compared);
    expect(long).toHaveLength(20);
    expect(long).toEqual(publicRanking(pasted, 20));
  });
});

describe('the records the build makes', () => {
  const orders = parse(fs.readFileSync(path.join(root, 'tests/fixtures/markdown-twins/orders.yaml'), 'utf8'));

  it('makes a record of each operation and of each schema an operation uses', () => {
    const records = apiSearchDocuments({id: 'orders', label: 'Order Service', doc: orders});
    const create = records.find((r) => r.id === 'operation:orders:createOrder')!;
    expect(create).toMatchObject({
      kind: 'operation',
      title: 'Place an order',
      method: 'POST',
      path: '/orders',
      url: '/api/orders#tag/orders/operation/createOrder',
      markdown: '/api/orders/createOrder.md',
    });
    // The body's field names are words the operation is found by.
    expect(create.keywords).toContain('quantity');
    expect(records.filter((r) => r.kind === 'schema').map((r) => r.title)).toEqual(['Address', 'Order', 'Part']);
  });

  it('links an operation of a reference cut into tag pages to its tag page', () => {
    const records = apiSearchDocuments({
      id: 'orders',
      label: 'Order Service',
      doc: orders,
      tagAnchors: {orders: '/api/orders/tag/orders#tag/orders'},
    });
    expect(records.find((r) => r.id === 'operation:orders:getOrder')?.url).toBe(
      '/api/orders/tag/orders#tag/orders/operation/getOrder',
    );
  });

  it('cuts a page into its sections, each with the anchor Docusaurus gives its heading', () => {
    const sections = pageSections(
      [
        '# Guide',
        '',
        'Intro text.',
        '## Install with `Docker` Compose',
        '```mermaid',
        'flowchart LR',
        '```',
        'Run [the command](/x).',
        '```bash',
        '## not a heading',
        '```',
        '### Install with Docker Compose',
        '| Port | Use |',
        '|---|---|',
        '| 8090 | API |',
      ].join('\n'),
      'Guide',
    );
    expect(sections.map(({heading, anchor}) => [heading, anchor])).toEqual([
      ['Guide', ''],
      ['Install with Docker Compose', 'install-with-docker-compose'],
      ['Install with Docker Compose', 'install-with-docker-compose-1'],
    ]);
    expect(sections[1]!.text).toBe('Run the command. ## not a heading');
    expect(sections[2]!.text).toBe('Port Use 8090 API');
  });

  it("reads a heading as Docusaurus renders it, so its anchor is the page's: an underscore inside a word stays", () => {
    const sections = pageSections(
      [
        '# Guide',
        '### dmsscommand_1_0_1 (Content Server with the 16.2 kernel)',
        'Text.',
        '### The `JAVA_OPTS` **variable** and *more*',
        'Text.',
      ].join('\n'),
      'Guide',
    );
    expect(sections.map(({heading, anchor}) => [heading, anchor])).toEqual([
      [
        'dmsscommand_1_0_1 (Content Server with the 16.2 kernel)',
        'dmsscommand_1_0_1-content-server-with-the-162-kernel',
      ],
      ['The JAVA_OPTS variable and more', 'the-java_opts-variable-and-more'],
    ]);
  });

  it("keeps code as it is written in a record's text: code spans and the lines of a code block", () => {
    expect(
      plainText('Set `JAVA_OPTS`; see **bold**, _it_ and snake_case, the glob `*.yaml` and <code>a_b</code>.'),
    ).toBe('Set JAVA_OPTS; see bold, it and snake_case, the glob *.yaml and a_b.');
    expect(plainText('## Title\n\n> A quote\n\n- one\n* two\n\n| a | b |')).toBe('Title A quote one two a b');
    expect(plainText('K &mdash; keyspace &amp; more: &#39;x&#x27;, `&lt;kept&gt;`, &unknown;')).toBe(
      "K — keyspace & more: 'x', &lt;kept&gt;, &unknown;",
    );
    const [section] = pageSections(
      ['# Guide', '```bash', 'export JAVA_OPTS="-Xmx1g"  # *not* emphasis', 'ls | grep _x_', '```'].join('\n'),
      'Guide',
    );
    expect(section!.text).toBe('export JAVA_OPTS="-Xmx1g" # *not* emphasis ls | grep _x_');
  });

  it('gives the opening of a page its description once, whether or not the Markdown quotes it', () => {
    const page = {kind: 'doc' as const, title: 'Guide', description: 'How to install it.', url: '/docs/Guide'};
    const twin = ['# Guide', '', '> How to install it.', '', 'Source page: https://x/docs/Guide', '', 'First step.'];
    expect(sectionRecords(page, twin.join('\n'))[0]!.text).toBe('How to install it. First step.');
    expect(sectionRecords(page, ['# Guide', '', 'First step.'].join('\n'))[0]!.text).toBe(
      'How to install it. First step.',
    );
  });

  it('makes a change entry a record found by the operations it names', () => {
    const change = changeSearchDocument({
      specId: 'orders',
      label: 'Order Service',
      revision: '2026-11-10',
      date: '2026-11-10',
      versionAfter: '1.1.0',
      breaking: true,
      lines: ['Removed GET /orders/{orderId}/copies.'],
    });
    expect(change).toMatchObject({
      id: 'change:orders:2026-11-10',
      title: 'Changes in Order Service 1.1.0, 2026-11-10 (breaking)',
      url: '/api/orders/changes#2026-11-10',
    });
  });

  it('gathers the records plugins put in their content, also one level down (one value per API)', () => {
    const a = record('a', {});
    const b = record('b', {});
    expect(
      contributedRecords({
        'portal-api-changes': {default: {histories: [], searchDocuments: [a]}},
        'portal-api-reference': {default: {orders: {version: 'x', searchDocuments: [b]}}},
        other: {default: {searchDocuments: 'not a list'}},
      }).map((r) => r.id),
    ).toEqual(['a', 'b']);
  });

  it('keeps what a result shows, and lists it without a query', () => {
    const stored = storedRecords(buildSearchIndex([record('a', {title: 'A', method: 'GET', text: 'x '.repeat(400)})]));
    expect(stored).toEqual([expect.objectContaining({id: 'a', title: 'A', method: 'GET', kind: 'operation'})]);
    expect((stored[0] as {excerpt?: string}).excerpt!.length).toBeLessThanOrEqual(481);
  });
});
