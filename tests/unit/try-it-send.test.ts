/**
 * The Try it console's sending and remembering (src/plugins/api-reference/theme/TryIt/send.ts
 * and storage.ts): fetch options, how an answer is read for display, what a
 * failed request is explained with, and storage that throws.
 */
import {afterEach, describe, expect, it, vi} from 'vitest';
import {
  describeFailure,
  downloadName,
  fetchInit,
  formatSize,
  readBody,
} from '../../src/plugins/api-reference/theme/TryIt/send';
import {
  credentialsKey,
  readJson,
  remove,
  serverKey,
  writeJson,
} from '../../src/plugins/api-reference/theme/TryIt/storage';

describe('fetch options (send.ts)', () => {
  it('sends multipart bodies as FormData without a Content-Type of its own, files with their names', async () => {
    const init = fetchInit({
      method: 'POST',
      baseUrl: 'http://h/up',
      query: [],
      headers: [
        {name: 'Accept', value: 'application/json'},
        {name: 'Content-Type', value: 'multipart/form-data'},
      ],
      body: {
        mimeType: 'multipart/form-data',
        parts: [
          {name: 'file', fileName: 'a.pdf', file: new Blob(['%PDF-1.7'], {type: 'application/pdf'})},
          {name: 'meta', value: '{"a":1}', contentType: 'application/json'},
          {name: 'note', value: 'hello'},
        ],
      },
    });
    expect(init.headers).toEqual([['Accept', 'application/json']]);
    expect(init.credentials).toBe('omit');
    const form = init.body as FormData;
    const file = form.get('file') as File;
    expect(file.name).toBe('a.pdf');
    expect(await file.text()).toBe('%PDF-1.7');
    expect(await (form.get('meta') as Blob).text()).toBe('{"a":1}');
    expect((form.get('meta') as Blob).type).toBe('application/json');
    expect(form.get('note')).toBe('hello');
  });

  it('sends text bodies as they are, with their Content-Type', () => {
    const init = fetchInit({
      method: 'PUT',
      baseUrl: 'http://h/x',
      query: [],
      headers: [{name: 'Content-Type', value: 'application/json'}],
      body: {mimeType: 'application/json', text: '{"a": 1}'},
    });
    expect(init.body).toBe('{"a": 1}');
    expect(init.headers).toEqual([['Content-Type', 'application/json']]);
  });
});

describe('reading an answer (send.ts)', () => {
  it('pretty-prints JSON, keeps text, and offers anything else as a download with its size', async () => {
    const json = await readBody(new Response('{"a":[1,2]}', {headers: {'Content-Type': 'application/json'}}));
    expect(json).toEqual({kind: 'json', text: '{\n  "a": [\n    1,\n    2\n  ]\n}'});
    const broken = await readBody(new Response('{"a":', {headers: {'Content-Type': 'application/json'}}));
    expect(broken).toEqual({kind: 'text', text: '{"a":'});
    expect(await readBody(new Response('pong', {headers: {'Content-Type': 'text/plain'}}))).toEqual({
      kind: 'text',
      text: 'pong',
    });
    expect(await readBody(new Response(null, {status: 204}))).toEqual({kind: 'empty'});
    const pdf = await readBody(
      new Response(new Uint8Array([0x25, 0x50, 0x44, 0x46, 0xff, 0xfe]), {
        headers: {'Content-Type': 'application/pdf', 'Content-Disposition': 'attachment; filename="signed.pdf"'},
      }),
    );
    expect(pdf).toMatchObject({kind: 'binary', size: 6, type: 'application/pdf', fileName: 'signed.pdf'});
  });

  it('names downloads after the server or the content type', () => {
    expect(downloadName('application/vnd.etsi.asic-e+zip', null)).toBe('response.asice');
    expect(downloadName('application/octet-stream', null)).toBe('response.bin');
    expect(downloadName('application/pdf', "attachment; filename*=UTF-8''d%C3%A9j%C3%A0.pdf")).toBe('déjà.pdf');
    expect(downloadName('application/pdf', 'attachment; filename="../../x.pdf"')).toBe('.._.._x.pdf');
  });

  it('writes sizes for people', () => {
    expect(formatSize(1)).toBe('1 byte');
    expect(formatSize(812)).toBe('812 bytes');
    expect(formatSize(49_357)).toBe('48.2 KB (49,357 bytes)');
  });
});

