/**
 * Facts in the install docs and where they came from.
 *
 * A fact is a table row, list item or paragraph of an install doc that states
 * a port, a configuration key, a default, a path or a size. Each one keeps its
 * source in an MDX comment on the same row, item or paragraph:
 *
 *   | `server.port` | 8092 | {/* source: TrustLynx/e-seal-configuration:container-and-signature-services/application.yml *\/} |
 *
 * A source names a public repository and path (`owner/repo:path`) or a
 * product documentation page (https://...); several are separated by `;`.
 * The portal's own OpenAPI files are never a source: a doc that repeats the
 * API reference links the operation instead. A fact about the portal's own
 * tooling (the mock's port, say) cites the portal file that does it
 * (`portal:scripts/mock.mjs`).
 *
 * Each comment also records the check: the verdict and the day a writer
 * opened the cited files (their newest version) and found the fact there.
 *
 *   {/* source: owner/repo:path; owner/repo:other; verdict: stated; checked: 2026-11-25 *\/}
 *   {/* source: owner/repo:path; verdict: stated in part; checked: 2026-11-25 *\/}
 *   {/* verdict: advice; checked: 2026-11-25 *\/}      (the text is a "Recommended:" sentence)
 *   {/* verdict: reference; checked: 2026-11-25 *\/}   (the text links the operation under /api/)
 *
 * A "Recommended:" sentence is the writer's advice, a fact of its own: it runs
 * from "Recommended:" to the first comment after it, which must say
 * `verdict: advice`, and is never counted as sourced; the text around it keeps
 * its own source comment (see adviceParts).
 *
 * Items are separated by `;`, never `|`: in a table row a `|` ends the cell,
 * comment or not, and the page no longer compiles.
 *
 * Comments are not rendered, so readers never see them. `npm run facts`
 * prints the verdicts with totals and lists every fact without a source or a
 * verdict; tests/unit/facts.test.ts fails on any.
 */
import fs from 'node:fs';
import path from 'node:path';
import {parse} from 'yaml';
import {operationsOf} from '../../src/lib/openapi/document';

/** The install docs: every doc except the two user manuals. */
export const USER_MANUALS = ['SignBox User Manual.md', 'PadSign User Manual.md'];

export type FactKind = 'port' | 'key' | 'default' | 'path' | 'size';

/**
 * What the check of a fact found:
 * - `stated`: the cited files state the fact, each its part of it where it takes parts from several;
 * - `stated in part`: the cited files state it, some only in part (the text says no more than they do);
 * - `advice`: no file states it; the text gives it as a recommendation ("Recommended:");
 * - `reference`: the text repeats the portal's API reference and links the operation.
 */
export const VERDICTS = ['stated', 'stated in part', 'advice', 'reference'] as const;
export type Verdict = (typeof VERDICTS)[number];

export interface Fact {
  file: string;
  /** 1-based line where the row, item or paragraph starts. */
  line: number;
  text: string;
  kinds: FactKind[];
  /** The sources named in its comment(s); empty when it has none. */
  sources: string[];
  /** The verdict of its last check, when its comment records one. */
  verdict?: Verdict;
  /** The day of that check (YYYY-MM-DD). */
  checked?: string;
  /** What is wrong with its comment, if anything (an unknown verdict, a missing date). */
  problems: string[];
  /** A "Recommended:" sentence: the writer's advice, never counted as sourced. */
  recommended: boolean;
}

/** `{/* source: a; b; verdict: stated; checked: 2026-11-25 *\/}`: the comment that records a fact's sources and check. */
const SOURCE_COMMENT = /\{\/\*\s*((?:source|verdict):[\s\S]*?)\s*\*\/\}/g;

/** Table header words that make every row of the table a fact of that kind. */
const COLUMN_KINDS: [RegExp, FactKind][] = [
  [/\bports?\b/i, 'port'],
  [/\b(key|setting|variable|property|parameter|option|flag)s?\b/i, 'key'],
  [/\bdefaults?\b/i, 'default'],
  [/\b(path|route|location|directory|folder|url)s?\b/i, 'path'],
  [/\b(size|limit|memory|disk|sizing)s?\b/i, 'size'],
];

