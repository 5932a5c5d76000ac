import fs from 'node:fs';
import path from 'node:path';
import {parse} from 'yaml';
import {describe, expect, it} from 'vitest';
import {apiSpecs} from '../../src/config/apiSpecs';
import {operationsOf, type OpenApiDoc} from '../../src/lib/openapi/document';
import {apiMarkdown} from '../../src/lib/openapi/markdown';
import {curlCommand, requestUrl} from '../../src/lib/openapi/request';
import {sampleHttpRequest} from '../../src/lib/openapi/requestModel';
import {resolveApi} from '../../src/lib/openapi/resolve';
import {withTrailingSlashes} from '../../src/lib/openapi/trailingSlash';
import {apiMarkdownUrl, operationMarkdownUrl, pageMarkdownUrl} from '../../src/lib/openapi/urls';
import {sampleRequest} from '../../src/plugins/api-reference/codeSamples';
import {docMarkdown} from '../../src/plugins/markdown-twins/docs';
import {demoteHeadings, linkTwins, writeDocTwins} from '../../src/plugins/markdown-twins';
import os from 'node:os';

const root = path.resolve(__dirname, '../..');
const fixtures = path.join(root, 'tests/fixtures/markdown-twins');
const SITE = 'https://portal.example';

const readYaml = (file: string): OpenApiDoc => parse(fs.readFileSync(file, 'utf8')) as OpenApiDoc;

