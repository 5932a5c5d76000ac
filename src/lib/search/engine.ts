/**
 * The site's one search ranking, for the navbar box, the search page and the
 * MCP server alike: MiniSearch (BM25 with field weights, prefix and fuzzy
 * matching) over the records of ./documents.ts, with the language rules of
 * ./language.ts. The build serialises the index (`buildSearchIndex`); readers
 * load it (`loadSearchIndex`) and ask it (`runSearch`). Why MiniSearch, and how
 * the weights were chosen: handbook/search.md.
 */
import MiniSearch, {type Options} from 'minisearch';
import {clip, type SearchDocument, type SearchKind} from './documents';
import {indexTerms, queryTerms, queryWords, tokenize, type QueryTerm} from './language';
import {
  addTo,
  checkInternals,
  clearTally,
  hasBit,
  internals,
  newTally,
  prepareScoring,
  scoreTerm,
  wordsMatched,
  type Scoring,
  type Tally,
  type TermScores,
} from './termScores';

/** Stored with each record: what a result shows without loading anything else. */
const STORED = [
  'kind',
  'title',
  'service',
  'url',
  'markdown',
  'method',
  'path',
  'tag',
  'deprecated',
  'excerpt',
] as const;

/** Characters of a record's text kept for its snippet: the index stays small; the page has the rest. */
export const EXCERPT_LENGTH = 480;

/**
 * Field weights: a word in the title (heading, summary, schema name) counts most; the words a developer
 * types (operationId, path, parameter and field names) next; the service or page name; then the prose.
 */
export const FIELD_WEIGHTS = {title: 3, keywords: 2, service: 1.5, text: 1} as const;

/** A deprecated operation still shows, a little lower than a current one that matches as well. */
export const DEPRECATED_WEIGHT = 0.75;

/**
 * Weights of the kinds: a schema, a blog post or a change entry answers fewer questions than the doc or the operation
 * that uses the same words, so it comes after them when both match as well.
 */
export const KIND_WEIGHTS: Readonly<Record<SearchKind, number>> = {
  doc: 1,
  operation: 1,
  blog: 0.7,
  schema: 0.55,
  change: 0.7,
};

const indexOptions: Options<SearchDocument> = {
  idField: 'id',
  fields: Object.keys(FIELD_WEIGHTS),
  storeFields: [...STORED],
  tokenize,
  // Index time: tokenize() has already lower-cased and dropped stop words; each word also stands for its stem.
  processTerm: indexTerms,
  extractField: (record, field) =>
    field === 'excerpt' ? clip(record.text, EXCERPT_LENGTH) : (record as unknown as Record<string, string>)[field],
};

/** The index as the build writes it (JSON). */
export interface SerializedSearchIndex {
  /** Bumped when the fields or the language rules change, so an old file is not read with new rules. */
  format: number;
  count: number;
  index: unknown;
}

export const SEARCH_INDEX_FORMAT = 2;

export function buildSearchIndex(records: readonly SearchDocument[]): SerializedSearchIndex {
  const ids = new Set<string>();
  for (const record of records) {
    if (ids.has(record.id)) throw new Error(`Search index: two records have the id ${record.id}`);
    ids.add(record.id);
  }
  const search = new MiniSearch<SearchDocument>(indexOptions);
  checkInternals(search);
  search.addAll(records);
  return {format: SEARCH_INDEX_FORMAT, count: records.length, index: search.toJSON()};
}

/**
 * A loaded index, and what the terms of the last queries found. A reader types a query a key at a time: from one
 * key to the next only the last word changes, so the words before it are not looked up again (see termResults).
 */
export interface SearchEngine {
  readonly index: MiniSearch<SearchDocument>;
  readonly recent: Map<string, TermScores>;
  /** Lower-cased operation paths and operationIds, each to the records it names (see EXACT_WEIGHT). */
  readonly named: ReadonlyMap<string, readonly number[]>;
  /** Each field's weight and lengths, each record's weight: what scoring a term needs (./termScores.ts). */
  readonly scoring: Scoring;
  /** Per record, the query's sum of its terms' scores and which terms matched (see matchAll). */
  readonly tally: Tally;
}

