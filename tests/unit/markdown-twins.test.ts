import fs from 'node:fs';
import path from 'node:path';
import {parse} from 'yaml';
import {describe, expect, it} from 'vitest';
import {apiSpecs} from '../../src/config/apiSpecs';
import {operationsOf, type OpenApiDoc} from '../../src/lib/openapi/document';
import {apiMarkdown, linkToTwins} from '../../src/lib/openapi/markdown';
import {UNDOCUMENTED_BODY} from '../../src/lib/openapi/requestModel';
import {curlCommand, requestUrl} from '../../src/lib/openapi/request';
import {sampleHttpRequest} from '../../src/lib/openapi/requestModel';
import {resolveApi} from '../../src/lib/openapi/resolve';
import {withTrailingSlashes} from '../../src/lib/openapi/trailingSlash';
import {apiMarkdownUrl, operationMarkdownUrl, pageMarkdownUrl} from '../../src/lib/openapi/urls';
import {sampleRequest} from '../../src/plugins/api-reference/codeSamples';
import {MDX_COMPONENT_MARKDOWN} from '../../src/components/markdownForms';
import {rewriteFolder} from '../../src/lib/generatedFolder';
import {docMarkdown as renderDoc, type DocMeta} from '../../src/lib/markdown/docs';

/** A doc's Markdown with the site's MDX components, as the plugins make it. */
const docMarkdown = (source: string, meta: Omit<DocMeta, 'components'>): string =>
  renderDoc(source, {...meta, components: MDX_COMPONENT_MARKDOWN});
