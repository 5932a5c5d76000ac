/**
 * The MCP server (scripts/mcp), driven as an assistant drives it: the SDK's
 * client spawns `jiti scripts/mcp/cli.ts` and talks to it over stdio. It reads
 * a small site (the doc twins and change history of
 * tests/fixtures/markdown-twins/site, with API twins and a search index made
 * from the fixture's spec) from its folder and from a local HTTP server.
 */
import fs from 'node:fs';
import os from 'node:os';
import http from 'node:http';
import path from 'node:path';
import type {AddressInfo} from 'node:net';
import {afterAll, beforeAll, describe, expect, it} from 'vitest';
import {Client} from '@modelcontextprotocol/sdk/client/index.js';
import {StdioClientTransport} from '@modelcontextprotocol/sdk/client/stdio.js';
import {parse} from 'yaml';
import {apiMarkdown} from '../../src/lib/openapi/markdown';
import {apiSearchDocuments} from '../../src/lib/search/documents';
import {buildSearchIndex, loadSearchIndex, runSearch, type SerializedSearchIndex} from '../../src/lib/search/engine';
import {searchIndexUrl, SEARCH_MANIFEST_URL} from '../../src/lib/search/urls';
import {sectionRecords} from '../../src/plugins/site-search';
import {MAX_RESULT_BYTES, splitIntoParts} from '../../scripts/mcp/portal';
import {freePort} from '../free-port';

const root = path.resolve(__dirname, '../..');
const FIXTURES = path.join(root, 'tests/fixtures/markdown-twins');

/**
 * The fixture site (what a build writes for assistants: tests/fixtures/markdown-twins/site) with the API
 * twins and the site search's index made here from the fixture's spec, as the build makes them, so they
 * always follow the spec and the code that writes them.
 */
async function siteWithSearch(): Promise<{dir: string; index: SerializedSearchIndex}> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-mcp-site-'));
  fs.cpSync(path.join(FIXTURES, 'site'), dir, {recursive: true});
  const doc = parse(fs.readFileSync(path.join(FIXTURES, 'orders.yaml'), 'utf8')) as Record<string, unknown>;
  const twins = await apiMarkdown(
    {id: 'orders', label: 'Order Service', doc},
    {siteUrl: 'https://portal.example', specIds: ['orders']},
  );
  for (const file of fs.readdirSync(path.join(dir, 'api', 'orders'))) {
    if (file.endsWith('.md')) fs.rmSync(path.join(dir, 'api', 'orders', file));
  }
  fs.writeFileSync(path.join(dir, 'api', 'orders.md'), twins.markdown);
  for (const op of twins.operations)
    fs.writeFileSync(path.join(dir, 'api', 'orders', `${op.operationId}.md`), op.markdown);
  const index = JSON.parse(fs.readFileSync(path.join(dir, 'markdown-twins.json'), 'utf8')) as {
    docs: {title: string; description: string; url: string; markdown: string}[];
  };
  const records = [
    ...apiSearchDocuments({id: 'orders', label: 'Order Service', doc}),
    ...index.docs.flatMap((doc) =>
      sectionRecords({kind: 'doc', ...doc}, fs.readFileSync(path.join(dir, decodeURIComponent(doc.markdown)), 'utf8')),
    ),
  ];
  const search = buildSearchIndex(records);
  const url = searchIndexUrl('fixture');
  fs.mkdirSync(path.join(dir, 'search'), {recursive: true});
  fs.writeFileSync(path.join(dir, url), JSON.stringify(search));
  fs.writeFileSync(path.join(dir, SEARCH_MANIFEST_URL), JSON.stringify({indexUrl: url, count: records.length}));
  return {dir, index: search};
}

const {dir: SITE, index: SEARCH_INDEX} = await siteWithSearch();

/** The operations of the fixture's tag `orders`, in the spec's order. */
const ORDERS_TAG = ['getOrder', 'findOrders', 'createOrder', 'stampOrder'];
const JITI = path.join(root, 'node_modules/jiti/bin/jiti.js');

async function connect(args: string[]): Promise<Client> {
  const transport = new StdioClientTransport({
    command: process.execPath,
    args: [JITI, path.join(root, 'scripts/mcp/cli.ts'), ...args],
    cwd: root,
    env: Object.fromEntries(
      Object.entries(process.env).filter((entry): entry is [string, string] => entry[1] !== undefined),
    ),
    stderr: 'ignore',
  });
  const client = new Client({name: 'portal-tests', version: '1.0.0'});
  await client.connect(transport);
  return client;
}

interface ToolText {
  text: string;
  isError: boolean;
}