describe('a request without a readable answer (send.ts)', () => {
  it('points out mixed content and local network access where they apply', () => {
    const publicPage = {protocol: 'https:', hostname: 'developer.example.com'};
    expect(describeFailure('http://signing.example.com/api/x?token=1', publicPage)).toEqual({
      kind: 'failure',
      target: 'http://signing.example.com/api/x',
      mixedContent: true,
      localNetwork: false,
    });
    // http://127.0.0.1 is not mixed content, but a public page needs the reader's permission to reach it.
    expect(describeFailure('http://127.0.0.1:4010/ping', publicPage)).toMatchObject({
      mixedContent: false,
      localNetwork: true,
    });
    expect(describeFailure('http://192.168.1.20:8090/ping', publicPage)).toMatchObject({localNetwork: true});
    expect(describeFailure('http://127.0.0.1:4010/ping', {protocol: 'http:', hostname: 'localhost'})).toMatchObject({
      mixedContent: false,
      localNetwork: false,
    });
  });
});

describe('remembering (storage.ts)', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  function memoryStorage(): Storage {
    const items = new Map<string, string>();
    return {
      get length() {
        return items.size;
      },
      clear: () => items.clear(),
      getItem: (key) => items.get(key) ?? null,
      key: (index) => [...items.keys()][index] ?? null,
      removeItem: (key) => void items.delete(key),
      setItem: (key, value) => void items.set(key, value),
    };
  }

  it('keeps the server choice in localStorage and credentials in sessionStorage', () => {
    const local = memoryStorage();
    const session = memoryStorage();
    vi.stubGlobal('window', {localStorage: local, sessionStorage: session});
    writeJson('localStorage', serverKey('api'), {kind: 'mock'});
    writeJson('sessionStorage', credentialsKey('api'), {bearerAuth: {secret: 't', username: ''}});
    expect(readJson('localStorage', serverKey('api'))).toEqual({kind: 'mock'});
    expect(readJson('sessionStorage', credentialsKey('api'))).toEqual({bearerAuth: {secret: 't', username: ''}});
    expect(local.length).toBe(1);
    remove('sessionStorage', credentialsKey('api'));
    expect(session.length).toBe(0);
  });

  it('treats a storage that throws as empty, warning once without values', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const throwing = {
      getItem: () => {
        throw new DOMException('denied', 'SecurityError');
      },
      setItem: () => {
        throw new DOMException('full', 'QuotaExceededError');
      },
      removeItem: () => {
        throw new DOMException('denied', 'SecurityError');
      },
    };
    vi.stubGlobal('window', {
      get localStorage(): Storage {
        throw new DOMException('denied', 'SecurityError');
      },
      sessionStorage: throwing,
    });
    expect(() => writeJson('localStorage', serverKey('api'), {kind: 'mock'})).not.toThrow();
    expect(readJson('localStorage', serverKey('api'))).toBeUndefined();
    expect(() => writeJson('sessionStorage', credentialsKey('api'), {x: {secret: 'do-not-log'}})).not.toThrow();
    expect(readJson('sessionStorage', credentialsKey('api'))).toBeUndefined();
    expect(() => remove('sessionStorage', credentialsKey('api'))).not.toThrow();
    expect(warn.mock.calls.length).toBeLessThanOrEqual(2);
    expect(JSON.stringify(warn.mock.calls)).not.toContain('do-not-log');
  });
});