/** Terms remembered, the least recently used forgotten first: the words of a few queries. */
export const RECENT_TERMS = 64;

export function loadSearchIndex(serialized: SerializedSearchIndex): SearchEngine {
  if (serialized.format !== SEARCH_INDEX_FORMAT) {
    throw new Error(`Search index: format ${serialized.format}, this code reads format ${SEARCH_INDEX_FORMAT}`);
  }
  const index = MiniSearch.loadJS<SearchDocument>(
    serialized.index as Parameters<typeof MiniSearch.loadJS>[0],
    indexOptions,
  );
  checkInternals(index);
  const scoring = prepareScoring(index, indexOptions.fields!, FIELD_WEIGHTS, recordWeight);
  return {index, recent: new Map(), named: namedRecords(index), scoring, tally: newTally(scoring.recordWeights.length)};
}

/** Each operation's path and operationId (lower case), to the records they name: a query that is one of them. */
function namedRecords(index: MiniSearch<SearchDocument>): Map<string, number[]> {
  const {_documentIds: ids, _storedFields: stored} = internals(index);
  const named = new Map<string, number[]>();
  const add = (name: string, record: number) => {
    const records = named.get(name);
    if (!records) named.set(name, [record]);
    else if (!records.includes(record)) records.push(record);
  };
  for (const [record, id] of ids) {
    const path = stored.get(record)?.path;
    if (path) add(path.toLowerCase(), record);
    if (id.startsWith('operation:')) add(id.slice(id.lastIndexOf(':') + 1).toLowerCase(), record);
  }
  return named;
}

/** A stretch of a snippet, marked when it is a word the query matched. */
export interface SnippetPart {
  text: string;
  mark?: true;
}

/** A result: what its record stores for showing it, with its score, snippet and marked title. */
export interface SearchHit extends Pick<
  SearchDocument,
  'id' | 'kind' | 'title' | 'service' | 'url' | 'markdown' | 'method' | 'path' | 'tag' | 'deprecated'
> {
  score: number;
  /** Around the first matched word of the text, the matched words marked. */
  snippet: SnippetPart[];
  /** The title with the matched words marked. */
  titleParts: SnippetPart[];
}

const WORD = /[\p{L}\p{N}]+/gu;

/** Splits `text` into parts, marking each word that begins with one of `terms`. */
export function markWords(text: string, terms: readonly string[]): SnippetPart[] {
  const parts: SnippetPart[] = [];
  let last = 0;
  for (const match of text.matchAll(WORD)) {
    const word = match[0].toLowerCase();
    if (!terms.some((term) => word.startsWith(term))) continue;
    if (match.index > last) parts.push({text: text.slice(last, match.index)});
    parts.push({text: match[0], mark: true});
    last = match.index + match[0].length;
  }
  if (last < text.length) parts.push({text: text.slice(last)});
  return parts;
}

/** About `length` characters of `text` around its first word that begins with one of `terms`. */
export function snippet(text: string, terms: readonly string[], length = SNIPPET_LENGTH): SnippetPart[] {
  let first = -1;
  for (const match of text.matchAll(WORD)) {
    if (terms.some((term) => match[0].toLowerCase().startsWith(term))) {
      first = match.index;
      break;
    }
  }
  let start = first < 0 ? 0 : Math.max(0, first - Math.floor(length / 3));
  if (start > 0) {
    const space = text.indexOf(' ', start);
    start = space >= 0 && space < first ? space + 1 : start;
  }
  let end = Math.min(text.length, start + length);
  if (end < text.length) {
    const space = text.lastIndexOf(' ', end);
    end = space > start + length / 2 ? space : end;
  }
  const parts = markWords(text.slice(start, end), terms);
  if (start > 0) parts.unshift({text: '…'});
  if (end < text.length) parts.push({text: '…'});
  return parts;
}

