/**
 * Facts in the install docs and where they came from.
 *
 * A fact is a table row, list item or paragraph of an install doc that states
 * a port, a configuration key, a default, a path or a size. Each one keeps its
 * source in an MDX comment on the same row, item or paragraph:
 *
 *   | `server.port` | 8092 | {/* source: TrustLynx/e-seal-configuration:container-and-signature-services/application.yml *\/} |
 *
 * A source names a public repository and path (`owner/repo:path`), a file of
 * this repository (`portal:path`) or a product documentation page
 * (https://...); several are separated by `;`. Comments
 * are not rendered, so readers never see them; writers re-check a fact
 * against its source when the platform changes. `npm run facts` lists the
 * facts without a source; tests/unit/facts.test.ts fails on any.
 */
import fs from 'node:fs';
import path from 'node:path';

/** The install docs: every doc except the two user manuals. */
export const USER_MANUALS = ['SignBox User Manual.md', 'PadSign User Manual.md'];

export type FactKind = 'port' | 'key' | 'default' | 'path' | 'size';

export interface Fact {
  file: string;
  /** 1-based line where the row, item or paragraph starts. */
  line: number;
  text: string;
  kinds: FactKind[];
  /** The sources named in its comment(s); empty when it has none. */
  sources: string[];
}

/** `{/* source: a; b *\/}`: the comment that gives a fact its sources. */
const SOURCE_COMMENT = /\{\/\*\s*source:\s*([\s\S]*?)\s*\*\/\}/g;

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

function sourcesOf(text: string): string[] {
  return [...text.matchAll(SOURCE_COMMENT)].flatMap((m) =>
    m[1]!
      .split(';')
      .map((s) => s.trim())
      .filter(Boolean),
  );
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
    const kinds = kindsOf(block, extraKinds);
    if (kinds.length > 0) facts.push({file, line: start + 1, text: block, kinds, sources: sourcesOf(block)});
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

/** A source is a repository and path (`owner/repo:path`) or a documentation page (`https://...`). */
export function isValidSource(source: string): boolean {
  return (
    /^[\w.-]+\/[\w.-]+:\S/.test(source) ||
    /^portal:\S/.test(source) ||
    /^https:\/\/[\w.-]+\.[a-z]{2,}(\/\S*)?$/.test(source)
  );
}
