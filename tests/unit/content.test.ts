/**
 * Content checks for docs and blog posts: front matter that parses and has a
 * description, a useful outline, no placeholder text, and links into the API
 * reference that land on an operation that exists.
 */
import fs from 'node:fs';
import path from 'node:path';
import {describe, expect, it} from 'vitest';
import {createRequire} from 'node:module';
import {parse} from 'yaml';
import config from '../../docusaurus.config';
import {apiSpecs} from '../../src/config/apiSpecs';
import {docsWithoutSidebar} from '../../src/config/docs';

const root = path.resolve(__dirname, '../..');
const HTTP_METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'];

interface Page {
  file: string;
  frontMatter: Record<string, unknown>;
  body: string;
}

/** Splits a Markdown file into parsed front matter and body; malformed front matter throws, naming the file. */
export function readPage(file: string): Page {
  const text = fs.readFileSync(file, 'utf8');
  const match = /^---\n([\s\S]*?)\n---\n/.exec(text);
  if (!match) throw new Error(`${file}: no front matter block`);
  let frontMatter: unknown;
  try {
    frontMatter = parse(match[1]!);
  } catch (error) {
    throw new Error(`${file}: front matter is not valid YAML: ${(error as Error).message}`);
  }
  if (typeof frontMatter !== 'object' || frontMatter === null)
    throw new Error(`${file}: front matter is not a mapping`);
  return {
    file: path.relative(root, file),
    frontMatter: frontMatter as Record<string, unknown>,
    body: text.slice(match[0].length),
  };
}

const pagesIn = (dir: string) =>
  fs
    .readdirSync(path.join(root, dir))
    .filter((name) => /\.mdx?$/.test(name))
    .map((name) => readPage(path.join(root, dir, name)));

/** Prose only: fenced code blocks may legitimately hold words such as "TODO" in sample output. */
const withoutCode = (body: string) => body.replace(/^(```|~~~)[\s\S]*?^\1/gm, '');

/** operation anchors (tag/<tag>/operation/<id>) of every spec, by spec id. */
function operationAnchors(): Map<string, Set<string>> {
  const anchors = new Map<string, Set<string>>();
  for (const spec of apiSpecs) {
    const doc = parse(fs.readFileSync(path.join(root, 'openapi', `${spec.id}.yaml`), 'utf8')) as {
      paths: Record<string, Record<string, {operationId?: string; tags?: string[]}>>;
    };
    const set = new Set<string>();
    for (const item of Object.values(doc.paths)) {
      for (const [method, op] of Object.entries(item)) {
        if (!HTTP_METHODS.includes(method)) continue;
        for (const tag of op.tags ?? []) {
          set.add(`tag/${tag}`);
          set.add(`tag/${tag}/operation/${op.operationId}`);
        }
      }
    }
    anchors.set(spec.id, set);
  }
  return anchors;
}

/**
 * Every link into /api/ (inline Markdown link, reference definition or href)
 * that points to a missing spec, tag or operation. Redoc's other anchors
 * (#section/..., #schema/...) are left to the end-to-end link crawl.
 */
export function brokenApiLinks(body: string, anchors: Map<string, Set<string>>): string[] {
  const broken: string[] = [];
  const links = /(?:\]\(<?|href=["']|^\s*\[[^\]]+\]:\s*<?)(\/api\/([\w.-]+)(#[^)\s"'>]*)?)/gm;
  for (const match of body.matchAll(links)) {
    const [, link, specId, hash] = match;
    const known = anchors.get(specId!);
    if (!known) {
      broken.push(`${link} (no API page "${specId}")`);
    } else if (hash?.startsWith('#operation/')) {
      broken.push(`${link} (use the full anchor #tag/<tag>/operation/<operationId>)`);
    } else if (hash?.startsWith('#tag/') && !known.has(decodeURIComponent(hash.slice(1)))) {
      const what = hash.includes('/operation/') ? 'operation' : 'tag';
      broken.push(`${link} (no such ${what} in openapi/${specId}.yaml)`);
    }
  }
  return broken;
}

