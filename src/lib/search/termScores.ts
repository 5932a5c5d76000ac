/**
 * What one term of a query scores for each record: MiniSearch's BM25 over its own index, worked out as its search()
 * does for a query of that term alone (the word itself, the longer words it begins when it is a prefix, the words a
 * typo away), but into arrays indexed by the record's internal number. search() makes an object, an array and a
 * map entry for each record each word matches, and a prefix of three letters matches thousands of records: those
 * objects and their garbage were most of a key's time.
 *
 * The index's parts read here (`_index`, `_fieldIds`, `_avgFieldLength`, `_fieldLength`, `_documentCount`,
 * `_documentIds`, `_storedFields`) are MiniSearch's own (7.2), not its public API: `checkInternals` fails the build
 * and the tests with a message if an upgrade changes them, and a unit test compares every score and matched word
 * with MiniSearch's public search().
 */
import type MiniSearch from 'minisearch';

/** Per field (by its number), per record (by its internal number): how often a word of the index occurs there. */
type FieldTermData = ReadonlyMap<number, ReadonlyMap<number, number>>;

interface MiniSearchInternals<T> {
  _index: {
    get(word: string): FieldTermData | undefined;
    atPrefix(prefix: string): Iterable<[string, FieldTermData]>;
    fuzzyGet(word: string, maxDistance: number): Map<string, [FieldTermData, number]>;
  };
  _fieldIds: Record<string, number>;
  _avgFieldLength: number[];
  _fieldLength: Map<number, number[]>;
  _documentCount: number;
  _documentIds: Map<number, string>;
  _storedFields: Map<number, Partial<T> | undefined>;
}

export function internals<T>(index: MiniSearch<T>): MiniSearchInternals<T> {
  return index as unknown as MiniSearchInternals<T>;
}

/** Throws unless the index has the parts of MiniSearch that the scoring reads (see above). */
export function checkInternals<T>(index: MiniSearch<T>): void {
  const inside = internals(index);
  const searchable = inside._index as Partial<MiniSearchInternals<T>['_index']> | undefined;
  if (
    typeof searchable?.get !== 'function' ||
    typeof searchable.atPrefix !== 'function' ||
    typeof searchable.fuzzyGet !== 'function' ||
    typeof inside._fieldIds !== 'object' ||
    !Array.isArray(inside._avgFieldLength) ||
    !(inside._fieldLength instanceof Map) ||
    typeof inside._documentCount !== 'number' ||
    !(inside._documentIds instanceof Map) ||
    !(inside._storedFields instanceof Map)
  ) {
    throw new Error(
      'Search: this MiniSearch lacks _index (get, atPrefix, fuzzyGet), _fieldIds, _avgFieldLength, _fieldLength, ' +
        '_documentCount, _documentIds or _storedFields, read by src/lib/search/termScores.ts since MiniSearch 7.2; ' +
        'check how its executeQuerySpec and termResults score a term now and change termScores.ts to match.',
    );
  }
}

/** MiniSearch's default weights of a longer word a prefix begins and of a word a typo away (7.2). */
const PREFIX_WEIGHT = 0.375;
const FUZZY_WEIGHT = 0.45;
/** MiniSearch's default BM25 parameters (7.2). */
const BM25 = {k: 1.2, b: 0.7, d: 0.5} as const;
/** At most one typo: two would match too many words of the platform to be of use, and cost more. */
const MAX_TYPOS = 1;

/**
 * Per record (by its internal number), a sum and which terms added to it (as bits of a number), and the records
 * touched, in `matched[0 .. count - 1]`: a working space made once per index and used by one sum after another.
 */
export interface Tally {
  sums: Float64Array;
  bits: Float64Array;
  matched: Int32Array;
  count: number;
}

export const newTally = (records: number): Tally => ({
  sums: new Float64Array(records),
  bits: new Float64Array(records),
  matched: new Int32Array(records),
  count: 0,
});

/** Empties a tally: only the records of its last sum are touched. */
export function clearTally(tally: Tally): void {
  for (let i = 0; i < tally.count; i++) {
    const record = tally.matched[i]!;
    tally.sums[record] = 0;
    tally.bits[record] = 0;
  }
  tally.count = 0;
}

/** Adds `value` to a record's sum, and `bit` to its bits (once per term: see Tally). */
export function addTo(tally: Tally, record: number, value: number, bit: number): void {
  if (tally.bits[record] === 0) tally.matched[tally.count++] = record;
  tally.sums[record] = tally.sums[record]! + value;
  if (!hasBit(tally.bits[record]!, bit)) tally.bits[record] = tally.bits[record]! + bit;
}

/** Whether `bits` (a sum of distinct powers of two) has the power of two `bit`. */
export const hasBit = (bits: number, bit: number): boolean => Math.floor(bits / bit) % 2 === 1;

/** What scoring a loaded index needs, made once: each field's weight and lengths, each record's weight. */
export interface Scoring {
  readonly index: MiniSearchInternals<unknown>['_index'];
  readonly fields: readonly {id: number; weight: number; lengths: Float64Array; averageLength: number}[];
  readonly recordWeights: Float64Array;
  readonly documentCount: number;
  /** For one term's sum at a time. */
  readonly tally: Tally;
}

