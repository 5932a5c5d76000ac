/**
 * Try it: the console of an API page sends operations to the local
 * mock, started here with the project's own script (`scripts/mock.mjs`, the
 * command behind `npm run mock`). The console's "local mock" is
 * http://127.0.0.1:4010; in this test a small recording proxy listens there
 * and passes every request on to the mock, so that the test sees exactly what
 * arrived (method, URL, headers, body) while the mock answers as it would.
 */
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import {parse} from 'yaml';
import type {Locator, Page} from '@playwright/test';
import {axeViolations} from './axe';
import {expect, hydrated, test, UNTIL_SIGNAL} from './fixtures';
import {freePort} from '../free-port';
import {type MockProcess, startMock} from '../mock-process';

const root = path.resolve(__dirname, '../..');
const SPEC = 'dmss-archive-service';
/** Where the console's "local mock" choice sends requests (the mock's default address). */
const MOCK_PORT = 4010;

interface Received {
  method: string;
  url: string;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
}

const received: Received[] = [];
let mock: MockProcess | undefined;
let proxy: http.Server | undefined;

/** A proxy on the mock's default address that records each request and passes it on to the mock. */
function startProxy(target: number): Promise<http.Server> {
  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const body = Buffer.concat(chunks);
      received.push({method: request.method ?? '', url: request.url ?? '', headers: request.headers, body});
      const forwarded = http.request(
        {host: '127.0.0.1', port: target, method: request.method, path: request.url, headers: request.headers},
        (answer) => {
          response.writeHead(answer.statusCode ?? 502, answer.headers);
          answer.pipe(response);
        },
      );
      forwarded.on('error', (error) => {
        response.writeHead(502, {'Content-Type': 'text/plain', 'Access-Control-Allow-Origin': '*'});
        response.end(`proxy: ${error.message}`);
      });
      forwarded.end(body);
    });
  });
  // This file runs in two projects (serve and nginx), maybe at the same time in two workers: the second
  // waits until the first has closed its proxy, as the console's mock address is one fixed port.
  const deadline = Date.now() + 240_000;
  const listen = (): Promise<http.Server> =>
    new Promise((resolve, reject) => {
      const onError = (error: Error): void => {
        server.off('listening', onListening);
        reject(error);
      };
      const onListening = (): void => {
        server.off('error', onError);
        resolve(server);
      };
      server.once('error', onError);
      server.once('listening', onListening);
      server.listen(MOCK_PORT, '127.0.0.1');
    });
  return listen().catch(async function retry(error: NodeJS.ErrnoException): Promise<http.Server> {
    if (error.code !== 'EADDRINUSE' || Date.now() > deadline) throw error;
    await new Promise((resolve) => setTimeout(resolve, 500));
    return listen().catch(retry);
  });
}

// One worker runs this file's tests in order (they share the proxy's port); a failure does not skip the others.
// Generous: the console shares the main thread with a page of 100+ operations, on a machine that may be running
// other tests.
test.describe.configure({mode: 'default', timeout: 180_000});

test.beforeAll(async () => {
  test.setTimeout(360_000);
  const port = await freePort();
  // Prism takes a few seconds to start, much longer on a busy machine.
  mock = await startMock(SPEC, port);
  proxy = await startProxy(port);
});

test.afterAll(async () => {
  await new Promise<void>((resolve) => (proxy ? proxy.close(() => resolve()) : resolve()));
  if (mock?.child.pid) {
    try {
      process.kill(-mock.child.pid, 'SIGTERM');
    } catch {
      // already gone
    }
    await Promise.race([mock.exited, new Promise((resolve) => setTimeout(resolve, 10_000))]);
  }
});

// ------------------------------------------------------------------ helpers

type Json = unknown;
const spec = parse(fs.readFileSync(path.join(root, 'openapi', `${SPEC}.yaml`), 'utf8')) as Record<string, Json>;

function deref(value: Json): Record<string, Json> {
  let current = value as Record<string, Json>;
  while (typeof current?.$ref === 'string') {
    current = (current.$ref as string)
      .slice(2)
      .split('/')
      .reduce<Json>((node, key) => (node as Record<string, Json>)[key], spec) as Record<string, Json>;
  }
  return current;
}