/** Problems of one page's content: what the content checks below report. */
export function contentProblems(page: Page): string[] {
  const problems: string[] = [];
  if (String(page.frontMatter.title ?? '').trim() === '') problems.push('no title in the front matter');
  if (String(page.frontMatter.description ?? '').trim().length <= 20)
    problems.push('no description (over 20 characters) in the front matter');
  const prose = withoutCode(page.body);
  if (!/^## \S/m.test(prose)) problems.push('no h2 heading');
  for (const marker of [/\bTODO\b/, /\blorem\b/i, /coming soon/i, /\bTBD\b/]) {
    if (marker.test(prose)) problems.push(`placeholder text ${marker}`);
  }
  return problems;
}

const docs = pagesIn('docs');
const posts = pagesIn('blog');
const anchors = operationAnchors();

describe.each([...docs, ...posts].map((page) => [page.file, page] as const))('%s', (_file, page) => {
  it('has a title and a description, h2 headings and no placeholder text', () => {
    expect(contentProblems(page)).toEqual([]);
  });

  it('links only to API operations that exist', () => {
    expect(brokenApiLinks(page.body, anchors)).toEqual([]);
  });

  it('has no table column without a header (screen readers announce the header with each cell)', () => {
    const lines = page.body.split('\n');
    const emptyHeaders = lines
      .map((line, index) => ({line, next: lines[index + 1] ?? ''}))
      .filter(({line, next}) => /^\|/.test(line) && /^\|[\s:|-]+\|\s*$/.test(next))
      .filter(({line}) =>
        line
          .split('|')
          .slice(1, -1)
          .some((cell) => cell.trim() === ''),
      )
      .map(({line}) => line);
    expect(emptyHeaders).toEqual([]);
  });
});

/** The API references each doc must link into at the operation level (the doc documents that service). */
const apiLinksOfDocs: Record<string, readonly string[]> = {
  'Technical Requirements': apiSpecs.map((spec) => spec.id),
  'Archive Service': ['dmss-archive-service', 'dmss-fallback-service'],
  'Authentication Service': ['dmss-authentication-service'],
  'Container and Signature Service': ['dmss-container-and-signature-services'],
  Container_Service_Configuration_Guide: ['dmss-container-and-signature-services'],
  'Digital Stamping Service': ['dmss-container-and-signature-services'],
  luna: ['dmss-container-and-signature-services'],
  'External Portal': ['dmss-external-gateway'],
  'SignBox Internal Portal': ['dmss-process-and-auditing-service'],
  'PadSign 2.0': ['padsign-2.0-server'],
  'PadSign Setup Guide': ['padsign-2.0-server'],
};

const docById = new Map(docs.map((page) => [path.basename(page.file).replace(/\.mdx?$/, ''), page]));

describe('cross-links', () => {
  it.each(Object.entries(apiLinksOfDocs))('%s links to operations of its API references', (docId, specIds) => {
    const page = docById.get(docId);
    expect(page, `docs/${docId}.md`).toBeDefined();
    const missing = specIds.filter((id) => !page!.body.includes(`/api/${id}#tag/`));
    expect(missing, `API references docs/${docId}.md does not link to at operation level`).toEqual([]);
  });

  it.each(docsWithoutSidebar)('%s has no sidebar but is linked from a doc that has one', (docId) => {
    const target = new RegExp(`\\(/docs/${encodeURIComponent(docId).replace(/[.]/g, '\\.')}(#[^)]*)?\\)`);
    const linkedFrom = docs
      .filter((page) => !docsWithoutSidebar.some((id) => page.file.endsWith(`${id}.md`)))
      .filter((page) => target.test(page.body))
      .map((page) => page.file);
    expect(linkedFrom.length, `docs linking to /docs/${encodeURIComponent(docId)}`).toBeGreaterThan(0);
  });
});

/** Languages of fenced code blocks that are not highlighted by design. */
const UNHIGHLIGHTED = new Set(['', 'text', 'mermaid']);

const loadModule = createRequire(import.meta.url);
const {Prism} = loadModule('prism-react-renderer') as {Prism: {languages: Record<string, unknown>}};
/** Languages prism-react-renderer bundles (read before the site's are added to the same instance). */
const BUNDLED_LANGUAGES = new Set(Object.keys(Prism.languages));

/** prism-react-renderer's Prism with the site's additionalLanguages registered, as the site does it. */
function sitePrismLanguages(): Set<string> {
  const holder = globalThis as {Prism?: unknown};
  holder.Prism = Prism;
  try {
    for (const lang of config.themeConfig.prism.additionalLanguages) {
      // Evaluated afresh: a module imported by the config (Redoc) may have loaded it onto another Prism.
      const file = loadModule.resolve(`prismjs/components/prism-${lang}`);
      delete loadModule.cache[file];
      loadModule(file);
    }
  } finally {
    delete holder.Prism;
  }
  return new Set(Object.keys(Prism.languages).filter((key) => typeof Prism.languages[key] === 'object'));
}

describe('code block languages', () => {
  it('every fenced code block of the docs and blog is in a language Prism highlights', () => {
    const languages = sitePrismLanguages();
    const missing = [...docs, ...posts].flatMap((page) =>
      [...page.body.matchAll(/^\s*```(\w*)/gm)]
        .map((match) => match[1]!)
        .filter((lang, index, all) => !UNHIGHLIGHTED.has(lang) && !languages.has(lang) && all.indexOf(lang) === index)
        .map((lang) => `${path.relative(root, page.file)}: \`\`\`${lang}`),
    );
    expect(missing, 'add the language to themeConfig.prism.additionalLanguages').toEqual([]);
  });

  it('additionalLanguages lists no language prism-react-renderer already bundles (each costs start-up time)', () => {
    const bundled = config.themeConfig.prism.additionalLanguages.filter((lang) => BUNDLED_LANGUAGES.has(lang));
    expect(bundled).toEqual([]);
  });
});

describe('content checks catch bad input', () => {
  it('reports malformed front matter with the file name', () => {
    const file = path.join(root, 'tests/fixtures/content/malformed-front-matter.md');
    expect(() => readPage(file)).toThrow(/malformed-front-matter\.md: front matter is not valid YAML/);
  });

  it.each([
    ['no-description.md', /no description/],
    ['no-h2.md', /no h2 heading/],
    ['placeholder.md', /placeholder text/],
  ])('reports %s', (name, problem) => {
    const problems = contentProblems(readPage(path.join(root, 'tests/fixtures/content', name)));
    expect(problems).toEqual([expect.stringMatching(problem)]);
  });

  it('reports links to a tag or an operation that does not exist, in any link form', () => {
    expect(
      brokenApiLinks(
        [
          'See [the tag](/api/dmss-archive-service#tag/no-such-controller).',
          '[ref]: /api/dmss-archive-service#tag/document-controller/operation/noSuchCall',
          '[short](/api/dmss-archive-service#operation/createDocument)',
          '[fine](/api/dmss-archive-service#tag/document-controller)',
        ].join('\n'),
        anchors,
      ),
    ).toEqual([
      '/api/dmss-archive-service#tag/no-such-controller (no such tag in openapi/dmss-archive-service.yaml)',
      '/api/dmss-archive-service#tag/document-controller/operation/noSuchCall (no such operation in openapi/dmss-archive-service.yaml)',
      '/api/dmss-archive-service#operation/createDocument (use the full anchor #tag/<tag>/operation/<operationId>)',
    ]);
  });

  it('reports a link to an operation that does not exist', () => {
    expect(
      brokenApiLinks('[x](/api/dmss-archive-service#tag/document-controller/operation/noSuchCall)', anchors),
    ).toEqual([
      '/api/dmss-archive-service#tag/document-controller/operation/noSuchCall (no such operation in openapi/dmss-archive-service.yaml)',
    ]);
    expect(
      brokenApiLinks('[x](/api/dmss-archive-service#tag/document-controller/operation/createDocument)', anchors),
    ).toEqual([]);
  });
});