import {demoteHeadings, linkTwins, writeApiTwins, writeDocTwins} from '../../src/plugins/markdown-twins';
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
    expect(twins.operations.map((op) => op.operationId)).toEqual([
      'getOrder',
      'findOrders',
      'createOrder',
      'ping',
      'stampOrder',
    ]);
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

  it('lists path-level and operation parameters, required first, with where they go, types and examples', () => {
    const items = getOrder
      .slice(getOrder.indexOf('## Parameters'), getOrder.indexOf('## Example request'))
      .split('\n')
      .filter((line) => line.startsWith('- '));
    expect(items).toEqual([
      '- `orderId` (path, required, string (uuid), example `3fa85f64-5717-4562-b3fc-2c963f66afa6`)',
      '- `fields` (query, string, pattern `^[a-z,]+$`): Fields to return.',
    ]);
  });

  it("expands a JSON query parameter like a body: its schema's description, its fields and its example", () => {
    const findOrders = byId.get('findOrders') ?? '';
    expect(findOrders).toContain(
      [
        '- `filter` (query, required, object, sent as `application/json` text, URL-encoded): What to look for, as JSON.',
        '',
        '  Orders delivered to `city`, placed on or after `since`.',
        '  An unknown city finds none.',
        '',
        '  - `city` (string, required): Delivery city.',
        '  - `since` (string (date))',
        '',
        '  Example: `{"city":"Riga","since":"2026-01-01"}`',
      ].join('\n'),
    );
  });

  it('lists the request body fields nested, required first, with types, formats, limits and enums; no read-only fields', () => {
    const fields = createOrder.slice(createOrder.indexOf('Fields:'), createOrder.indexOf('Example:'));
    const lines = fields.split('\n').filter((line) => /^\s*- /.test(line));
    expect(lines).toEqual([
      '- `quantity` (integer (int32), required, ≥ 1, ≤ 500): Copies to print.',
      '- `delivery` (object (Address), required)',
      '  - `city` (string, required, length 1 to 60)',
      '  - `country` (string, required, one of `EE`, `LV`, `LT`): ISO 3166 country code.',
      '  - `street` (string, length at most 80)',
      '- `note` (string): Free text for the printer, for example:',
      '  - `urgent`: print first',
      '  - `gift`: no prices on the delivery note',
      '- `tags` (array of string, items at most 5)',
      '- `bundle` (object (Part))',
      '  - `name` (string)',
      '  - `parts` (array of object (Part))',
      '    - (the same fields as above, recursively)',
    ]);
    expect(fields).not.toContain('`id`');
  });

  it("keeps the body schema's description with its list, apart from the fields, and the body's example", () => {
    const body = createOrder.slice(createOrder.indexOf('## Request body'), createOrder.indexOf('## Example request'));
    expect(body).toContain(
      "An order of printed copies. Who may place one:\n\n- a customer with a contract;\n- a shop assistant on the customer's behalf.\n\nFields:\n",
    );
    expect(body).toContain('Example:\n\n```json\n{\n  "quantity": 3,');
  });

  it('shows every named example of a response with its summary and description', () => {
    const ok = getOrder.slice(getOrder.indexOf('### 200'), getOrder.indexOf('### 404'));
    expect(ok).toContain('Example `riga`: Delivered to Riga:\n\n```json\n{\n  "id": "3fa85f64');
    expect(ok).toContain('Example `tartu`: Delivered to Tartu:\n\nA larger order.\n\n```json\n{\n  "id": "0c3a1f8e');
  });

  it("names the server of the example and what to replace; the reference lists servers with their variables' defaults", () => {
    expect(getOrder).toContain('- Server: `https://orders.example.test/v2`\n');
    expect(getOrder).toContain(
      'The example request is sent to `https://orders.example.test/v2`, the first server; `orders.example.test` stands for your own host name. Replace it with the address at which your installation serves this API',
    );
    expect(twins.markdown).toContain(
      [
        "- `http://{host}:{port}/v2`: Inside the print shop's network.",
        '  - `{host}` (default `orders`): Container name of the service.',
        '  - `{port}` (default `8080`, one of `8080`, `8443`)',
        '  - With the defaults: `http://orders:8080/v2`',
      ].join('\n'),
    );
  });

  it('gives the URLs of the OAuth 2 flows with their scopes, and the OpenID Connect discovery URL', () => {
    expect(twins.markdown).toContain(
      [
        '  - OAuth 2 flow `clientCredentials`:',
        '    - Token URL: https://id.example.test/token',
        '    - Scopes: `orders:write` (Place orders.)',
        '  - OAuth 2 flow `authorizationCode`:',
        '    - Authorization URL: https://id.example.test/authorize',
        '    - Token URL: https://id.example.test/token',
        '    - Refresh URL: https://id.example.test/refresh',
      ].join('\n'),
    );
    expect(twins.markdown).toContain(
      '  - OpenID Connect discovery: https://id.example.test/.well-known/openid-configuration',
    );
  });

  it('sends a placeholder, not `{}`, for a body whose fields are not documented, and says so', () => {
    const stampOrder = byId.get('stampOrder') ?? '';
    expect(stampOrder).toContain(`--data-raw '${UNDOCUMENTED_BODY}'`);
    expect(stampOrder).not.toContain("--data-raw '{}'");
    expect(stampOrder).toContain('The fields of this request body are not documented');
    expect(createOrder).not.toContain('not documented');
  });

  it("sends the same placeholder as the page's code samples: one detection for both", async () => {
    const stampOrder = byId.get('stampOrder') ?? '';
    const path = Object.keys(doc.paths as Record<string, unknown>).find((p) => p.includes('stamp')) ?? '';
    const {request, undocumentedBody} = sampleHttpRequest(await resolveApi(doc), path, 'post');
    expect(undocumentedBody).toBe(true);
    expect(stampOrder).toContain(`\`\`\`bash\n${curlCommand(request)}\n\`\`\``);
    expect((await sampleRequest(doc, path, 'post')).body).toBe(UNDOCUMENTED_BODY);
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

/**
 * The spec as this test reads it, on its own (not through the code under test): local `$ref`s followed,
 * the walk over paths and methods by hand.
 */
type Json = Record<string, unknown>;
const isJson = (value: unknown): value is Json => typeof value === 'object' && value !== null && !Array.isArray(value);

function follow(doc: Json, value: unknown, hops = 0): Json {
  if (!isJson(value)) return {};
  const ref = value.$ref;
  if (typeof ref !== 'string' || hops > 20) return value;
  const target = ref
    .slice(2)
    .split('/')
    .reduce<unknown>(
      (node, key) => (isJson(node) ? node[key.replace(/~1/g, '/').replace(/~0/g, '~')] : undefined),
      doc,
    );
  return follow(doc, target, hops + 1);
}

/** The non-empty lines of a description, with link targets left out (the twins point links at twins). */
const descriptionLines = (text: unknown): string[] =>
  typeof text === 'string'
    ? text
        .split('\n')
        .map((line) => line.trim().replace(/\]\([^)]*\)/g, ']()'))
        .filter(Boolean)
    : [];