/** The operation `operationId` of the spec, with its path and method. */
function operation(operationId: string): {path: string; method: string; op: Record<string, Json>} {
  for (const [opPath, item] of Object.entries(spec.paths as Record<string, Record<string, Record<string, Json>>>)) {
    for (const [method, op] of Object.entries(item)) {
      if (op?.operationId === operationId) return {path: opPath, method, op};
    }
  }
  throw new Error(`no operation ${operationId} in ${SPEC}`);
}

/** The example of the operation's 200 answer (what the mock answers with). */
function answerExample(operationId: string): Json {
  const response = deref((operation(operationId).op.responses as Record<string, Json>)['200']);
  const media = deref(Object.values(response.content as Record<string, Json>)[0]);
  if (media.example !== undefined) return media.example;
  return deref(Object.values(media.examples as Record<string, Json>)[0]).value;
}

function parameterExample(operationId: string, name: string): string {
  const {path: opPath, op} = operation(operationId);
  const item = (spec.paths as Record<string, Record<string, Json>>)[opPath]!;
  const params = [...((item.parameters as Json[]) ?? []), ...((op.parameters as Json[]) ?? [])].map(deref);
  const param = params.find((p) => p.name === name)!;
  return String(param.example ?? deref(param.schema).example);
}

async function openApiPage(page: Page): Promise<void> {
  await page.goto(`/api/${SPEC}`);
  await hydrated(page);
}

function tryItButton(page: Page, operationId: string): Locator {
  return page
    .locator(`[data-section-id="operation/${operationId}"]`)
    .getByRole('button', {name: 'Try it', exact: true});
}

/** Presses Try it on an operation and returns the console's dialog once its fields are there. */
async function openConsole(page: Page, operationId: string): Promise<Locator> {
  const button = tryItButton(page, operationId);
  // Generous: the buttons are added in idle time after hydration, on a machine shared with other work.
  await expect(button).toBeVisible(UNTIL_SIGNAL);
  await button.click();
  const dialog = page.getByRole('dialog', {name: /^Try it: /});
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole('button', {name: 'Send', exact: true})).toBeVisible(UNTIL_SIGNAL);
  return dialog;
}

/** The requests (not CORS preflights) that reached the mock for a path, once there are `count` of them. */
async function arrived(pathname: string, count = 1): Promise<Received[]> {
  const matching = (): Received[] =>
    received.filter((r) => r.method !== 'OPTIONS' && new URL(r.url, 'http://x').pathname === pathname);
  await expect.poll(() => matching().length, UNTIL_SIGNAL).toBeGreaterThanOrEqual(count);
  return matching();
}

/** Prism's own log shows it received the request. */
async function mockLogged(method: string, pathname: string): Promise<void> {
  await expect
    .poll(() => mock!.output().includes(`[HTTP SERVER] ${method.toLowerCase()} ${pathname} `), UNTIL_SIGNAL)
    .toBe(true);
}

// -------------------------------------------------------------------- tests

test(
  'a GET: Try it, Send, and the page shows the status and the body the mock answered with',
  {tag: '@nginx'},
  async ({page}) => {
    await openApiPage(page);
    const operationId = 'getLatestDocumentInfoV2';
    const dialog = await openConsole(page, operationId);
    // Prefilled with the example the code samples use.
    const documentId = parameterExample(operationId, 'documentId');
    await expect(dialog.getByLabel('documentId')).toHaveValue(documentId);
    await expect(dialog.getByLabel('Send to')).toHaveValue('mock');

    await dialog.getByRole('button', {name: 'Send', exact: true}).click();
    const expectedPath = operation(operationId).path.replace('{documentId}', documentId);
    const [request] = await arrived(expectedPath);
    expect(request!.method).toBe('GET');
    expect(request!.headers.accept).toBe('application/json');
    await mockLogged('GET', expectedPath);

    await expect(dialog.locator('[data-try-it-status]')).toHaveText(/200 OK in \d+ ms/, UNTIL_SIGNAL);
    const body = await dialog.locator('[data-try-it-body="json"]').textContent();
    expect(JSON.parse(body ?? '')).toEqual(answerExample(operationId));
    // Pretty-printed.
    expect(body).toContain('\n  "');
    // The curl line is what was sent.
    await expect(dialog.locator('[data-try-it-curl]')).toHaveText(
      [
        'curl --request GET',
        `--url http://127.0.0.1:${MOCK_PORT}${expectedPath}`,
        "--header 'Accept: application/json'",
      ].join(' \\\n  '),
    );
    // The answer's headers (the mock exposes them all).
    await dialog.getByText(/^Response headers \(\d+\)$/).click();
    await expect(dialog.getByRole('rowheader', {name: 'content-type'})).toBeVisible();
    // Pressing Try it and using the console did not start loading the interactive reference.
    await expect(page.locator('[data-redoc-mode]')).toHaveAttribute('data-redoc-mode', 'static');
  },
);