/** The code blocks of a Markdown text, and the text outside them. */
function split(markdown: string): {code: string[]; prose: string} {
  const code: string[] = [];
  const prose = markdown.replace(/^(`{3,})[^\n]*\n[\s\S]*?\n\1$/gm, (block) => {
    code.push(block);
    return '';
  });
  return {code, prose};
}

describe('the URLs of the twins', () => {
  it('add .md to the page address', () => {
    expect(apiMarkdownUrl('dmss-archive-service')).toBe('/api/dmss-archive-service.md');
    expect(operationMarkdownUrl('dmss-archive-service', 'getInfo')).toBe('/api/dmss-archive-service/getInfo.md');
    expect(pageMarkdownUrl('/docs/Archive%20Service')).toBe('/docs/Archive%20Service.md');
  });
});

describe('operation twins (fixture)', async () => {
  const doc = readYaml(path.join(fixtures, 'orders.yaml'));
  const twins = await apiMarkdown({id: 'orders', label: 'Order Service', doc}, {siteUrl: SITE});
  const byId = new Map(twins.operations.map((op) => [op.operationId, op.markdown]));
  const createOrder = byId.get('createOrder') ?? '';
  const getOrder = byId.get('getOrder') ?? '';

  it('has one twin per operation, in file order', () => {
    expect(twins.operations.map((op) => op.operationId)).toEqual(['getOrder', 'createOrder', 'ping']);
  });

  it('starts with the summary, method and path, and links back to the HTML anchor', () => {
    expect(createOrder.startsWith('# Place an order\n\n`POST /orders`\n')).toBe(true);
    expect(createOrder).toContain(`${SITE}/api/orders#tag/orders/operation/createOrder`);
    expect(getOrder).toContain('Returns one order with its delivery address.');
  });

  it('lists the security alternatives, or says none is needed', () => {
    expect(getOrder).toContain('Any one of these (alternatives):');
    expect(getOrder).toContain(
      '`bearerAuth`: a bearer token in the `Authorization` header. Token from the identity provider.',
    );
    expect(getOrder).toContain('`apiKey`: the header parameter `X-Api-Key`');
    expect(createOrder).not.toContain('X-Api-Key');
    expect(byId.get('ping')).toContain('No authentication.');
  });

  it('puts path-level and operation parameters in a table, required first', () => {
    const rows = getOrder.split('\n').filter((line) => line.startsWith('| `'));
    expect(rows[0]).toMatch(/^\| `orderId` \| path \| yes \| string \(uuid\) \|/);
    expect(rows[1]).toContain('| `fields` | query | no | string, pattern `^[a-z,]+$` | Fields to return. |');
  });

  it('lists the request body fields nested, required first, with types, formats, limits and enums; no read-only fields', () => {
    const fields = createOrder.slice(createOrder.indexOf('## Request body'), createOrder.indexOf('## Example request'));
    const lines = fields.split('\n').filter((line) => /^\s*- /.test(line));
    expect(lines).toEqual([
      '- `quantity` (integer (int32), required, ≥ 1, ≤ 500): Copies to print.',
      '- `delivery` (object (Address), required)',
      '  - `city` (string, required, length 1 to 60)',
      '  - `country` (string, required, one of `EE`, `LV`, `LT`): ISO 3166 country code.',
      '  - `street` (string, length at most 80)',
      '- `note` (string): Free text for the printer.',
      '- `tags` (array of string, items at most 5)',
      '- `bundle` (object (Part))',
      '  - `name` (string)',
      '  - `parts` (array of object (Part))',
      '    - (the same fields as above, recursively)',
    ]);
    expect(fields).not.toContain('`id`');
  });

  it('shows the curl of the code samples: the same request builder', async () => {
    const api = await resolveApi(doc);
    const {request} = sampleHttpRequest(api, '/orders', 'post');
    expect(createOrder).toContain(`\`\`\`bash\n${curlCommand(request)}\n\`\`\``);
    const sample = await sampleRequest(doc, '/orders', 'post');
    expect(requestUrl(request)).toBe(sample.url);
    expect(curlCommand(request)).toContain(`--url ${sample.url}`);
    expect(createOrder).toContain("--header 'Authorization: Bearer <token>'");
  });

  it('lists the responses with headers, fields and examples', () => {
    expect(createOrder).toContain('### 201\n\nCreated.');
    expect(createOrder).toContain('- Header `Location` (string): Address of the new order.');
    const ok = getOrder.slice(getOrder.indexOf('### 200'));
    expect(ok).toContain('- `id` (string (uuid), required, read-only): Given by the service.');
    expect(ok).toContain('"city": "Riga"');
    expect(getOrder).toContain('### 404\n\nNo order with this id.\n\nNo body.');
    expect(byId.get('ping')).toContain('```text\npong\n```');
  });

  it('makes the reference twin: overview, index with the operation twins, every operation in full', () => {
    const md = twins.markdown;
    expect(md.startsWith('# Order Service\n')).toBe(true);
    expect(md).toContain('version 2.1.0');
    expect(md).toContain('- `https://orders.example.test/v2`: Test installation');
    expect(md).toContain(`| \`POST /orders\` | Place an order | ${SITE}/api/orders/createOrder.md |`);
    expect(md).toContain('#### Place an order');
    expect(md).toContain('##### Request body');
    expect(md.match(/^#{7,}/m)).toBeNull();
  });
});

describe('operation twins (the portal specs)', async () => {
  for (const spec of apiSpecs) {
    const doc = withTrailingSlashes(readYaml(path.join(root, 'openapi', `${spec.id}.yaml`)));
    const twins = await apiMarkdown({id: spec.id, label: spec.label, doc}, {siteUrl: SITE});

    it(`${spec.id}: one clean twin per operation`, () => {
      expect(twins.operations.map((op) => op.operationId)).toEqual(operationsOf(doc).map((entry) => entry.operationId));
      for (const op of twins.operations) {
        const {code, prose} = split(op.markdown);
        expect(prose, op.operationId).toMatch(/^# .+\n\n`[A-Z]+ \/\S*`\n/);
        expect(prose, op.operationId).toContain('## Security');
        expect(prose, op.operationId).toContain(`${SITE}/api/${spec.id}#tag/`);
        expect(
          code.some((block) => block.startsWith('```bash\ncurl --request ')),
          op.operationId,
        ).toBe(true);
        // No JSX, HTML comments or leftovers of objects in the prose (outside inline code).
        expect(prose.replace(/`[^`\n]*`/g, ''), op.operationId).not.toMatch(
          /<\/?[A-Z][A-Za-z]*[\s/>]|<!--|\{\/\*|\[object Object\]|undefined/,
        );
      }
    });
  }
});

describe('doc twins', () => {
  const source = fs.readFileSync(path.join(fixtures, 'guide.md'), 'utf8');
  const md = docMarkdown(source, {
    title: 'Printing Guide',
    description: 'How to print orders.',
    pageUrl: `${SITE}/docs/Printing%20Guide`,
    source: 'guide.md',
  });
  const {prose} = split(md);

  it('has a title, the description and the page address', () => {
    expect(
      md.startsWith(
        '# Printing Guide\n\n> How to print orders.\n\nSource page: https://portal.example/docs/Printing%20Guide\n',
      ),
    ).toBe(true);
  });

  it('drops source comments, imports and front matter, but not code', () => {
    expect(prose).not.toContain('source:');
    expect(prose).not.toContain('import Thing');
    expect(prose).not.toContain('title: Printing Guide');
    expect(md).toContain('The printer takes orders.\n');
    expect(md).toContain('| Column | Value |');
    expect(md).toContain('{/* a comment shown as code stays */}\n:::tip kept in code');
  });

  it('turns admonitions into block quotes, code inside them included', () => {
    expect(md).toContain(
      '> **Paper size**\n>\n> Only A4 is supported.\n>\n> ```bash\n> lp -o media=A4 order.pdf\n> ```',
    );
    expect(md).toContain('> **Note**\n>\n> A plain note.');
    expect(prose).not.toMatch(/^:::/m);
  });

  it('keeps Mermaid diagrams as their source and renders the site components as tables', () => {
    expect(md).toContain('```mermaid\nflowchart LR\n  A --> B\n```');
    expect(md).toContain('| Smart-ID and Mobile-ID displayText | 60 |');
    expect(md).not.toContain('<DisplayTextChecker');
  });

  it('fails on a component it cannot render', () => {
    expect(() => docMarkdown('<Unknown prop="x" />\n', {title: 't', pageUrl: 'u', source: 'bad.md'})).toThrow(
      /Unknown/,
    );
  });

  it('renders every doc of the site cleanly', () => {
    for (const file of fs.readdirSync(path.join(root, 'docs')).filter((name) => name.endsWith('.md'))) {
      const twin = docMarkdown(fs.readFileSync(path.join(root, 'docs', file), 'utf8'), {
        title: file,
        pageUrl: `${SITE}/docs/${encodeURI(file)}`,
        source: file,
      });
      const {prose: text} = split(twin);
      expect(text, file).not.toMatch(/\{\/\*|<!--|^:::|^import\s/m);
      expect(twin.split('\n').filter((line) => /^\s*```mermaid/.test(line)).length, file).toBe(
        (fs.readFileSync(path.join(root, 'docs', file), 'utf8').match(/^\s*```mermaid/gm) ?? []).length,
      );
    }
  });
});

describe('the twins directory (served by npm start and copied into the build)', () => {
  it('holds one twin per doc at its decoded path and the index, and nothing left from earlier runs', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'twins-'));
    try {
      fs.mkdirSync(path.join(dir, 'docs'));
      fs.writeFileSync(path.join(dir, 'docs', 'Removed Doc.md'), '# gone\n');
      await writeDocTwins(
        dir,
        [
          {
            title: 'Printing Guide',
            description: 'How to print orders.',
            permalink: '/docs/Printing Guide',
            file: path.join(fixtures, 'guide.md'),
          },
        ],
        {siteDir: fixtures, siteUrl: SITE},
      );
      expect(fs.readdirSync(path.join(dir, 'docs'))).toEqual(['Printing Guide.md']);
      expect(fs.readFileSync(path.join(dir, 'docs', 'Printing Guide.md'), 'utf8')).toMatch(
        /^# Printing Guide\n\n> How to print orders\.\n\nSource page: https:\/\/portal\.example\/docs\/Printing%20Guide\n/,
      );
      const index = JSON.parse(fs.readFileSync(path.join(dir, 'markdown-twins.json'), 'utf8')) as {
        docs: {url: string; markdown: string}[];
        apis: {id: string; markdown: string}[];
      };
      expect(index.docs).toEqual([
        {
          title: 'Printing Guide',
          description: 'How to print orders.',
          url: '/docs/Printing%20Guide',
          markdown: '/docs/Printing%20Guide.md',
        },
      ]);
      expect(index.apis.map((api) => api.markdown)).toEqual(apiSpecs.map((spec) => apiMarkdownUrl(spec.id)));
    } finally {
      fs.rmSync(dir, {recursive: true, force: true});
    }
  });
});

describe('llms.txt and llms-full.txt', () => {
  it('points doc links at their twins', () => {
    const text = `- [Archive Service](${SITE}/docs/Archive%20Service): About it.\n- [Other](${SITE}/docs/Archive%20Service%20Two): x`;
    expect(linkTwins(text, SITE, ['/docs/Archive Service'])).toBe(
      `- [Archive Service](${SITE}/docs/Archive%20Service.md): About it.\n- [Other](${SITE}/docs/Archive%20Service%20Two): x`,
    );
  });

  it('demotes the headings of an API twin outside code', () => {
    expect(demoteHeadings('# A\n\n```bash\n# comment\n```\n\n###### F')).toBe(
      '## A\n\n```bash\n# comment\n```\n\n###### F',
    );
  });
});