/** A record's weight: its kind's, and lower when it is deprecated (MiniSearch's `boostDocument`). */
const recordWeight = (stored: Partial<SearchDocument> | undefined): number =>
  (KIND_WEIGHTS[stored?.kind as SearchKind] ?? 1) * (stored?.deprecated === true ? DEPRECATED_WEIGHT : 1);

/**
 * The records one term of a query matches, with their scores as MiniSearch's search() gives them for a query of that
 * term alone (./termScores.ts). A query's score of a record is the sum over its terms (MiniSearch's OR), so a term's
 * scores can be kept and reused by the next query that has the same term with the same options. Never modified by
 * the caller.
 */
export function termResults(engine: SearchEngine, term: QueryTerm): TermScores {
  const key = JSON.stringify([term.term, term.prefix, term.fuzzy, term.weight]);
  const known = engine.recent.get(key);
  if (known) {
    // Used again: now the most recent.
    engine.recent.delete(key);
    engine.recent.set(key, known);
    return known;
  }
  const results = scoreTerm(engine.scoring, term);
  engine.recent.set(key, results);
  if (engine.recent.size > RECENT_TERMS) engine.recent.delete(engine.recent.keys().next().value!);
  return results;
}

/**
 * The records any term of the query matches (MiniSearch's OR of the terms; see runSearch for the score), in the
 * engine's tally: per record, the sum of its terms' scores, and which terms matched as a number whose bit i stands
 * for `terms[i]`. Thousands of records match a query that has a common word or a short prefix, so nothing is made
 * per record: the tally's arrays are indexed by the record's internal number.
 */
function matchAll(tally: Tally, perTerm: readonly TermScores[]): Tally {
  clearTally(tally);
  perTerm.forEach(({records, scores}, i) => {
    const bit = 2 ** i;
    for (let j = 0; j < records.length; j++) addTo(tally, records[j]!, scores[j]!, bit);
  });
  return tally;
}

/**
 * The terms of a query that take part in its ranking: its first 52, so that each has a bit of a number (see
 * matchAll). Each word of a query makes one to four terms, so that is a question of a dozen words or more.
 */
export const MAX_QUERY_TERMS = 52;

/** A synonym covers its word by this much: a record with the reader's own word ranks above one with a synonym. */
export const SYNONYM_COVERAGE = 0.5;

/**
 * The share of the query's words a result has (its own word, stem or a word one typo away counts 1, a synonym
 * SYNONYM_COVERAGE). Results are ordered by their score times the square of this share, so a record with every
 * word the reader typed comes before one that has a few of them many times (as Algolia ranks by words matched
 * before relevance).
 */
export function coverage(terms: readonly QueryTerm[], wordCount: number, matched: readonly string[]): number {
  return coverageOf(new Map(terms.map((term) => [term.term, term])), wordCount, matched);
}

function coverageOf(byTerm: ReadonlyMap<string, QueryTerm>, wordCount: number, matched: readonly string[]): number {
  if (wordCount === 0) return 0;
  const best = new Array<number>(wordCount).fill(0);
  for (const name of matched) {
    const term = byTerm.get(name);
    if (!term) continue;
    for (const word of term.words) best[word] = Math.max(best[word]!, term.synonym ? SYNONYM_COVERAGE : 1);
  }
  return best.reduce((sum, value) => sum + value, 0) / wordCount;
}

/**
 * A query that is exactly an operation's path or operationId (`/api/container/compose`, `createDocument`) puts
 * that operation first: the reader has named it.
 */
export const EXACT_WEIGHT = 10;

/** Characters of a result's snippet where the caller does not say (the results page, the MCP server). */
export const SNIPPET_LENGTH = 160;

/**
 * The records that answer `query`, best first (equal scores in the order of their ids), each with a snippet of
 * about `snippetLength` characters.
 */