test('a POST with a JSON body: the mock receives the body as edited', {tag: '@nginx'}, async ({page}) => {
  await openApiPage(page);
  const operationId = 'searchDocumentsV2';
  const dialog = await openConsole(page, operationId);
  const bodyField = dialog.getByLabel('Request body (application/json)');
  const example = JSON.parse(await bodyField.inputValue()) as Record<string, Json>;
  const sent = {...example, limit: 5};
  await bodyField.fill(JSON.stringify(sent, null, 2));

  // Broken JSON is caught next to the field, and nothing is sent.
  const before = received.length;
  await bodyField.fill('{"documentType": ');
  await dialog.getByRole('button', {name: 'Send', exact: true}).click();
  await expect(dialog.getByText(/^Not valid JSON: /)).toBeVisible();
  await expect(bodyField).toHaveAttribute('aria-invalid', 'true');
  await expect(bodyField).toBeFocused();
  await expect(dialog.getByRole('status')).toHaveText(/Nothing was sent/);
  expect(received.length).toBe(before);

  await bodyField.fill(JSON.stringify(sent, null, 2));
  await dialog.getByRole('button', {name: 'Send', exact: true}).click();
  const [request] = await arrived(operation(operationId).path);
  expect(request!.method).toBe('POST');
  expect(request!.headers['content-type']).toBe('application/json');
  expect(JSON.parse(request!.body.toString('utf8'))).toEqual(sent);
  await mockLogged('POST', operation(operationId).path);

  await expect(dialog.locator('[data-try-it-status]')).toHaveText(/^200 OK/, UNTIL_SIGNAL);
  const shown = JSON.parse((await dialog.locator('[data-try-it-body="json"]').textContent()) ?? '') as Json;
  expect(shown).toEqual(answerExample(operationId));
  await expect(dialog.locator('[data-try-it-curl]')).toContainText(`--data-raw '${JSON.stringify(sent, null, 2)}'`);
});

test('a multipart upload: a file from disk reaches the mock', async ({page}) => {
  await openApiPage(page);
  const operationId = 'uploadNewVersion';
  const dialog = await openConsole(page, operationId);
  const fileField = dialog.getByLabel('file');

  // Required file missing: a message next to the field, nothing sent.
  const before = received.length;
  await dialog.getByRole('button', {name: 'Send', exact: true}).click();
  await expect(dialog.getByText('Choose a file.')).toBeVisible();
  await expect(fileField).toHaveAttribute('aria-invalid', 'true');
  expect(received.length).toBe(before);

  const content = `%PDF-1.7 try-it upload ${Date.now()}`;
  await fileField.setInputFiles({name: 'contract-v2.pdf', mimeType: 'application/pdf', buffer: Buffer.from(content)});
  await dialog.getByRole('button', {name: 'Send', exact: true}).click();
  const expectedPath = operation(operationId).path.replace('{id}', parameterExample(operationId, 'id'));
  const [request] = await arrived(expectedPath);
  expect(request!.method).toBe('PUT');
  expect(request!.headers['content-type']).toMatch(/^multipart\/form-data; boundary=/);
  const body = request!.body.toString('latin1');
  expect(body).toContain('name="file"; filename="contract-v2.pdf"');
  expect(body).toContain(content);
  await mockLogged('PUT', expectedPath);

  await expect(dialog.locator('[data-try-it-status]')).toHaveText(/^200 OK/, UNTIL_SIGNAL);
  const shown = JSON.parse((await dialog.locator('[data-try-it-body="json"]').textContent()) ?? '') as Json;
  expect(shown).toEqual(answerExample(operationId));
  await expect(dialog.locator('[data-try-it-curl]')).toContainText('--form file=@contract-v2.pdf');
});

