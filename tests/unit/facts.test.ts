/**
 * Sources for facts: every row, item or paragraph
 * of an install doc that states a port, a key, a default, a path or a size
 * keeps its source and the verdict of its check in an MDX comment. The
 * detector and the record are tested on small texts first, then the docs are
 * counted: a fact that arrives without a verdict fails here.
 */
import {describe, expect, it} from 'vitest';
import path from 'node:path';
import {
  allFacts,
  brokenOperationLinks,
  factsIn,
  installDocs,
  isValidSource,
  isVerified,
  operationLinks,
  USER_MANUALS,
} from '../../scripts/facts/facts';

const root = path.resolve(__dirname, '../..');

const SOURCE =
  '{/* source: mihailsgo/ps-app-cloud-deployment:docker-compose.yml; verdict: stated; checked: 2026-11-25 */}';

describe('fact detector', () => {
  it('finds each kind of fact in rows, items and paragraphs', () => {
    const text = [
      'The archive listens on port 8090 inside its container.',
      '',
      '- Set `archive-services.baseUrl` to the archive.',
      '- By default the JWT check is off.',
      '- Documents live under `/opt/padsign/docs`.',
      '- The demo accepts PDFs up to 10 MB.',
      '- Read the overview first.',
      '',
      '| Service | Role |',
      '|---|---|',
      '| Archive | Stores documents |',
    ].join('\n');
    const facts = factsIn('docs/x.md', text);
    expect(facts.map((f) => [f.line, f.kinds])).toEqual([
      [1, ['port']],
      [3, ['key']],
      [4, ['default']],
      [5, ['path']],
      [6, ['size']],
    ]);
  });

  it('makes every row a fact when a column names a port, key, default, path or size', () => {
    const text = ['| Setting | Default |', '|---|---|', '| Validate signatures | On |', '| Sync mode | Force |'].join(
      '\n',
    );
    expect(factsIn('docs/x.md', text).map((f) => f.kinds)).toEqual([
      ['key', 'default'],
      ['key', 'default'],
    ]);
  });

  it('skips front matter, headings, code blocks, admonition fences and link targets', () => {
    const text = [
      '---',
      'description: Port 8090 and the default settings.',
      '---',
      '## Port 8090',
      '```yaml',
      'server:',
      '  port: 8090',
      '```',
      ':::note',
      'See [the guide](/docs/Archive%20Service) first.',
      ':::',
    ].join('\n');
    expect(factsIn('docs/x.md', text)).toEqual([]);
  });

  it('reads the sources of a fact from its comment, on the same row or anywhere in its paragraph', () => {
    const text = [
      '| Service | Port |',
      '|---|---|',
      `| Archive | 8090 ${SOURCE} |`,
      '',
      `The fallback archive listens on port 8095 ${SOURCE.replace('docker-compose.yml', 'a.yml; https://example.org/page')}`,
      'and keeps documents on disk.',
    ].join('\n');
    const [row, paragraph] = factsIn('docs/x.md', text);
    expect(row?.sources).toEqual(['mihailsgo/ps-app-cloud-deployment:docker-compose.yml']);
    expect(paragraph?.sources).toEqual(['mihailsgo/ps-app-cloud-deployment:a.yml', 'https://example.org/page']);
  });

  it('reads the verdict and the day of the check', () => {
    const [fact] = factsIn('docs/x.md', `The archive listens on port 8090. ${SOURCE}`);
    expect(fact).toMatchObject({verdict: 'stated', checked: '2026-11-25', problems: []});
    expect(isVerified(fact!)).toBe(true);
  });

  it('accepts advice only in a "Recommended:" sentence, and a reference only when it links the operation', () => {
    const advice = '{/* verdict: advice; checked: 2026-11-25 */}';
    const reference = '{/* verdict: reference; checked: 2026-11-25 */}';
    const [said, unsaid, loosely, linked, unlinked] = factsIn(
      'docs/x.md',
      [
        `Recommended: keep port 8084 firewalled. ${advice}`,
        '',
        `Keep port 8084 firewalled. ${advice}`,
        '',
        `| \`GET /actuator/health\` on 8092 | Recommended as a second check ${advice} |`,
        '',
        `The status call ([reference](/api/dmss-archive-service#operation/ping)) answers on \`/ping\`. ${reference}`,
        '',
        `The status call answers on \`/ping\`. ${reference}`,
      ].join('\n'),
    );
    expect([said, unsaid, loosely, linked, unlinked].map((f) => isVerified(f!))).toEqual([
      true,
      false,
      false,
      true,
      false,
    ]);
    expect(unsaid!.problems.join()).toMatch(/Recommended:/);
    expect(loosely!.problems.join()).toMatch(/not a "Recommended:" sentence/);
    expect(unlinked!.problems.join()).toMatch(/links no operation/);
  });

  it('keeps a "Recommended:" sentence apart from the sourced sentence beside it, and never counts it as sourced', () => {
    const advice = '{/* verdict: advice; checked: 2026-11-28 */}';
    const [stated, recommended] = factsIn(
      'docs/x.md',
      `The archive chart sets \`-Xmx512m\` inside a 512Mi limit. ${SOURCE} Recommended: raise the limit to 768Mi. ${advice}`,
    );
    expect(stated).toMatchObject({line: 1, recommended: false, verdict: 'stated', problems: []});
    expect(stated!.text).not.toMatch(/768Mi/);
    expect(recommended).toMatchObject({line: 1, recommended: true, verdict: 'advice', problems: []});
    expect(recommended!.text).toMatch(/^Recommended: raise the limit to 768Mi/);
    expect([stated, recommended].every((f) => isVerified(f!))).toBe(true);

    // A writer's step inside the sourced comment: the advice carries the source, the statement has none.
    const mixed = factsIn(
      'docs/x.md',
      `The archive chart sets \`-Xmx512m\` inside a 512Mi limit. Recommended: raise the limit to 768Mi. ${SOURCE}`,
    );
    expect(mixed.map((f) => [f.recommended, isVerified(f)])).toEqual([
      [false, false],
      [true, false],
    ]);
    expect(mixed[1]!.problems.join()).toMatch(/"Recommended:" sentence is advice, not verdict "stated"/);
  });

  it('reads the cells before the advice of a table row as its label, unless the row has its own source', () => {
    const advice = '{/* verdict: advice; checked: 2026-11-28 */}';
    const rows = factsIn(
      'docs/x.md',
      [
        '| Port | Direction | Note |',
        '|---|---|---|',
        `| 22 | Inbound | Recommended: open to admin addresses only ${advice} |`,
        `| 8080 | Internal | Bound to \`127.0.0.1:8080\` ${SOURCE} Recommended: do not publish it ${advice} |`,
        `| 8089 | Internal | Recommended: do not publish it. The example publishes \`91:8089\` ${SOURCE} |`,
      ].join('\n'),
    );
    expect(rows.map((f) => [f.line, f.recommended, f.verdict ?? null, isVerified(f)])).toEqual([
      [3, true, 'advice', true],
      [4, false, 'stated', true],
      [4, true, 'advice', true],
      [5, true, 'stated', false],
    ]);
  });

  it('rejects a record without a verdict, without a date, with an unknown verdict or a stated fact without a source', () => {
    const rows = [
      '{/* source: a/b:c.yml */}',
      '{/* source: a/b:c.yml; verdict: stated */}',
      '{/* source: a/b:c.yml; verdict: probably; checked: 2026-11-25 */}',
      '{/* verdict: stated; checked: 2026-11-25 */}',
      '{/* source: a/b:c.yml; verdict: stated; checked: 25.11.2026 */}',
      '{/* source: a/b:c.yml | verdict: stated | checked: 2026-11-25 */}',
    ].map((comment) => `The archive listens on port 8090. ${comment}`);
    const facts = factsIn('docs/x.md', rows.join('\n\n'));
    expect(facts).toHaveLength(6);
    expect(facts.map(isVerified)).toEqual([false, false, false, false, false, false]);
    expect(facts[5]!.problems.join()).toMatch(/separate its items with ";"/);
  });

  it("accepts a repository path, a documentation page or a portal tool as a source, never the portal's OpenAPI files", () => {
    expect(isValidSource('TrustLynx/e-seal-configuration:container-and-signature-services/application.yml')).toBe(true);
    expect(isValidSource('portal:scripts/mock.mjs')).toBe(true);
    expect(isValidSource('portal:openapi/dmss-archive-service.yaml')).toBe(false);
    expect(isValidSource('https://www.postgresql.org/docs/current/')).toBe(true);
    expect(isValidSource('the old wiki')).toBe(false);
    expect(isValidSource('ps-app')).toBe(false);
  });
});

