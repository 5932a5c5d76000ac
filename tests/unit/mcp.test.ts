/**
 * The MCP server (scripts/mcp, issue 23), driven as an assistant drives it: the
 * SDK's client spawns `jiti scripts/mcp/cli.ts` and talks to it over stdio.
 * It reads a small fixture site (tests/fixtures/markdown-twins/site: what a
 * build writes for assistants) from its folder and from a local HTTP server.
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
import {apiSearchDocuments} from '../../src/lib/search/documents';
import {buildSearchIndex, loadSearchIndex, runSearch, type SerializedSearchIndex} from '../../src/lib/search/engine';
import {searchIndexUrl, SEARCH_MANIFEST_URL} from '../../src/lib/search/urls';
import {sectionRecords} from '../../src/plugins/site-search';
import {freePort} from '../free-port';

const root = path.resolve(__dirname, '../..');
const FIXTURES = path.join(root, 'tests/fixtures/markdown-twins');

/**
 * The fixture site (what a build writes for assistants) with the site search's index, made here from the
 * fixture's spec and doc twins as the site-search plugin makes it, so it always follows the engine.
 */
function siteWithSearch(): {dir: string; index: SerializedSearchIndex} {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-mcp-site-'));
  fs.cpSync(path.join(FIXTURES, 'site'), dir, {recursive: true});
  const twins = JSON.parse(fs.readFileSync(path.join(dir, 'markdown-twins.json'), 'utf8')) as {
    docs: {title: string; description: string; url: string; markdown: string}[];
  };
  const records = [
    ...apiSearchDocuments({
      id: 'orders',
      label: 'Order Service',
      doc: parse(fs.readFileSync(path.join(FIXTURES, 'orders.yaml'), 'utf8')),
    }),
    ...twins.docs.flatMap((doc) =>
      sectionRecords({kind: 'doc', ...doc}, fs.readFileSync(path.join(dir, decodeURIComponent(doc.markdown)), 'utf8')),
    ),
  ];
  const index = buildSearchIndex(records);
  const url = searchIndexUrl('fixture');
  fs.mkdirSync(path.join(dir, 'search'), {recursive: true});
  fs.writeFileSync(path.join(dir, url), JSON.stringify(index));
  fs.writeFileSync(path.join(dir, SEARCH_MANIFEST_URL), JSON.stringify({indexUrl: url, count: records.length}));
  return {dir, index};
}

const {dir: SITE, index: SEARCH_INDEX} = siteWithSearch();
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

  it('reads an operation and lists a service’s operations', async () => {
    expect(await call(client, 'read_operation', {service: 'Order Service', operationId: 'createOrder'})).toEqual({
      text: fixture('api/orders/createOrder.md'),
      isError: false,
    });
    const list = await call(client, 'list_operations', {service: 'orders'});
    expect(list.text).toContain('# Order Service (orders): 3 operations');
    expect(list.text).toContain('| POST /orders | Place an order | createOrder |');
    expect((await call(client, 'list_operations', {})).text).toContain('- orders (Order Service)');
  });

  it('answers bad input with an error result that says what to do', async () => {
    const unknownService = await call(client, 'list_operations', {service: 'billing'});
    expect(unknownService.isError).toBe(true);
    expect(unknownService.text).toContain('Unknown service "billing". The services: orders (Order Service).');
    const unknownOperation = await call(client, 'read_operation', {service: 'orders', operationId: 'deleteOrder'});
    expect(unknownOperation).toEqual({
      text: 'No operation "deleteOrder" in orders. Call list_operations to see its 3 operations.',
      isError: true,
    });
    expect((await call(client, 'read_page', {page: 'No Such Doc'})).isError).toBe(true);
    expect((await call(client, 'search', {query: '  '})).text).toBe('"query" must be a non-empty string.');
    expect((await call(client, 'search', {query: 'x', limit: 500})).isError).toBe(true);
    // The server is still there after all of these.
    expect((await call(client, 'read_operation', {service: 'orders', operationId: 'ping'})).isError).toBe(false);
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