test('a binary answer is offered as a download with its size', {tag: '@nginx'}, async ({page}) => {
  await openApiPage(page);
  const operationId = 'downloadDocument';
  const dialog = await openConsole(page, operationId);
  await dialog.getByRole('button', {name: 'Send', exact: true}).click();
  await expect(dialog.locator('[data-try-it-status]')).toHaveText(/^200 OK/, UNTIL_SIGNAL);
  const example = String(answerExample(operationId));
  const link = dialog.getByRole('link', {name: /^Download response\.bin$/});
  await expect(link).toBeVisible();
  await expect(link.locator('..')).toContainText(
    new RegExp(`\\(application/octet-stream[^,]*, ${Buffer.byteLength(example)} bytes\\)`),
  );
  const href = await link.getAttribute('href');
  expect(href).toMatch(/^blob:/);
  // Saved as the reader's browser would save it (the page itself never fetches the blob).
  const [download] = await Promise.all([page.waitForEvent('download'), link.click()]);
  expect(download.suggestedFilename()).toBe('response.bin');
  expect(fs.readFileSync(await download.path(), 'utf8')).toBe(example);
});

test('a server that refuses the connection gets a plain explanation, not a stack trace', async ({page, problems}) => {
  problems.allow.push(/ERR_CONNECTION_REFUSED|Failed to load resource/);
  const port = await freePort(); // nothing listens there any more
  await openApiPage(page);
  const dialog = await openConsole(page, 'archivePing');
  await dialog.getByLabel('Send to').selectOption('custom');
  const address = dialog.getByLabel('Address of your installation');
  await dialog.getByRole('button', {name: 'Send', exact: true}).click();
  await expect(dialog.getByText(/^Required: the address of your installation/)).toBeVisible();

  await address.fill(`http://127.0.0.1:${port}`);
  await dialog.getByRole('button', {name: 'Send', exact: true}).click();
  const alert = dialog.getByRole('alert');
  await expect(alert).toContainText(`No answer could be read from http://127.0.0.1:${port}/ping`, UNTIL_SIGNAL);
  await expect(alert).toContainText('Nothing answers at that address');
  await expect(alert).toContainText('Access-Control-Allow-Origin');
  await expect(alert).toContainText(new URL(page.url()).origin);
  await expect(alert).toContainText(`npm run mock -- ${SPEC}`);
  await expect(alert).not.toContainText(/TypeError|at \w+ \(/);

  // The choice is remembered for this API, in localStorage.
  const stored = await page.evaluate((key) => localStorage.getItem(key), `portal.try-it.server.${SPEC}`);
  expect(JSON.parse(stored ?? 'null')).toEqual({kind: 'custom', url: `http://127.0.0.1:${port}`});
  await page.keyboard.press('Escape');
  await page.reload();
  await hydrated(page);
  const again = await openConsole(page, 'archivePing');
  await expect(again.getByLabel('Send to')).toHaveValue('custom');
  await expect(again.getByLabel('Address of your installation')).toHaveValue(`http://127.0.0.1:${port}`);
});

test('a token reaches the server in its header, never localStorage or the address, and Forget clears it', async ({
  page,
}) => {
  const token = `tok-${Date.now()}-secret`;
  const messages: string[] = [];
  page.on('console', (message) => messages.push(message.text()));
  await openApiPage(page);
  const operationId = 'getLatestDocumentInfoV2';
  const dialog = await openConsole(page, operationId);
  // Optional credentials start folded.
  const tokenField = dialog.getByLabel('Bearer token');
  await expect(tokenField).toBeHidden();
  await dialog.getByText('Credentials (optional)').click();
  await expect(tokenField).toHaveAttribute('type', 'password');
  await tokenField.fill(token);
  const before = received.length;
  await dialog.getByRole('button', {name: 'Send', exact: true}).click();
  await expect(dialog.locator('[data-try-it-status]')).toHaveText(/^200 OK/, UNTIL_SIGNAL);
  const request = received.slice(before).find((r) => r.method === 'GET')!;
  expect(request.headers.authorization).toBe(`Bearer ${token}`);
  expect(request.url).not.toContain(token);

  const storage = await page.evaluate(() => ({
    local: JSON.stringify({...localStorage}),
    session: JSON.stringify({...sessionStorage}),
    url: window.location.href,
  }));
  expect(storage.local).not.toContain(token);
  expect(storage.url).not.toContain(token);
  expect(storage.session).toContain(token);
  // On screen the curl line masks it.
  await expect(dialog.locator('[data-try-it-curl]')).toContainText("--header 'Authorization: Bearer ***'");
  await expect(dialog.locator('[data-try-it-curl]')).not.toContainText(token);

  await dialog.getByRole('button', {name: 'Forget credentials'}).click();
  await expect(tokenField).toHaveValue('');
  const session = await page.evaluate(() => JSON.stringify({...sessionStorage}));
  expect(session).not.toContain(token);
  expect(messages.filter((text) => text.includes(token))).toEqual([]);
});

test('keyboard: Try it opens the console, Escape closes it and the focus returns to the button', async ({page}) => {
  await openApiPage(page);
  const operationId = 'getDocumentTypes';
  const button = tryItButton(page, operationId);
  await expect(button).toBeVisible(UNTIL_SIGNAL);
  await button.focus();
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', {name: /^Try it: /});
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole('heading', {level: 2})).toBeFocused();
  await expect(dialog.getByRole('button', {name: 'Send', exact: true})).toBeVisible(UNTIL_SIGNAL);
  expect(await axeViolations(page)).toEqual([]);
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  // Back on its button, in the static reference still (Try it does not load Redoc's own JavaScript).
  await expect(page.locator('[data-redoc-mode]')).toHaveAttribute('data-redoc-mode', 'static');
  await expect(tryItButton(page, operationId)).toBeFocused();
});