export function runSearch(
  engine: SearchEngine,
  query: string,
  limit = 10,
  snippetLength = SNIPPET_LENGTH,
): SearchHit[] {
  const terms = queryTerms(query).slice(0, MAX_QUERY_TERMS);
  if (terms.length === 0 || limit < 1) return [];
  const wordCount = queryWords(query).length;
  const byTerm = new Map(terms.map((term) => [term.term, term]));
  const exact = new Set(engine.named.get(query.trim().toLowerCase()));
  const {_documentIds: ids, _storedFields: stored} = internals(engine.index);
  const perTerm = terms.map((term) => termResults(engine, term));
  const {sums, bits: termsMatched, matched: matchedRecords, count: matchCount} = matchAll(engine.tally, perTerm);
  // As MiniSearch scores an OR query: the sum times the number of the query's terms matched; then times the
  // square of the share of the query's words covered. Both depend on which terms matched only, and few records
  // differ in that.
  const factors = new Map<number, {count: number; covered: number}>();
  const factorOf = (bits: number) => {
    let factor = factors.get(bits);
    if (factor === undefined) {
      const names = terms.filter((_, i) => hasBit(bits, 2 ** i)).map((term) => term.term);
      factor = {count: names.length, covered: coverageOf(byTerm, wordCount, names) ** 2};
      factors.set(bits, factor);
    }
    return factor;
  };
  // The best `limit` records, best first (equal scores in the order of their ids), kept as the records go by:
  // sorting every match cost more than the search.
  const top: {record: number; id: string; score: number}[] = [];
  const before = (score: number, record: number, other: (typeof top)[number]): boolean =>
    score > other.score || (score === other.score && ids.get(record)! < other.id);
  for (let m = 0; m < matchCount; m++) {
    const record = matchedRecords[m]!;
    const {count, covered} = factorOf(termsMatched[record]!);
    const score = sums[record]! * count * covered * (exact.has(record) ? EXACT_WEIGHT : 1);
    if (top.length === limit && !before(score, record, top[limit - 1]!)) continue;
    // Its place: after every record that ranks before it (a binary search of the kept ones).
    let low = 0;
    let high = top.length;
    while (low < high) {
      const middle = (low + high) >> 1;
      if (before(score, record, top[middle]!)) high = middle;
      else low = middle + 1;
    }
    top.splice(low, 0, {record, id: ids.get(record)!, score});
    if (top.length > limit) top.pop();
  }
  // Only the records shown are made into results, with their stored fields.
  return top.map(({record, id, score}) => {
    // The words of the record that matched, in the order of the query's terms: what the snippet and the title mark.
    const words = new Set<string>();
    const bits = termsMatched[record]!;
    perTerm.forEach((results, i) => {
      if (hasBit(bits, 2 ** i)) for (const word of wordsMatched(results, record)) words.add(word);
    });
    const matched = [...words];
    const result = stored.get(record) ?? {};
    const hit: SearchHit = {
      id,
      kind: result.kind as SearchKind,
      title: result.title ?? '',
      service: result.service ?? '',
      url: result.url ?? '',
      markdown: result.markdown ?? '',
      score,
      snippet: snippet((result as {excerpt?: string}).excerpt ?? '', matched, snippetLength),
      titleParts: markWords(result.title ?? '', matched),
    };
    if (result.method) hit.method = result.method;
    if (result.path) hit.path = result.path;
    if (result.tag) hit.tag = result.tag;
    if (result.deprecated) hit.deprecated = true;
    return hit;
  });
}

/** A snippet as plain text, the marked words in `**bold**` (Markdown, for the MCP server). */
export const snippetMarkdown = (parts: readonly SnippetPart[]): string =>
  parts.map((part) => (part.mark ? `**${part.text}**` : part.text)).join('');

/** Every record's stored fields, in index order, without a query (the MCP server lists operations with them). */
export function storedRecords(serialized: SerializedSearchIndex): (Omit<SearchDocument, 'keywords'> & {id: string})[] {
  const {documentIds, storedFields} = serialized.index as {
    documentIds: Record<string, string>;
    storedFields: Record<string, Omit<SearchDocument, 'id' | 'keywords'>>;
  };
  return Object.entries(documentIds).map(([short, id]) => ({...storedFields[short]!, id}));
}