async function call(client: Client, name: string, args: Record<string, unknown>): Promise<ToolText> {
  const result = await client.callTool({name, arguments: args});
  const content = result.content as {type: string; text?: string}[];
  return {text: content.map((part) => part.text ?? '').join('\n'), isError: result.isError === true};
}

const fixture = (file: string): string => fs.readFileSync(path.join(SITE, file), 'utf8');

describe('the MCP server over a built site folder', () => {
  let client: Client;
  beforeAll(async () => {
    client = await connect(['--site', SITE]);
  });
  afterAll(async () => {
    await client.close();
  });

  it('offers search, read_page, read_operation, list_operations and list_changes', async () => {
    const {tools} = await client.listTools();
    expect(tools.map((tool) => tool.name).sort()).toEqual([
      'list_changes',
      'list_operations',
      'read_operation',
      'read_page',
      'search',
    ]);
    for (const tool of tools) expect(tool.description?.length, tool.name).toBeGreaterThan(20);
  });

  it("list_changes gives an API's recorded versions, newest first, or those after a day or a version", async () => {
    const all = await call(client, 'list_changes', {service: 'Order Service'});
    expect(all.isError).toBe(false);
    expect(all.text).toMatch(/^# Order Service \(orders\): 2 version\(s\)/);
    expect(all.text.indexOf('## 2026-11-10')).toBeLessThan(all.text.indexOf('## 2026-11-01'));
    expect(all.text).toContain('First recorded version: 2 operations.');
    for (const since of ['2026-11-01', '1.0.0']) {
      const after = await call(client, 'list_changes', {service: 'orders', since});
      expect(after.text).toContain(`1 version(s) after ${since}`);
      expect(after.text).toContain('## 2026-11-10 (version 1.0.0 → 1.1.0): breaking');
      expect(after.text).toContain('Orders can be placed through the API.');
      expect(after.text).toContain('- POST /orders (createOrder)');
      expect(after.text).toContain(
        '  - breaking: removed property `copies` A client that reads this field gets nothing.',
      );
      expect(after.text).toContain('Entry: /api/orders/changes#2026-11-10');
      expect(after.text).not.toContain('## 2026-11-01');
    }
    expect((await call(client, 'list_changes', {service: 'orders', since: '2026-11-10'})).text).toContain(
      'Nothing changed after 2026-11-10.',
    );
    const unknownVersion = await call(client, 'list_changes', {service: 'orders', since: '9.9'});
    expect(unknownVersion.isError).toBe(true);
    expect(unknownVersion.text).toContain('No recorded version "9.9"');
    const unknownService = await call(client, 'list_changes', {service: 'shipping'});
    expect(unknownService.isError).toBe(true);
    expect(unknownService.text).toMatch(/^Unknown service "shipping"/);
  });

  it('search answers in the order of the site’s search box, with kind, service, snippet and Markdown address', async () => {
    const {text, isError} = await call(client, 'search', {query: 'place an order'});
    expect(isError).toBe(false);
    const expected = runSearch(loadSearchIndex(SEARCH_INDEX), 'place an order', 10);
    const found = [...text.matchAll(/^ {3}Markdown: (.+)$/gm)].map((match) => match[1]);
    expect(found).toEqual(expected.map((hit) => hit.markdown));
    expect(found.length).toBeGreaterThan(2);
    expect(text).toContain('1. **Place an order** (operation POST /orders; Order Service)');
    expect(text).toContain('   Markdown: /api/orders/createOrder.md');
  });

  it('search finds a doc section by its heading, and an operation by a question in plain words', async () => {
    const {text} = await call(client, 'search', {query: 'when does the courier pick up'});
    expect(text).toMatch(/^1\. \*\*Courier pickup\*\* \(doc; Delivery\)$/m);
    expect(text).toContain('   Markdown: /docs/Delivery.md');
  });

  it('reads a doc by title or address, and an API reference by service', async () => {
    const doc = fixture('docs/Printing Guide.md');
    for (const page of [
      'Printing Guide',
      '/docs/Printing Guide',
      '/docs/Printing%20Guide',
      'https://portal.example/docs/Printing%20Guide.md',
    ]) {
      const result = await call(client, 'read_page', {page});
      expect(result, page).toEqual({text: doc, isError: false});
    }
    expect((await call(client, 'read_page', {page: 'orders'})).text).toBe(fixture('api/orders.md'));
  });

  it("reads an operation by its twin's address or its anchor in the reference, and one tag in full", async () => {
    const createOrder = fixture('api/orders/createOrder.md');
    for (const page of [
      '/api/orders/createOrder.md',
      '/api/orders/createOrder',
      'https://portal.example/api/orders/createOrder.md',
      '/api/orders#tag/orders/operation/createOrder',
    ]) {
      expect(await call(client, 'read_page', {page}), page).toEqual({text: createOrder, isError: false});
    }
    const tag = await call(client, 'read_page', {page: 'orders', tag: 'orders'});
    expect(tag.isError).toBe(false);
    expect(tag.text).toBe(
      `# Order Service (orders), tag orders: ${ORDERS_TAG.length} operation(s)\n\n${ORDERS_TAG.map((id) => fixture(`api/orders/${id}.md`).trimEnd()).join('\n\n')}`,
    );
    expect((await call(client, 'read_page', {page: '/api/orders#tag/health'})).text).toContain(
      fixture('api/orders/ping.md').trimEnd(),
    );
    const unknownTag = await call(client, 'read_page', {page: 'orders', tag: 'billing'});
    expect(unknownTag).toEqual({text: 'No tag "billing" in orders. Its tags: orders, health.', isError: true});
    expect(await call(client, 'read_page', {page: 'Delivery', tag: 'orders'})).toEqual({
      text: '"tag" is for an API reference; "Delivery" is a doc.',
      isError: true,
    });
    const unknownOperation = await call(client, 'read_page', {page: '/api/orders/deleteOrder.md'});
    expect(unknownOperation.isError).toBe(true);
    expect((await call(client, 'read_page', {page: 'orders', part: 2})).text).toBe(
      '"part" must be a whole number from 1 to 1 for this page.',
    );
  });

  it('reads an operation and lists a service’s operations', async () => {
    expect(await call(client, 'read_operation', {service: 'Order Service', operationId: 'createOrder'})).toEqual({
      text: fixture('api/orders/createOrder.md'),
      isError: false,
    });
    const list = await call(client, 'list_operations', {service: 'orders'});
    expect(list.text).toContain('# Order Service (orders): 5 operations');
    expect(list.text).toContain('| POST /orders | Place an order | createOrder |');
    expect((await call(client, 'list_operations', {})).text).toContain('- orders (Order Service)');
  });

  it('answers bad input with an error result that says what to do', async () => {
    const unknownService = await call(client, 'list_operations', {service: 'billing'});
    expect(unknownService.isError).toBe(true);
    expect(unknownService.text).toContain('Unknown service "billing". The services: orders (Order Service).');
    const unknownOperation = await call(client, 'read_operation', {service: 'orders', operationId: 'deleteOrder'});
    expect(unknownOperation).toEqual({
      text: 'No operation "deleteOrder" in orders. Call list_operations to see its 5 operations.',
      isError: true,
    });
    expect((await call(client, 'read_page', {page: 'No Such Doc'})).isError).toBe(true);
    expect((await call(client, 'search', {query: '  '})).text).toBe('"query" must be a non-empty string.');
    expect((await call(client, 'search', {query: 'x', limit: 500})).isError).toBe(true);
    // The server is still there after all of these.
    expect((await call(client, 'read_operation', {service: 'orders', operationId: 'ping'})).isError).toBe(false);
  });
});

describe('read_page of pages larger than one result (about 100 KB)', () => {
  let client: Client;
  let site: string;
  const bytes = (text: string): number => Buffer.byteLength(text, 'utf8');
  /** A long operation twin: sections with headings, code blocks and non-ASCII text. */
  const longTwin = [
    '# Place an order',
    '',
    ...Array.from({length: 300}, (_, index) =>
      [`## Section ${index}`, '', 'Text with ä, € and 🙂 '.repeat(20), '', '```json', '{"a": 1}', '```', ''].join('\n'),
    ),
  ].join('\n');
  const padding = Array.from({length: 400}, (_, index) => `#### Operation ${index}\n\n${'x'.repeat(400)}\n`).join('\n');

  beforeAll(async () => {
    site = fs.mkdtempSync(path.join(os.tmpdir(), 'mcp-site-'));
    fs.cpSync(SITE, site, {recursive: true});
    fs.appendFileSync(path.join(site, 'api/orders.md'), `\n${padding}`);
    fs.writeFileSync(path.join(site, 'api/orders/createOrder.md'), longTwin);
    client = await connect(['--site', site]);
  });
  afterAll(async () => {
    await client.close();
    fs.rmSync(site, {recursive: true, force: true});
  });

  it('gives the table of contents of a large reference: overview, index with the twins, how to read a tag or an operation', async () => {
    const {text, isError} = await call(client, 'read_page', {page: 'orders'});
    expect(isError).toBe(false);
    expect(bytes(text)).toBeLessThanOrEqual(MAX_RESULT_BYTES);
    const reference = fs.readFileSync(path.join(site, 'api/orders.md'), 'utf8');
    expect(text.startsWith(reference.slice(0, reference.indexOf('\n## Operations in full\n')))).toBe(true);
    expect(text).toContain('| `POST /orders` | Place an order | https://portal.example/api/orders/createOrder.md |');
    expect(text).not.toContain('#### Operation 1');
    expect(text).toContain('read_page with page "orders" and tag, one of: orders, health.');
    expect(text).toContain("read_page with the operation's address (/api/orders/<operationId>.md)");
  });

  it('gives a tag too large for one result in parts, each within the limit, that together hold all of it', async () => {
    const first = await call(client, 'read_page', {page: 'orders', tag: 'orders'});
    const count = Number(/Part 1 of (\d+) of this page\./.exec(first.text)?.[1]);
    expect(count).toBeGreaterThan(1);
    expect(first.text).toContain('Next: read_page with page "orders", tag "orders" and part 2.');
    const parts: string[] = [];
    for (let part = 1; part <= count; part += 1) {
      const {text, isError} = await call(client, 'read_page', {page: 'orders', tag: 'orders', part});
      expect(isError, `part ${part}`).toBe(false);
      expect(bytes(text), `part ${part}`).toBeLessThanOrEqual(MAX_RESULT_BYTES);
      parts.push(text.replace(/\n\n---\n\nPart \d+ of \d+ of this page\..*\n$/, ''));
    }
    expect(parts.at(-1)).not.toContain('Next:');
    const twins = ORDERS_TAG.map((id) => (id === 'createOrder' ? longTwin : fixture(`api/orders/${id}.md`).trimEnd()));
    const whole = `# Order Service (orders), tag orders: ${ORDERS_TAG.length} operation(s)\n\n${twins.join('\n\n')}`;
    expect(parts.join('').replace(/\s+/g, '')).toBe(whole.replace(/\s+/g, ''));
    expect((await call(client, 'read_page', {page: 'orders', tag: 'orders', part: count + 1})).isError).toBe(true);
  });
});

describe('splitting a text into parts', () => {
  it('cuts at headings, never at one inside a code block, keeps every part within the limit, and loses nothing', () => {
    const sections = ['# A', 'a'.repeat(1000), '## B', 'b'.repeat(1000), '## C', 'c'.repeat(1000)].join('\n');
    const parts = splitIntoParts(sections, 512 + 2100);
    expect(parts).toEqual([`# A\n${'a'.repeat(1000)}\n## B\n${'b'.repeat(1000)}\n`, `## C\n${'c'.repeat(1000)}`]);
    // The block is larger than a part: it is cut at a line end, and the comment line in it starts no part.
    const fenced = ['# A', 'a'.repeat(600), '```bash', '# a shell comment', 'b'.repeat(600), '```'].join('\n');
    const cut = splitIntoParts(fenced, 512 + 700);
    expect(cut.join('')).toBe(fenced);
    expect(cut.some((part) => part.startsWith('# a shell comment'))).toBe(false);
    expect(splitIntoParts('short', 1200)).toEqual(['short']);
    const long = splitIntoParts('z'.repeat(5000), 1200);
    expect(long.join('')).toBe('z'.repeat(5000));
    expect(Math.max(...long.map((part) => Buffer.byteLength(part)))).toBeLessThanOrEqual(1200);
  });
});

describe('the MCP server over a portal address', () => {
  let server: http.Server;
  let base: string;
  beforeAll(async () => {
    server = http.createServer((request, response) => {
      const file = path.join(SITE, decodeURIComponent(new URL(request.url ?? '/', 'http://x').pathname));
      if (!file.startsWith(SITE) || !fs.existsSync(file) || fs.statSync(file).isDirectory()) {
        response.writeHead(404).end('not found');
        return;
      }
      response.writeHead(200, {'content-type': file.endsWith('.json') ? 'application/json' : 'text/markdown'});
      response.end(fs.readFileSync(file));
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    await new Promise((resolve) => server.close(resolve));
  });

  it('reads the same twins over HTTP', async () => {
    const client = await connect(['--url', base]);
    try {
      expect((await call(client, 'read_operation', {service: 'orders', operationId: 'getOrder'})).text).toBe(
        fixture('api/orders/getOrder.md'),
      );
      expect((await call(client, 'search', {query: 'courier'})).text).toContain('Markdown: /docs/Delivery.md');
    } finally {
      await client.close();
    }
  });

  it('reports a portal that does not answer as an error result', async () => {
    const client = await connect(['--url', `http://127.0.0.1:${await freePort()}`]);
    try {
      const result = await call(client, 'search', {query: 'order'});
      expect(result.isError).toBe(true);
      expect(result.text).toMatch(/^Cannot reach the portal at http:\/\/127\.0\.0\.1:\d+: ECONNREFUSED/);
    } finally {
      await client.close();
    }
  });
});