test('every operation of the page has a Try it button, in the static and in the interactive reference', async ({
  page,
}) => {
  await openApiPage(page);
  const operationIds = Object.values(spec.paths as Record<string, Record<string, {operationId?: string}>>).flatMap(
    (item) => Object.values(item).flatMap((op) => (op?.operationId ? [op.operationId] : [])),
  );
  const count = async (): Promise<number> =>
    page.evaluate(
      (ids) =>
        ids.filter((id) => document.querySelector(`[data-section-id="operation/${id}"] button[data-try-it="${id}"]`))
          .length,
      operationIds,
    );
  await expect.poll(count, UNTIL_SIGNAL).toBe(operationIds.length);
  await expect(page.locator('[data-redoc-mode="static"]')).toHaveCount(1);
  await page.locator('.redocusaurus-static h1').first().click();
  await expect(page.locator('[data-redoc-mode="interactive"]')).toHaveCount(1, UNTIL_SIGNAL);
  await expect.poll(count, UNTIL_SIGNAL).toBe(operationIds.length);
});

test('a storage that throws does not break the console', async ({page}) => {
  await page.addInitScript(() => {
    for (const name of ['localStorage', 'sessionStorage'] as const) {
      Object.defineProperty(window, name, {
        configurable: true,
        get() {
          throw new DOMException('storage is disabled', 'SecurityError');
        },
      });
    }
  });
  await openApiPage(page);
  const dialog = await openConsole(page, 'archivePing');
  await dialog.getByLabel('Send to').selectOption('mock');
  await dialog.getByRole('button', {name: 'Send', exact: true}).click();
  await expect(dialog.locator('[data-try-it-status]')).toHaveText(/^200 OK/, UNTIL_SIGNAL);
  await expect(dialog.locator('[data-try-it-body="text"]')).toHaveText(String(answerExample('archivePing')));
});
