/**
 * `npm run mock -- <name>` (scripts/mock.mjs, Stoplight Prism): for every spec,
 * start the mock on a free port, call one documented GET operation and expect
 * the documented 2xx status and example body; Prism must make no outgoing
 * connection. An unknown name exits with 1 and lists the names.
 *
 * Which operation is called is decided from the spec (pickOperation):
 * - GET, no request body, every path parameter and every required query or
 *   header parameter has an example (optional ones are left out);
 * - its lowest 2xx response (the one Prism answers with by default) has a JSON
 *   or text example (`example`, or the first of `examples`, which Prism serves);
 * - security: an operation whose requirements include `{}` (or are empty) is
 *   called without credentials; otherwise the first requirement made only of
 *   bearer/basic/OAuth2/OpenID Connect/API-key schemes is met with placeholder
 *   values, which is all Prism checks (without them Prism answers 401);
 * - preference: JSON before text, then no required query parameters, then no
 *   credentials needed, then the order in the file.
 */
import {spawnSync} from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {afterAll, beforeAll, describe, expect, it} from 'vitest';
import {parse} from 'yaml';
import {apiSpecs} from '../../src/config/apiSpecs';
import {freePort} from '../free-port';
import {type MockProcess, startMock as startMockProcess} from '../mock-process';

const root = path.resolve(__dirname, '../..');
const script = path.join(root, 'scripts/mock.mjs');

type Json = unknown;
interface Ref {
  $ref?: string;
}
interface Parameter extends Ref {
  name: string;
  in: 'path' | 'query' | 'header' | 'cookie';
  required?: boolean;
  example?: Json;
  examples?: Record<string, Ref & {value?: Json}>;
  schema?: {example?: Json};
}
interface MediaType {
  example?: Json;
  examples?: Record<string, Ref & {value?: Json}>;
}
interface Operation {
  parameters?: (Parameter | Ref)[];
  requestBody?: unknown;
  security?: Record<string, string[]>[];
  responses: Record<string, Ref & {content?: Record<string, MediaType>}>;
}
interface SecurityScheme {
  type: string;
  scheme?: string;
  in?: string;
  name?: string;
}
interface Doc {
  security?: Record<string, string[]>[];
  paths: Record<string, {parameters?: (Parameter | Ref)[]; get?: Operation}>;
  components?: {securitySchemes?: Record<string, SecurityScheme>};
}

interface PickedCall {
  /** Path with parameters substituted and the query string. */
  url: string;
  /** For the report: `GET /template/path`. */
  operation: string;
  headers: Record<string, string>;
  status: number;
  mediaType: string;
  body: Json;
}

function deref<T>(doc: Doc, value: T | Ref): T {
  let current: unknown = value;
  while (typeof current === 'object' && current !== null && '$ref' in current) {
    const pointer = String((current as Ref).$ref);
    current = pointer
      .slice(2)
      .split('/')
      .map((part) => part.replace(/~1/g, '/').replace(/~0/g, '~'))
      .reduce<unknown>((node, key) => (node as Record<string, unknown>)[key], doc);
  }
  return current as T;
}

const NONE = Symbol('no example');

function firstExample(doc: Doc, holder: {example?: Json; examples?: Record<string, Ref & {value?: Json}>}): Json {
  if (holder.example !== undefined) return holder.example;
  const first = Object.values(holder.examples ?? {})[0];
  return first ? deref<{value?: Json}>(doc, first).value : NONE;
}

function parameterExample(doc: Doc, param: Parameter): Json {
  const direct = firstExample(doc, param);
  return direct !== NONE ? direct : (param.schema?.example ?? NONE);
}

const isJson = (mediaType: string) => /^application\/(.+\+)?json$/.test(mediaType);
const isText = (mediaType: string) => mediaType.startsWith('text/');

/** Headers or query values that satisfy one security requirement, or undefined if none can be faked. */
function credentials(
  doc: Doc,
  requirements: Record<string, string[]>[],
): {headers: Record<string, string>; query: Record<string, string>} | undefined {
  if (requirements.length === 0 || requirements.some((r) => Object.keys(r).length === 0))
    return {headers: {}, query: {}};
  for (const requirement of requirements) {
    const headers: Record<string, string> = {};
    const query: Record<string, string> = {};
    const ok = Object.keys(requirement).every((name) => {
      const scheme = doc.components?.securitySchemes?.[name];
      if (!scheme) return false;
      if (scheme.type === 'oauth2' || scheme.type === 'openIdConnect' || scheme.scheme?.toLowerCase() === 'bearer') {
        headers.Authorization = 'Bearer mock-token';
        return true;
      }
      if (scheme.type === 'http' && scheme.scheme?.toLowerCase() === 'basic') {
        headers.Authorization = `Basic ${Buffer.from('mock:mock').toString('base64')}`;
        return true;
      }
      if (scheme.type === 'apiKey' && scheme.name && scheme.in === 'header') headers[scheme.name] = 'mock-key';
      else if (scheme.type === 'apiKey' && scheme.name && scheme.in === 'query') query[scheme.name] = 'mock-key';
      else return false;
      return true;
    });
    if (ok) return {headers, query};
  }
  return undefined;
}