/** What a row, item or paragraph has to say to be a fact of each kind. */
const TEXT_KINDS: [RegExp, FactKind][] = [
  // "port 8090", "ports 80 and 443", "host:8443", "91:8089", "88->8090"
  [
    /\bports?\b[^.|]{0,40}?\b\d{2,5}\b|\b\d{2,5}\b[^.|]{0,12}\bports?\b|[\w\]>)]:\d{2,5}\b|\b\d{2,5}\s*(?:->|→)\s*\d{2,5}\b/i,
    'port',
  ],
  // configuration keys: `a.b.c`, `a.*`, `UPPER_SNAKE`, `key: value`
  // (a bare file name such as `sealed.pdf` or `application.yml` is not a key)
  [
    /`(?![\w-]+\.(?:pdf|ya?ml|json|xml|jks|p12|conf|ini|sh|cmd|exe|so|dll|txt|md|js|pem|crt|key|cer)`)[A-Za-z][\w-]*(?:\.[\w*-]+)+(?::[^`]*)?`|`[A-Z][A-Z0-9]*_[A-Z0-9_*]+`|`[A-Za-z][\w.-]*:\s[^`]+`/,
    'key',
  ],
  [/\bdefaults?\b|\bby default\b/i, 'default'],
  // /absolute/paths, relative/paths in code, file: and classpath: locations, Windows paths
  [
    /(?:^|[\s`(|])\/[\w.{}<>-]+(?:\/|\b)|`[\w.{}<>-]+\/[\w.{}<>/-]*`|\b(?:file|classpath):[\w./-]|[A-Z]:\\|%[A-Z_]+%/,
    'path',
  ],
  // 10 MB, 512Mi, 6-8 GB, 4 vCPU, -Xmx512m, 256 bits
  [/\b\d+(?:\.\d+)?\s?(?:bytes?|[KMGT]i?B|[KMGT]i|vCPUs?|bits)\b|-Xm[xs]\d+[kmg]\b/, 'size'],
];

/** Text without what is not a statement: link targets, inline HTML, the source comments. */
const prose = (text: string): string =>
  text
    .replace(SOURCE_COMMENT, '')
    .replace(/\]\([^)]*\)/g, ']')
    .replace(/<\/?[A-Za-z][^>]*>/g, ' ');

function kindsOf(text: string, columnKinds: readonly FactKind[]): FactKind[] {
  const body = prose(text);
  const kinds = new Set<FactKind>(columnKinds);
  for (const [pattern, kind] of TEXT_KINDS) if (pattern.test(body)) kinds.add(kind);
  return [...kinds];
}

interface Record {
  sources: string[];
  verdict?: Verdict;
  checked?: string;
  problems: string[];
}

/**
 * The items of a fact's comment(s), separated by `;`: `source:` starts the
 * sources (each further item without a key is one more source), `verdict:`
 * and `checked: YYYY-MM-DD` record the check.
 */
export function recordOf(text: string): Record {
  const record: Record = {sources: [], problems: []};
  for (const match of text.matchAll(SOURCE_COMMENT)) {
    if (match[1]!.includes('|')) record.problems.push('"|" in a source comment (separate its items with ";")');
    for (const raw of match[1]!.split(';')) {
      const item = raw.trim();
      const key = /^(source|verdict|checked):\s*/.exec(item);
      const value = key ? item.slice(key[0].length).trim() : item;
      if (!key || key[1] === 'source') {
        if (value !== '') record.sources.push(value);
      } else if (key[1] === 'verdict') {
        if ((VERDICTS as readonly string[]).includes(value)) record.verdict = value as Verdict;
        else record.problems.push(`unknown verdict "${value}" (one of: ${VERDICTS.join(', ')})`);
      } else if (/^\d{4}-\d{2}-\d{2}$/.test(value) && !Number.isNaN(Date.parse(value))) record.checked = value;
      else record.problems.push(`"checked: ${value}" is not a date (YYYY-MM-DD)`);
    }
  }
  const body = prose(text);
  if (record.verdict && !record.checked) record.problems.push('a verdict without "checked: YYYY-MM-DD"');
  if ((record.verdict === 'stated' || record.verdict === 'stated in part') && record.sources.length === 0)
    record.problems.push(`verdict "${record.verdict}" without a source`);
  // Advice is a sentence of its own that starts with "Recommended:" (see adviceParts); "Recommended as a check" or
  // "Recommended check" in a sourced text would be counted as advice without being one of those sentences.
  if (record.verdict === 'advice' && !/\bRecommended:/.test(body))
    record.problems.push('verdict "advice" but the text is not a "Recommended:" sentence');
  if (record.verdict === 'reference' && !/\]\(\/api\/[^)]+\)|href="\/api\//.test(text))
    record.problems.push('verdict "reference" but the text links no operation under /api/');
  return record;
}

/** One source comment, anywhere in a text. */
const SOURCE_COMMENT_ONE = /\{\/\*\s*(?:source|verdict):[\s\S]*?\*\/\}/;

/** A part of a row, item or paragraph: the writer's advice ("Recommended: ...") or the statements around it. */
export interface Part {
  text: string;
  /** Offset of the part in its block. */
  offset: number;
  recommended: boolean;
}