describe('facts in the install docs', () => {
  const facts = allFacts(root);
  const unverified = facts.filter((f) => !isVerified(f));

  it('covers the install docs and leaves out the user manuals', () => {
    const docs = installDocs(root);
    expect(docs).toHaveLength(13);
    for (const manual of USER_MANUALS) expect(docs).not.toContain(`docs/${manual}`);
    expect(new Set(facts.map((f) => f.file)).size).toBe(13);
  });

  it('counts the facts: every one is verified (a verdict, the day of the check, its sources)', () => {
    console.log(`install docs: ${facts.length} facts, ${facts.length - unverified.length} verified`);
    expect(facts.length).toBeGreaterThan(500);
    expect(
      unverified.map(
        (f) => `${f.file}:${f.line}: ${[...f.problems, f.verdict ?? 'no verdict'].join('; ')}: ${f.text.slice(0, 80)}`,
      ),
    ).toEqual([]);
  });

  it('names every source as a repository path, a path of this repository or a documentation page', () => {
    const invalid = facts.flatMap((f) =>
      f.sources.filter((s) => !isValidSource(s)).map((s) => `${f.file}:${f.line}: ${s}`),
    );
    expect(invalid).toEqual([]);
  });

  it('links only operations the specs have (a reference fact stands on its link)', () => {
    expect(facts.flatMap((f) => operationLinks(f.text)).length).toBeGreaterThan(100);
    expect(brokenOperationLinks(root, facts)).toEqual([]);
    const planted = factsIn(
      'docs/x.md',
      'The status call ([ping](/api/dmss-archive-service#tag/ping-controller/operation/noSuchCall)) answers on `/ping`.',
    );
    expect(brokenOperationLinks(root, planted)).toEqual([
      'docs/x.md:1: /api/dmss-archive-service has no operation noSuchCall',
    ]);
  });

  it('fails on a new fact without a verdict', () => {
    const planted = '| Archive | New setting `archive.cache.size` of 64 MB {/* source: a/b:c.yml */} |\n';
    expect(factsIn('docs/Archive Service.md', planted).filter((f) => !isVerified(f))).toHaveLength(1);
  });
});