/** The GET operation the mock test calls for a spec (rules in the header comment). */
function pickOperation(doc: Doc): PickedCall | undefined {
  const candidates: {call: PickedCall; rank: number}[] = [];
  for (const [template, item] of Object.entries(doc.paths)) {
    const op = item.get;
    if (!op || op.requestBody) continue;
    const params = new Map<string, Parameter>();
    for (const raw of [...(item.parameters ?? []), ...(op.parameters ?? [])]) {
      const param = deref<Parameter>(doc, raw);
      params.set(`${param.in}:${param.name}`, param);
    }
    const auth = credentials(doc, op.security ?? doc.security ?? []);
    if (!auth) continue;

    let usable = true;
    const headers: Record<string, string> = {...auth.headers};
    const query = new URLSearchParams(auth.query);
    let pathname = template;
    for (const param of params.values()) {
      if (param.in !== 'path' && !param.required) continue;
      const example = parameterExample(doc, param);
      if (example === NONE || param.in === 'cookie') {
        usable = false;
        break;
      }
      const value = String(example);
      if (param.in === 'path') pathname = pathname.replace(`{${param.name}}`, encodeURIComponent(value));
      else if (param.in === 'query') query.set(param.name, value);
      else headers[param.name] = value;
    }
    if (!usable || pathname.includes('{')) continue;

    const lowest2xx = Object.keys(op.responses)
      .filter((code) => /^2\d\d$/.test(code))
      .sort()[0];
    if (!lowest2xx) continue;
    const response = deref<{content?: Record<string, MediaType>}>(doc, op.responses[lowest2xx]!);
    const media = Object.entries(response.content ?? {}).find(
      ([type, m]) => (isJson(type) || isText(type)) && firstExample(doc, m) !== NONE,
    );
    if (!media) continue;
    const [mediaType, mediaObject] = media;

    const hasQuery = [...params.values()].some((p) => p.in === 'query' && p.required);
    const needsAuth = Object.keys(auth.headers).length + Object.keys(auth.query).length > 0;
    const search = query.toString();
    candidates.push({
      call: {
        url: search ? `${pathname}?${search}` : pathname,
        operation: `GET ${template}`,
        headers: {...headers, Accept: mediaType},
        status: Number(lowest2xx),
        mediaType,
        body: firstExample(doc, mediaObject),
      },
      rank: (isJson(mediaType) ? 0 : 4) + (hasQuery ? 2 : 0) + (needsAuth ? 1 : 0),
    });
  }
  // Array.prototype.sort is stable: equal ranks keep the order of the file.
  return candidates.sort((a, b) => a.rank - b.rank)[0]?.call;
}

const readSpec = (id: string) => parse(fs.readFileSync(path.join(root, 'openapi', `${id}.yaml`), 'utf8')) as Doc;

/** A preload for the mock's Node processes that logs every outgoing connection and DNS lookup. */
let spyDir = '';
let nodeOptions = '';
beforeAll(() => {
  spyDir = fs.mkdtempSync(path.join(os.tmpdir(), 'mock-test-'));
  const spy = path.join(spyDir, 'netspy.cjs');
  fs.writeFileSync(
    spy,
    `const net = require('node:net'), dns = require('node:dns'), fs = require('node:fs');
const log = (m) => fs.writeSync(2, '[netspy] ' + m + '\\n');
const connect = net.Socket.prototype.connect;
net.Socket.prototype.connect = function (...a) {
  const o = a[0];
  log('connect ' + JSON.stringify(typeof o === 'object' && o ? {host: o.host, port: o.port, path: o.path} : a.slice(0, 2)));
  return connect.apply(this, a);
};
const lookup = dns.lookup;
dns.lookup = function (host, ...a) { log('dns ' + host); return lookup.call(this, host, ...a); };
`,
  );
  nodeOptions = `${process.env.NODE_OPTIONS ?? ''} --require "${spy}"`.trim();
});
afterAll(() => fs.rmSync(spyDir, {recursive: true, force: true}));

const running = new Set<MockProcess>();

/** Starts the mock with the network spy loaded; the safety net below stops it if a test does not. */
async function startMock(name: string, port: number): Promise<MockProcess> {
  const mock = await startMockProcess(name, port, {env: {NODE_OPTIONS: nodeOptions}});
  running.add(mock);
  return mock;
}