/**
 * A block split at each "Recommended:" sentence. The advice runs from "Recommended:" to the end of the first source
 * comment after it (its own `{/* verdict: advice ... *\/}`), or to the end of the block; what comes before and after
 * is the sourced text, with its own comment. A block without "Recommended:" is one part.
 */
export function adviceParts(block: string): Part[] {
  const parts: Part[] = [];
  const comments = [...block.matchAll(new RegExp(SOURCE_COMMENT.source, 'g'))].map((m) => [
    m.index,
    m.index + m[0].length,
  ]);
  const inComment = (i: number) => comments.some(([from, to]) => i >= from! && i < to!);
  let from = 0;
  const advice = /\bRecommended:/g;
  for (let m = advice.exec(block); m; m = advice.exec(block)) {
    if (m.index < from || inComment(m.index)) continue;
    if (block.slice(from, m.index).trim() !== '')
      parts.push({text: block.slice(from, m.index), offset: from, recommended: false});
    const end = comments.find(([start]) => start! > m!.index)?.[1] ?? block.length;
    const next = block.slice(m.index + 1).search(/\bRecommended:/);
    const stop = next >= 0 && m.index + 1 + next < end ? m.index + 1 + next : end;
    parts.push({text: block.slice(m.index, stop), offset: m.index, recommended: true});
    from = stop;
    advice.lastIndex = stop;
  }
  if (from === 0) return [{text: block, offset: 0, recommended: false}];
  if (block.slice(from).replace(/\|/g, '').trim() !== '')
    parts.push({text: block.slice(from), offset: from, recommended: false});
  return parts;
}

/** Whether a piece of a table row states something beyond its first cell (the row's label); other text always does. */
function saysMoreThanItsLabel(text: string): boolean {
  if (!/^\s*\|/.test(text)) return prose(text).trim() !== '';
  const cells = prose(text).split('|').slice(2);
  return cells.some((cell) => cell.trim() !== '');
}

const isTableRow = (line: string) => /^\s*\|.*\|\s*$/.test(line);
const isTableSeparator = (line: string) => /^\s*\|?\s*:?-{3,}:?\s*(\|\s*:?-{3,}:?\s*)*\|?\s*$/.test(line);
const isListItem = (line: string) => /^\s*(?:[-*+]|\d+\.)\s+/.test(line);

/** The facts of one Markdown or MDX text (front matter, code blocks, headings and admonition fences are not facts). */
export function factsIn(file: string, text: string): Fact[] {
  const lines = text.split('\n');
  const facts: Fact[] = [];
  let i = 0;
  if (lines[0] === '---') {
    i = lines.indexOf('---', 1) + 1;
  }
  let columnKinds: FactKind[] = [];
  const push = (start: number, block: string, extraKinds: readonly FactKind[] = []) => {
    const parts = adviceParts(block);
    const lineOf = (offset: number) => start + 1 + (block.slice(0, offset).match(/\n/g)?.length ?? 0);
    const statements = parts.filter((part) => !part.recommended);
    const advice = parts.filter((part) => part.recommended);
    if (statements.length > 0) {
      // What the block states outside its "Recommended:" sentences: one fact, sourced by the comments there.
      const text = statements.map((part) => part.text).join(' ');
      const own = SOURCE_COMMENT_ONE.test(text);
      // A table row whose only comments are its advice: the cells before the advice are its label (the symptom and
      // cause of a troubleshooting row, the port a rule is for), not a statement of their own.
      const label = advice.length > 0 && !own && isTableRow(block.split('\n')[0]!);
      const said = advice.length === 0 || saysMoreThanItsLabel(text);
      const kinds = label ? [] : kindsOf(text, said ? extraKinds : []);
      if (kinds.length > 0)
        facts.push({file, line: lineOf(statements[0]!.offset), text, kinds, recommended: false, ...recordOf(text)});
    }
    for (const part of advice) {
      // A "Recommended:" sentence is the writer's advice: never a sourced fact, whatever its comment says.
      const record = recordOf(part.text);
      const kinds = kindsOf(part.text, extraKinds);
      if (kinds.length === 0 && !SOURCE_COMMENT_ONE.test(part.text)) continue;
      if (record.verdict && record.verdict !== 'advice')
        record.problems.push(
          `a "Recommended:" sentence is advice, not verdict "${record.verdict}" (give the sourced sentence its own comment)`,
        );
      facts.push({
        file,
        line: lineOf(part.offset),
        text: part.text,
        kinds: kinds.length ? kinds : [...extraKinds],
        recommended: true,
        ...record,
      });
    }
  };
  while (i < lines.length) {
    const line = lines[i]!;
    const fence = /^\s*(`{3,}|~{3,})/.exec(line);
    if (fence) {
      const close = fence[1]!;
      i++;
      while (i < lines.length && !lines[i]!.trim().startsWith(close)) i++;
      i++;
      continue;
    }
    if (line.trim() === '' || /^\s*#{1,6}\s/.test(line) || /^\s*:::/.test(line) || /^\s*(import|export)\s/.test(line)) {
      i++;
      continue;
    }
    if (isTableRow(line)) {
      if (i + 1 < lines.length && isTableSeparator(lines[i + 1]!)) {
        // Header row: its column names decide which rows are facts whatever they say.
        columnKinds = COLUMN_KINDS.filter(([pattern]) => pattern.test(prose(line))).map(([, kind]) => kind);
        i += 2;
        continue;
      }
      push(i, line, columnKinds);
      i++;
      continue;
    }
    columnKinds = [];
    // A list item or a paragraph: its lines up to a blank line, a new item, a table or a fence.
    const start = i;
    const block = [line];
    i++;
    while (
      i < lines.length &&
      lines[i]!.trim() !== '' &&
      !isListItem(lines[i]!) &&
      !isTableRow(lines[i]!) &&
      !/^\s*(`{3,}|~{3,}|#{1,6}\s|:::)/.test(lines[i]!)
    ) {
      block.push(lines[i]!);
      i++;
    }
    push(start, block.join('\n'));
  }
  return facts;
}

