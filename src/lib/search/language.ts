/**
 * How the search reads words, at build time and for each query alike:
 *
 * - a text is cut into words at anything that is not a letter or a digit, and a
 *   word written in camelCase or with digits (`createDocument`, `signPDF_1`) is
 *   also cut into its parts, so `create document` finds `createDocument`;
 * - stop words (`a`, `the`, `what`, `does` ...) and one-letter words are left out,
 *   so a question finds a page that never says "what";
 * - each word is indexed with its stem (Porter), and a query word looks for its
 *   stem too, so `validate` finds "validation" and `port` finds "ports"; it also
 *   looks for words of the platform that mean the same thing (`seal` → `stamp`),
 *   from five letters on for words one typo away, and, while typed, as a prefix.
 */
import {stemmer} from 'stemmer';

/** English words that carry no meaning for a search, questions' words included. */
export const STOP_WORDS = new Set(
  (
    'a about above after again all also am an and any are as at be because been before being below between both but by ' +
    'can could did do does doing done down during each few for from further had has have having he her here hers him his ' +
    'how i if in into is it its itself just me more most my myself no nor not now of off on once only or other our ours ' +
    'out over own same she should so some such than that the their theirs them then there these they this those through ' +
    'to too under until up very was we were what when where which while who whom why will with would you your yours'
  ).split(' '),
);

/**
 * Words of the platform that a reader may type for another: the query word on the left also looks for the
 * words on the right (with a lower weight than the word itself).
 */
export const SYNONYMS: Readonly<Record<string, readonly string[]>> = {
  archive: ['create', 'store'],
  store: ['create', 'archive'],
  save: ['create', 'store'],
  upload: ['create', 'add'],
  validate: ['verify', 'check'],
  verify: ['validate', 'check'],
  check: ['validate', 'verify'],
  seal: ['stamp', 'eseal'],
  eseal: ['seal', 'stamp'],
  stamp: ['seal', 'eseal'],
  login: ['authenticate', 'authentication', 'log'],
  logon: ['authenticate', 'authentication'],
  authenticate: ['login', 'authentication'],
  remove: ['delete'],
  delete: ['remove'],
  fetch: ['get', 'download'],
  poll: ['status', 'session'],
  health: ['ping', 'liveness'],
  alive: ['ping', 'health', 'liveness'],
  settings: ['configuration', 'config'],
  configure: ['configuration', 'settings'],
  config: ['configuration', 'settings'],
  smartid: ['smart'],
  mobileid: ['mobile'],
  idcard: ['ic', 'card'],
  timestamp: ['time', 'stamp'],
};

const SPLIT = /[^\p{L}\p{N}]+/u;
/** Boundaries inside a word: lower to upper case, a run of capitals before a capitalised word, letters and digits. */
const PARTS = /(?<=\p{Ll})(?=\p{Lu})|(?<=\p{Lu})(?=\p{Lu}\p{Ll})|(?<=\p{L})(?=\p{N})|(?<=\p{N})(?=\p{L})/u;

const keep = (word: string): boolean => word.length > 1 && !STOP_WORDS.has(word);

/** The words of a text, lower case, with the parts of camelCase words after each whole word. */
export function tokenize(text: string): string[] {
  const words: string[] = [];
  for (const raw of text.split(SPLIT)) {
    if (!raw) continue;
    const whole = raw.toLowerCase();
    if (keep(whole)) words.push(whole);
    const parts = raw.split(PARTS);
    if (parts.length > 1) {
      for (const part of parts) {
        const word = part.toLowerCase();
        if (keep(word)) words.push(word);
      }
    }
  }
  return words;
}

/** The stem of a word, when it has one of three letters or more that differs from the word. */
function stemOf(word: string): string | undefined {
  if (/\d/.test(word)) return undefined;
  const stem = stemmer(word);
  return stem !== word && stem.length >= 3 ? stem : undefined;
}

/** What the index holds for a word: the word and its stem (`validation` → `validation`, `valid`). */
export function indexTerms(word: string): string[] {
  const stem = stemOf(word);
  return stem ? [word, stem] : [word];
}

/** One term of a query as MiniSearch looks for it. */
export interface QueryTerm {
  term: string;
  /** Relative to a word as typed (1). */
  weight: number;
  /** Also match longer words that begin with it. */
  prefix: boolean;
  /** Also match words this many edits away (a share of the length), or not at all. */
  fuzzy: number | false;
  /** The query words it stands for (their positions), and whether only as a synonym. */
  words: number[];
  synonym: boolean;
}

/** Weights of what a query word expands to, below the word itself. */
export const STEM_WEIGHT = 0.8;
export const SYNONYM_WEIGHT = 0.6;

/** The words of a query that count (no stop words), as the terms of queryTerms() number them. */
export const queryWords = (query: string): string[] => tokenize(query);

/** The terms a query looks for: its words, their stems, and their synonyms. */
export function queryTerms(query: string): QueryTerm[] {
  const words = queryWords(query);
  const terms = new Map<string, QueryTerm>();
  const add = (term: QueryTerm): void => {
    const known = terms.get(term.term);
    if (!known) {
      terms.set(term.term, term);
      return;
    }
    // One term, several reasons: the strongest weight, and prefix or typos where any reason allows them.
    known.weight = Math.max(known.weight, term.weight);
    known.prefix ||= term.prefix;
    if (known.fuzzy === false) known.fuzzy = term.fuzzy;
    known.words = [...new Set([...known.words, ...term.words])];
    known.synonym &&= term.synonym;
  };
  // The last word may be half typed: it matches as a prefix. Whether the query ends in the middle of a word:
  const typing = /[\p{L}\p{N}]$/u.test(query);
  words.forEach((word, i) => {
    const last = i === words.length - 1;
    const sources = [i];
    // The word being typed matches as a prefix from its third letter (two letters begin too many words to be
    // of use, and cost the most).
    const typed = last && typing;
    add({
      term: word,
      weight: 1,
      prefix: typed && word.length >= 3,
      fuzzy: word.length >= 5 ? 0.2 : false,
      words: sources,
      synonym: false,
    });
    const stem = stemOf(word);
    if (stem) add({term: stem, weight: STEM_WEIGHT, prefix: false, fuzzy: false, words: sources, synonym: false});
    for (const synonym of SYNONYMS[word] ?? (stem ? SYNONYMS[stem] : undefined) ?? []) {
      add({term: synonym, weight: SYNONYM_WEIGHT, prefix: false, fuzzy: false, words: sources, synonym: true});
    }
  });
  return [...terms.values()];
}
