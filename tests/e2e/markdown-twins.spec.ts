/**
 * Markdown twins: a twin is served with its content; "Copy as
 * Markdown" puts it on the clipboard and "View as Markdown" links to it, on a
 * doc and on an operation; under nginx (tests tagged @nginx) a page request
 * that prefers text/markdown gets the twin, and a browser keeps getting HTML.
 */
import fs from 'node:fs';
import path from 'node:path';
import {apiMarkdownUrl, operationMarkdownUrl} from '../../src/lib/openapi/urls';
import {expect, hydrated, test, UNTIL_SIGNAL} from './fixtures';

const DOC = '/docs/Archive%20Service';
const SPEC = 'dmss-archive-service';
const OPERATION = 'searchDocumentsV2';
const built = (url: string): string =>
  fs.readFileSync(path.join(__dirname, '../../build', decodeURIComponent(url)), 'utf8');

test.describe('Markdown twins', {tag: '@nginx'}, () => {
  test('the twins of a doc, an API reference and an operation are served as Markdown', async ({request}) => {
    for (const url of [`${DOC}.md`, apiMarkdownUrl(SPEC), operationMarkdownUrl(SPEC, OPERATION)]) {
      const response = await request.get(url);
      expect(response.status(), url).toBe(200);
      expect(response.headers()['content-type'], url).toMatch(/^text\/markdown/);
      expect(await response.text(), url).toBe(built(url));
    }
    const doc = await (await request.get(`${DOC}.md`)).text();
    expect(doc).toMatch(/^# Archive Service\n/);
    expect(doc).toContain('```mermaid\n');
    expect(doc).not.toContain('{/*');
    const operation = await (await request.get(operationMarkdownUrl(SPEC, OPERATION))).text();
    expect(operation).toContain('`POST /api/v2/document/search`');
    expect(operation).toContain('curl --request POST');
  });

  test('the served twins are complete: named examples, JSON query parameters, servers, OAuth URLs, no `{}` body', async ({
    request,
  }) => {
    const twin = async (url: string): Promise<string> => {
      const response = await request.get(url);
      expect(response.status(), url).toBe(200);
      return response.text();
    };
    const status = await twin(operationMarkdownUrl('dmss-container-and-signature-services', 'getSigningSessionStatus'));
    expect(status).toContain('Example `running`');
    expect(status).toContain('Example `completed`');
    const create = await twin(operationMarkdownUrl(SPEC, 'createDocument'));
    expect(create).toContain('  - `documentType` (string, required)');
    expect(create).toContain('- Server: `http://dmss-archive-services:8090`');
    expect(create).toContain('Replace it');
    const padsign = await twin(apiMarkdownUrl('padsign-2.0-server'));
    expect(padsign).toContain(
      'Token URL: https://padsign.example.com/auth/realms/padsign/protocol/openid-connect/token',
    );
    const stamp = await twin(operationMarkdownUrl('padsign-2.0-server', 'stampPadDocument'));
    expect(stamp).not.toContain("--data-raw '{}'");
  });

  test("a doc twin's links lead to twins that are served", async ({request, baseURL}) => {
    const doc = await (await request.get(`${DOC}.md`)).text();
    const links = [...doc.matchAll(/\]\((https?:\/\/[^/)]+)(\/(?:docs|api)\/[^)\s#]+)/g)].map(
      (match) => match[2] ?? '',
    );
    expect(links.length).toBeGreaterThan(5);
    expect(
      links.every((link) => link.endsWith('.md')),
      links.join(' '),
    ).toBe(true);
    expect(doc).not.toMatch(/\]\(\/(docs|api)\//);
    for (const link of [...new Set(links)].slice(0, 20)) {
      const response = await request.get(new URL(link, baseURL).toString());
      expect(response.status(), link).toBe(200);
      expect(response.headers()['content-type'], link).toMatch(/^text\/markdown/);
    }
  });

  test('on a doc, Copy as Markdown puts the twin on the clipboard and View as Markdown links to it', async ({
    page,
    context,
    baseURL,
  }) => {
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], {origin: new URL(baseURL!).origin});
    const twinRequests: string[] = [];
    page.on('request', (req) => {
      if (req.url().endsWith('.md')) twinRequests.push(req.url());
    });
    await page.goto(DOC);
    await hydrated(page);
    const view = page.getByRole('link', {name: 'View as Markdown'});
    await expect(view).toHaveAttribute('href', `${DOC}.md`);
    expect(twinRequests, 'nothing is fetched before a press').toEqual([]);
    const copy = page.getByRole('button', {name: 'Copy as Markdown'});
    await copy.click();
    await expect.poll(() => page.evaluate(() => navigator.clipboard.readText())).toBe(built(`${DOC}.md`));
  });

  test('on an operation, Copy as Markdown and View as Markdown use the operation twin', async ({
    page,
    context,
    baseURL,
  }) => {
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], {origin: new URL(baseURL!).origin});
    await page.goto(`/api/${SPEC}`);
    await hydrated(page);
    const section = page.locator(`[data-section-id="operation/${OPERATION}"]`);
    const copy = section.getByRole('button', {name: 'Copy as Markdown'});
    // Generous: the buttons are added in idle time after hydration, on a machine shared with other work.
    await expect(copy).toBeVisible(UNTIL_SIGNAL);
    await expect(section.getByRole('link', {name: 'View as Markdown'})).toHaveAttribute(
      'href',
      operationMarkdownUrl(SPEC, OPERATION),
    );
    await copy.click();
    await expect
      .poll(() => page.evaluate(() => navigator.clipboard.readText()))
      .toBe(built(operationMarkdownUrl(SPEC, OPERATION)));
  });

  test('content negotiation: Accept preferring text/markdown gets the twin, a browser gets HTML', async ({
    request,
  }, testInfo) => {
    test.skip(testInfo.project.name !== 'nginx', 'content negotiation is nginx’s (deploy/nginx/default.conf)');
    const cases: [string, string, RegExp][] = [
      [DOC, 'text/markdown', /^text\/markdown; charset=utf-8$/],
      [DOC, 'text/markdown, text/html;q=0.9', /^text\/markdown; charset=utf-8$/],
      [`/api/${SPEC}`, 'text/markdown', /^text\/markdown; charset=utf-8$/],
      [DOC, 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8', /^text\/html/],
      [DOC, 'text/markdown;q=0, text/html', /^text\/html/],
      ['/blog', 'text/markdown', /^text\/html/],
    ];
    for (const [url, accept, type] of cases) {
      const response = await request.get(url, {headers: {Accept: accept}, maxRedirects: 0});
      expect(response.status(), `${url} ${accept}`).toBe(200);
      expect(response.headers()['content-type'], `${url} ${accept}`).toMatch(type);
      expect(response.headers()['vary'], `${url} ${accept}`).toMatch(/\bAccept\b/);
      if (type.source.includes('markdown')) {
        expect(await response.text()).toBe(built(url === DOC ? `${DOC}.md` : apiMarkdownUrl(SPEC)));
      }
    }
    const missing = await request.get('/no/such/page', {headers: {Accept: 'text/markdown'}});
    expect(missing.status()).toBe(404);
  });
});