/** The install docs under `docsDir`, relative to `root`. */
export function installDocs(root: string, docsDir = 'docs'): string[] {
  return fs
    .readdirSync(path.join(root, docsDir))
    .filter((name) => /\.mdx?$/.test(name) && !USER_MANUALS.includes(name))
    .sort()
    .map((name) => path.posix.join(docsDir, name));
}

/** Every fact of the install docs. */
export function allFacts(root: string): Fact[] {
  return installDocs(root).flatMap((file) => factsIn(file, fs.readFileSync(path.join(root, file), 'utf8')));
}

/**
 * A source is a repository and path (`owner/repo:path`), a documentation page (`https://...`) or, for a fact
 * about the portal's own tooling, a portal file (`portal:scripts/mock.mjs`), never the portal's `openapi/`.
 */
export function isValidSource(source: string): boolean {
  return (
    /^[\w.-]+\/[\w.-]+:\S/.test(source) ||
    /^https:\/\/[\w.-]+\.[a-z]{2,}(\/\S*)?$/.test(source) ||
    (/^portal:\S/.test(source) && !source.startsWith('portal:openapi/'))
  );
}

/** Whether a fact's record is complete: a verdict, its date, valid sources where the verdict needs them. */
export function isVerified(fact: Fact): boolean {
  const needsSource = fact.verdict === 'stated' || fact.verdict === 'stated in part';
  return (
    fact.verdict !== undefined &&
    fact.checked !== undefined &&
    fact.problems.length === 0 &&
    fact.sources.every(isValidSource) &&
    (!needsSource || fact.sources.length > 0)
  );
}

/** Links to an operation of the API reference in a text: `/api/<spec>#…operation/<operationId>`. */
export function operationLinks(text: string): {specId: string; operationId: string}[] {
  return [...text.matchAll(/\/api\/([\w.-]+)#(?:tag\/[^/)\s"]+\/)?operation\/([^)\s"#]+)/g)].map((m) => ({
    specId: m[1]!,
    operationId: decodeURIComponent(m[2]!),
  }));
}

/**
 * The operation links of the facts that lead nowhere: a spec under openapi/
 * that does not exist, or an operationId it does not have. A `reference`
 * fact stands on its link, so a broken one is a fact without a source.
 */
export function brokenOperationLinks(root: string, facts: readonly Fact[]): string[] {
  const ids = new Map<string, Set<string>>();
  const operationIds = (specId: string): Set<string> | undefined => {
    if (!ids.has(specId)) {
      const file = path.join(root, 'openapi', `${specId}.yaml`);
      if (!fs.existsSync(file)) return undefined;
      const doc: unknown = parse(fs.readFileSync(file, 'utf8'));
      ids.set(specId, new Set(operationsOf(doc).flatMap((op) => (op.operationId ? [op.operationId] : []))));
    }
    return ids.get(specId);
  };
  return facts.flatMap((fact) =>
    operationLinks(fact.text)
      .filter(({specId, operationId}) => !operationIds(specId)?.has(operationId))
      .map(({specId, operationId}) => `${fact.file}:${fact.line}: /api/${specId} has no operation ${operationId}`),
  );
}