/**
 * The scoring of `index`: `fieldWeights` in the order of the index's fields (MiniSearch's `boost`), and each record's
 * weight from its stored fields (MiniSearch's `boostDocument`, which must never be 0).
 */
export function prepareScoring<T>(
  index: MiniSearch<T>,
  fields: readonly string[],
  fieldWeights: Readonly<Record<string, number>>,
  recordWeight: (stored: Partial<T> | undefined) => number,
): Scoring {
  const inside = internals(index);
  let records = 0;
  for (const record of inside._documentIds.keys()) records = Math.max(records, record + 1);
  const recordWeights = new Float64Array(records);
  for (const record of inside._documentIds.keys())
    recordWeights[record] = recordWeight(inside._storedFields.get(record));
  return {
    index: inside._index,
    fields: fields.map((name) => {
      const id = inside._fieldIds[name]!;
      const lengths = new Float64Array(records);
      for (const [record, byField] of inside._fieldLength) lengths[record] = byField[id]!;
      return {id, weight: fieldWeights[name] || 1, lengths, averageLength: inside._avgFieldLength[id]!};
    }),
    recordWeights,
    documentCount: inside._documentCount,
    tally: newTally(records),
  };
}

/** One term of a query, as ./language.ts makes it: its weight, and whether it matches as a prefix and with typos. */
export interface TermQuery {
  term: string;
  weight: number;
  prefix: boolean;
  fuzzy: number | false;
}

/** One term's records with their scores, and the index's words it matched (in the order MiniSearch matches them). */
export interface TermScores {
  readonly records: Int32Array;
  readonly scores: Float64Array;
  readonly words: readonly {word: string; data: FieldTermData}[];
}

/** The index's words a term matches, each with its weight, in the order MiniSearch's executeQuerySpec takes them. */
function wordsOf(scoring: Scoring, query: TermQuery): {word: string; data: FieldTermData; weight: number}[] {
  const words: {word: string; data: FieldTermData; weight: number}[] = [];
  const exact = scoring.index.get(query.term);
  if (exact) words.push({word: query.term, data: exact, weight: 1});
  let typos: Map<string, [FieldTermData, number]> | undefined;
  if (query.fuzzy) {
    const maxDistance =
      query.fuzzy < 1 ? Math.min(MAX_TYPOS, Math.round(query.term.length * query.fuzzy)) : query.fuzzy;
    if (maxDistance) typos = scoring.index.fuzzyGet(query.term, maxDistance);
  }
  if (query.prefix) {
    for (const [word, data] of scoring.index.atPrefix(query.term)) {
      const distance = word.length - query.term.length;
      if (!distance) continue;
      // A longer word that the term begins counts as that, not as a typo.
      typos?.delete(word);
      words.push({word, data, weight: (PREFIX_WEIGHT * word.length) / (word.length + 0.3 * distance)});
    }
  }
  for (const [word, [data, distance]] of typos ?? []) {
    if (!distance) continue;
    words.push({word, data, weight: (FUZZY_WEIGHT * word.length) / (word.length + distance)});
  }
  return words;
}

/**
 * The records a term matches and their scores: per word it matches and per field, BM25 times the word's weight,
 * the term's, the field's and the record's, summed per record in MiniSearch's order (so that the sums are the same
 * numbers to the last bit).
 */
export function scoreTerm(scoring: Scoring, query: TermQuery): TermScores {
  const {tally, fields, recordWeights, documentCount} = scoring;
  const words = wordsOf(scoring, query);
  clearTally(tally);
  for (const {data, weight} of words) {
    for (const field of fields) {
      const frequencies = data.get(field.id);
      if (!frequencies) continue;
      const matching = frequencies.size;
      const inverseFrequency = Math.log(1 + (documentCount - matching + 0.5) / (matching + 0.5));
      for (const [record, frequency] of frequencies) {
        const bm25 =
          inverseFrequency *
          (BM25.d +
            (frequency * (BM25.k + 1)) /
              (frequency + BM25.k * (1 - BM25.b + (BM25.b * field.lengths[record]!) / field.averageLength)));
        addTo(tally, record, weight * query.weight * field.weight * recordWeights[record]! * bm25, 1);
      }
    }
  }
  const records = tally.matched.slice(0, tally.count);
  const scores = new Float64Array(records.length);
  records.forEach((record, i) => (scores[i] = tally.sums[record]!));
  return {records, scores, words};
}

/** Whether any field of a record has the word whose data this is. */
function recordHas(data: FieldTermData, record: number): boolean {
  for (const frequencies of data.values()) if (frequencies.has(record)) return true;
  return false;
}

/** The index's words of a term that a record has, in the order the term matched them (for marking them). */
export function wordsMatched(scores: TermScores, record: number): string[] {
  return scores.words.filter(({data}) => recordHas(data, record)).map(({word}) => word);
}