const groupAlive = (pgid: number) => {
  try {
    process.kill(-pgid, 0);
    return true;
  } catch {
    return false;
  }
};

/** Stops the whole process group (node scripts/mock.mjs and Prism) and waits until it is gone. */
async function stopMock(mock: MockProcess): Promise<void> {
  running.delete(mock);
  const pgid = mock.child.pid!;
  if (groupAlive(pgid)) process.kill(-pgid, 'SIGTERM');
  await Promise.race([mock.exited, new Promise((r) => setTimeout(r, 5_000))]);
  for (let i = 0; i < 50 && groupAlive(pgid); i++) await new Promise((r) => setTimeout(r, 100));
  if (groupAlive(pgid)) {
    process.kill(-pgid, 'SIGKILL');
    throw new Error(`process group ${pgid} did not exit on SIGTERM`);
  }
}

// Safety net: a test that fails before its own stopMock leaves nothing behind.
afterAll(async () => {
  for (const mock of [...running]) await stopMock(mock);
});

/** Runs at most two mocks at a time: Prism takes 1-3 s to start (more on a busy machine). */
let freeSlots = 2;
const waiting: (() => void)[] = [];
async function withSlot<T>(task: () => Promise<T>): Promise<T> {
  if (freeSlots > 0) freeSlots--;
  else await new Promise<void>((resolve) => waiting.push(resolve));
  try {
    return await task();
  } finally {
    const next = waiting.shift();
    if (next) next();
    else freeSlots++;
  }
}

describe('mock server (scripts/mock.mjs + Prism)', () => {
  const cases = apiSpecs.map((s) => {
    const call = pickOperation(readSpec(s.id));
    return [s.id, call?.operation ?? '(no suitable GET operation)', call] as const;
  });
  it.concurrent.each(cases)(
    '%s: %s answers with its documented example',
    (id, _operation, call) =>
      withSlot(async () => {
        expect(call, 'a GET operation with a JSON or text example').toBeDefined();
        const port = await freePort();
        const mock = await startMock(id, port);
        let text = '';
        let response: Response;
        try {
          expect(mock.output()).toContain(`http://127.0.0.1:${port}`);
          expect(mock.output()).toMatch(new RegExp(`Try: curl --request GET --url '?http://127\\.0\\.0\\.1:${port}/`));
          response = await fetch(`http://127.0.0.1:${port}${call!.url}`, {headers: call!.headers});
          text = await response.text();
        } finally {
          await stopMock(mock);
        }
        const context = `${call!.operation} -> ${response.status}\n${text}\n${mock.output()}`;
        expect(response.status, context).toBe(call!.status);
        expect(response.headers.get('content-type') ?? '', context).toContain(call!.mediaType);
        if (isJson(call!.mediaType)) expect(JSON.parse(text), context).toEqual(call!.body);
        else expect(text, context).toBe(String(call!.body));

        const network = mock
          .output()
          .split('\n')
          .filter((line) => line.includes('[netspy]'))
          // Resolving the listen address itself is not network access.
          .filter((line) => !/\[netspy\] dns (127\.0\.0\.1|localhost)$/.test(line));
        expect(network, 'outgoing connections or DNS lookups made by the mock').toEqual([]);
      }),
    // The test's whole budget, waiting for a slot and for Prism included (no step has a clock of its own);
    // on an idle machine a test takes 2-4 s, on a loaded two-core runner Prism alone can take a minute.
    240_000,
  );

  it(
    'serves the paths marked x-trailing-slash with the slash, where the reference, samples and Try it send them',
    () =>
      withSlot(async () => {
        const port = await freePort();
        const mock = await startMock('dmss-container-and-signature-services', port);
        const post = async (pathname: string): Promise<number> => {
          const form = new FormData();
          form.append('file', new Blob(['%PDF-1.7 test']), 'document.pdf');
          const response = await fetch(`http://127.0.0.1:${port}${pathname}`, {method: 'POST', body: form});
          await response.arrayBuffer();
          return response.status;
        };
        let statuses: number[];
        try {
          statuses = [await post('/api/timestamping/'), await post('/api/timestamping')];
        } finally {
          await stopMock(mock);
        }
        expect(statuses, mock.output()).toEqual([200, 404]);
      }),
    240_000,
  );

  it('exits with 1 and lists the names for an unknown or missing name', () => {
    for (const args of [['no-such-spec'], []]) {
      const result = spawnSync(process.execPath, [script, ...args], {cwd: root, encoding: 'utf8', timeout: 15_000});
      expect(result.status).toBe(1);
      for (const spec of apiSpecs) expect(result.stderr).toContain(spec.id);
    }
  });
});