/** The examples of a media type or parameter: `example` and the values of `examples`, with the names. */
function examplesIn(doc: Json, holder: Json): {name?: string; value: unknown}[] {
  const out: {name?: string; value: unknown}[] = holder.example !== undefined ? [{value: holder.example}] : [];
  for (const [name, raw] of Object.entries(isJson(holder.examples) ? holder.examples : {})) {
    out.push({name, value: follow(doc, raw).value});
  }
  return out;
}

/** The top-level properties of a schema, its allOf parts' included. */
function propertiesOf(doc: Json, raw: unknown): [string, Json][] {
  const schema = follow(doc, raw);
  const parts = Array.isArray(schema.allOf) ? schema.allOf.map((part) => follow(doc, part)) : [];
  return [schema, ...parts].flatMap((part) =>
    Object.entries(isJson(part.properties) ? part.properties : {}).map(([name, value]): [string, Json] => [
      name,
      follow(doc, value),
    ]),
  );
}

describe('each twin against its spec (the eight specs under openapi/)', async () => {
  const METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'];
  const binary = /octet-stream|pdf|zip|asic|image\//i;
  for (const spec of apiSpecs) {
    const doc = withTrailingSlashes(readYaml(path.join(root, 'openapi', `${spec.id}.yaml`))) as Json;
    const twins = await apiMarkdown({id: spec.id, label: spec.label, doc}, {siteUrl: SITE});
    const twinOf = new Map(twins.operations.map((op) => [op.operationId, op.markdown.replace(/\]\([^)]*\)/g, ']()')]));
    const operations = Object.entries(isJson(doc.paths) ? doc.paths : {}).flatMap(([route, rawItem]) => {
      const item = follow(doc, rawItem);
      return METHODS.filter((method) => isJson(item[method])).map((method) => ({
        route,
        item,
        op: item[method] as Json,
      }));
    });

    it(`${spec.id}: every example, named or not, of every body, response and JSON parameter`, () => {
      let count = 0;
      for (const {item, op} of operations) {
        const twin = twinOf.get(String(op.operationId)) ?? '';
        const medias: [string, Json][] = [];
        const body = follow(doc, op.requestBody);
        for (const [mime, media] of Object.entries(isJson(body.content) ? body.content : {}))
          medias.push([mime, follow(doc, media)]);
        for (const response of Object.values(isJson(op.responses) ? op.responses : {})) {
          const content = follow(doc, response).content;
          for (const [mime, media] of Object.entries(isJson(content) ? content : {}))
            medias.push([mime, follow(doc, media)]);
        }
        for (const [mime, media] of medias) {
          if (binary.test(mime)) continue;
          for (const {name, value} of examplesIn(doc, media)) {
            count += 1;
            if (name) expect(twin, `${String(op.operationId)} ${name}`).toContain(`Example \`${name}\``);
            const text = typeof value === 'string' ? (value.split('\n')[0] ?? '') : JSON.stringify(value, null, 2);
            expect(twin, `${String(op.operationId)} ${mime} ${name ?? ''}`).toContain(text);
          }
        }
        const params = [
          ...(Array.isArray(item.parameters) ? item.parameters : []),
          ...(Array.isArray(op.parameters) ? op.parameters : []),
        ];
        for (const param of params.map((raw) => follow(doc, raw))) {
          if (!isJson(param.content)) continue;
          for (const media of Object.values(param.content)) {
            for (const {value} of [...examplesIn(doc, param), ...examplesIn(doc, follow(doc, media))]) {
              count += 1;
              expect(twin, `${String(op.operationId)} ${String(param.name)}`).toContain(`\`${JSON.stringify(value)}\``);
            }
          }
        }
      }
      expect(count).toBeGreaterThan(0);
    });

    it(`${spec.id}: the descriptions of parameters, bodies, responses, their schemas (a JSON parameter's too) and fields, every line`, () => {
      for (const {item, op} of operations) {
        const id = String(op.operationId);
        const twin = twinOf.get(id) ?? '';
        const expectLines = (text: unknown, what: string) => {
          for (const line of descriptionLines(text)) expect(twin, `${id}: ${what}`).toContain(line);
        };
        const params = [
          ...(Array.isArray(item.parameters) ? item.parameters : []),
          ...(Array.isArray(op.parameters) ? op.parameters : []),
        ];
        const schemas: [Json, 'request' | 'response'][] = [];
        for (const param of params.map((raw) => follow(doc, raw))) {
          expectLines(param.description, `parameter ${String(param.name)}`);
          // A JSON parameter is told as a body: its schema's description and fields too.
          for (const media of Object.values(isJson(param.content) ? param.content : {}))
            schemas.push([follow(doc, follow(doc, media).schema), 'request']);
        }
        const body = follow(doc, op.requestBody);
        expectLines(body.description, 'request body');
        for (const media of Object.values(isJson(body.content) ? body.content : {}))
          schemas.push([follow(doc, follow(doc, media).schema), 'request']);
        for (const [status, raw] of Object.entries(isJson(op.responses) ? op.responses : {})) {
          const response = follow(doc, raw);
          expectLines(response.description, `response ${status}`);
          for (const media of Object.values(isJson(response.content) ? response.content : {}))
            schemas.push([follow(doc, follow(doc, media).schema), 'response']);
        }
        for (const [schema, mode] of schemas) {
          expectLines(schema.description, 'schema');
          for (const [name, property] of propertiesOf(doc, schema)) {
            if (
              (mode === 'request' && property.readOnly === true) ||
              (mode === 'response' && property.writeOnly === true)
            )
              continue;
            expectLines(property.description, `field ${name}`);
          }
        }
      }
    });

    it(`${spec.id}: the servers with their variables' defaults, and the server of each operation`, () => {
      const servers = (Array.isArray(doc.servers) ? doc.servers : []).map((raw) => follow(doc, raw));
      const withDefaults = (server: Json): string =>
        String(server.url)
          .replace(/\{([^}]+)\}/g, (_whole, name: string) =>
            String(follow(doc, follow(doc, server.variables)[name]).default),
          )
          .replace(/\/+$/, '');
      for (const server of servers) {
        expect(twins.markdown).toContain(`- \`${String(server.url)}\``);
        for (const [name, variable] of Object.entries(isJson(server.variables) ? server.variables : {})) {
          expect(twins.markdown, name).toContain(
            `- \`{${name}}\` (default \`${String(follow(doc, variable).default)}\``,
          );
          for (const line of descriptionLines(follow(doc, variable).description))
            expect(twins.markdown).toContain(line);
        }
      }
      expect(twins.markdown).toContain('Replace it');
      for (const {item, op} of operations) {
        const own = [op.servers, item.servers].find((list) => Array.isArray(list) && list.length > 0) as
          unknown[] | undefined;
        const first = follow(doc, (own ?? servers)[0]);
        const twin = twinOf.get(String(op.operationId)) ?? '';
        expect(twin, String(op.operationId)).toContain(`- Server: \`${withDefaults(first)}\``);
        expect(twin, String(op.operationId)).toContain(`--url ${withDefaults(first)}`.replace('--url ', ''));
        expect(twin, String(op.operationId)).toContain('Replace it');
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

describe('links between twins', () => {
  const ids = ['orders', 'billing'];

  it('lead from a doc, a reference or an operation link to its twin, absolute, and leave other links alone', () => {
    const text = [
      '[Guide](/docs/Printing%20Guide#paper) and [again](https://portal.example/docs/Delivery "Delivery")',
      '[orders](/api/orders), [read](/api/billing#tag/invoices/operation/getInvoice), [tag](/api/orders#tag/orders)',
      '[history](/api/orders/changes), [other](/api/shipping), [out](https://example.test/docs/x), [here](#paper)',
      '[twin](/docs/Delivery.md), [local](#tag/orders/operation/createOrder)',
    ].join('\n');
    expect(linkToTwins(text, SITE, ids, 'orders').split('\n')).toEqual([
      `[Guide](${SITE}/docs/Printing%20Guide.md#paper) and [again](${SITE}/docs/Delivery.md "Delivery")`,
      `[orders](${SITE}/api/orders.md), [read](${SITE}/api/billing/getInvoice.md), [tag](${SITE}/api/orders.md)`,
      '[history](/api/orders/changes), [other](/api/shipping), [out](https://example.test/docs/x), [here](#paper)',
      `[twin](/docs/Delivery.md), [local](${SITE}/api/orders/createOrder.md)`,
    ]);
    // Without the spec it belongs to, an operation's anchor alone stays as it is.
    expect(linkToTwins('[local](#tag/orders/operation/createOrder)', SITE, ids)).toBe(
      '[local](#tag/orders/operation/createOrder)',
    );
  });

  it("in the site's doc twins, lead to the twins of docs that exist and of operations the specs have", async () => {
    const specIds = apiSpecs.map((spec) => spec.id);
    const operations = new Set<string>();
    for (const spec of apiSpecs) {
      const doc = readYaml(path.join(root, 'openapi', `${spec.id}.yaml`));
      for (const entry of operationsOf(doc)) operations.add(`${spec.id}/${entry.operationId ?? ''}`);
    }
    let links = 0;
    for (const file of fs.readdirSync(path.join(root, 'docs')).filter((name) => name.endsWith('.md'))) {
      const source = fs.readFileSync(path.join(root, 'docs', file), 'utf8');
      const twin = docMarkdown(source, {title: file, pageUrl: SITE, source: file, links: {siteUrl: SITE, specIds}});
      const {prose} = split(twin);
      expect(prose, file).not.toMatch(/\]\(\/(docs|api)\//);
      for (const [, target] of prose.matchAll(/\]\((https:\/\/portal\.example\/[^)\s#]+)/g)) {
        links += 1;
        const address = (target ?? '').slice(SITE.length);
        const docName = /^\/docs\/(.+)\.md$/.exec(address)?.[1];
        const operation = /^\/api\/([^/]+)\/(.+)\.md$/.exec(address);
        if (docName)
          expect(fs.existsSync(path.join(root, 'docs', `${decodeURIComponent(docName)}.md`)), address).toBe(true);
        else if (operation)
          expect(operations.has(`${operation[1]}/${decodeURIComponent(operation[2] ?? '')}`), address).toBe(true);
        else expect(address, file).toMatch(/^\/api\/[^/]+\.md$/);
      }
    }
    expect(links).toBeGreaterThan(100);
  });
});

describe('the twins directory (served by npm start and copied into the build)', () => {
  it('holds one twin per doc at its decoded path and the index, and nothing left from earlier runs', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'twins-'));
    try {
      fs.mkdirSync(path.join(dir, 'docs'));
      fs.writeFileSync(path.join(dir, 'docs', 'Removed Doc.md'), '# gone\n');
      await rewriteFolder(dir, (put) =>
        writeDocTwins(
          put,
          [
            {
              title: 'Printing Guide',
              description: 'How to print orders.',
              permalink: '/docs/Printing Guide',
              file: path.join(fixtures, 'guide.md'),
            },
          ],
          apiSpecs,
          {siteDir: fixtures, siteUrl: SITE},
        ),
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

describe('the twins after an edit (npm start)', () => {
  it('show the edited doc and the edited spec, and keep the others as they were', async () => {
    const siteDir = fs.mkdtempSync(path.join(os.tmpdir(), 'twins-edit-'));
    const dir = path.join(siteDir, 'twins');
    try {
      const specs = apiSpecs.filter((spec) =>
        ['dmss-archive-service', 'dmss-document-generation-service'].includes(spec.id),
      );
      fs.mkdirSync(path.join(siteDir, 'openapi'));
      for (const spec of specs) {
        fs.copyFileSync(
          path.join(root, 'openapi', `${spec.id}.yaml`),
          path.join(siteDir, 'openapi', `${spec.id}.yaml`),
        );
      }
      const guide = path.join(siteDir, 'guide.md');
      fs.copyFileSync(path.join(fixtures, 'guide.md'), guide);
      const doc = {
        title: 'Printing Guide',
        description: 'How to print orders.',
        permalink: '/docs/Printing Guide',
        file: guide,
      };
      const write = () =>
        rewriteFolder(dir, async (put) => {
          await writeDocTwins(put, [doc], specs, {siteDir, siteUrl: SITE});
          await writeApiTwins(put, specs, {siteDir, siteUrl: SITE});
        });
      const read = (file: string) => fs.readFileSync(path.join(dir, file), 'utf8');
      const edited = specs[1]!;
      const operation = operationsOf(readYaml(path.join(siteDir, 'openapi', `${edited.id}.yaml`)))[0]!.operation;
      const operationTwin = decodeURIComponent(operationMarkdownUrl(edited.id, String(operation.operationId)));
      const docTwin = decodeURI(pageMarkdownUrl('/docs/Printing%20Guide'));
      await write();
      const before = {archive: read(apiMarkdownUrl(specs[0]!.id)), operation: read(operationTwin), doc: read(docTwin)};

      const specFile = path.join(siteDir, 'openapi', `${edited.id}.yaml`);
      const summary = String(operation.summary);
      fs.writeFileSync(
        specFile,
        fs.readFileSync(specFile, 'utf8').replace(`summary: ${summary}\n`, `summary: ${summary} (edited)\n`),
      );
      fs.appendFileSync(guide, '\nA sentence added by the writer.\n');
      await write();
      expect(read(operationTwin)).toContain(`${summary} (edited)`);
      expect(read(operationTwin)).not.toBe(before.operation);
      expect(read(docTwin)).toContain('A sentence added by the writer.');
      expect(read(apiMarkdownUrl(specs[0]!.id))).toBe(before.archive);
    } finally {
      fs.rmSync(siteDir, {recursive: true, force: true});
    }
  });
});

describe('a folder rewritten in place', () => {
  it('leaves a file whose content is unchanged untouched, so the dev server sees only what an edit changed', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'rewrite-'));
    try {
      const write = (second: string) =>
        rewriteFolder(dir, async (put) => {
          await put('same.md', 'same\n');
          await put('nested/changed.md', second);
        });
      await write('first\n');
      const same = path.join(dir, 'same.md');
      const changed = path.join(dir, 'nested', 'changed.md');
      const past = new Date('2020-01-01T00:00:00Z');
      fs.utimesSync(same, past, past);
      fs.utimesSync(changed, past, past);
      await write('second\n');
      expect(fs.statSync(same).mtimeMs).toBe(past.getTime());
      expect(fs.statSync(changed).mtimeMs).toBeGreaterThan(past.getTime());
      expect(fs.readFileSync(changed, 'utf8')).toBe('second\n');
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
