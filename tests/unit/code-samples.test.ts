import fs from 'node:fs';
import path from 'node:path';
import {parse} from 'yaml';
import {describe, expect, it} from 'vitest';
import {
  codeSamplesFor,
  pythonLiteral,
  sampleRequest,
  withCodeSamples,
  type CodeSample,
} from '../../src/plugins/api-reference/codeSamples';
import type {OpenApiDoc} from '../../src/lib/openapi/document';
import {isUndocumentedBody, sampleHttpRequest, UNDOCUMENTED_BODY} from '../../src/lib/openapi/requestModel';
import {resolveApi} from '../../src/lib/openapi/resolve';

const root = path.resolve(__dirname, '../..');
const specDir = path.join(root, 'openapi');
const METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'];

type Obj = Record<string, unknown>;
const isObj = (value: unknown): value is Obj => typeof value === 'object' && value !== null && !Array.isArray(value);

/** Local `$ref` resolution, written independently of the code under test. */
function deref(doc: OpenApiDoc, value: unknown): Obj | undefined {
  let current = value;
  while (isObj(current) && typeof current.$ref === 'string') {
    current = current.$ref
      .slice(2)
      .split('/')
      .map((key) => key.replace(/~1/g, '/').replace(/~0/g, '~'))
      .reduce<unknown>((node, key) => (isObj(node) ? node[key] : undefined), doc);
  }
  return isObj(current) ? current : undefined;
}

interface Operation {
  spec: string;
  doc: OpenApiDoc;
  path: string;
  method: string;
  pathItem: Obj;
  op: Obj;
}

const specs = fs
  .readdirSync(specDir)
  .filter((name) => name.endsWith('.yaml'))
  .sort()
  .map((name) => ({name, doc: parse(fs.readFileSync(path.join(specDir, name), 'utf8')) as OpenApiDoc}));

const operations: Operation[] = specs.flatMap(({name, doc}) =>
  Object.entries(isObj(doc.paths) ? doc.paths : {}).flatMap(([p, item]) => {
    const pathItem = deref(doc, item) ?? {};
    return METHODS.filter((m) => isObj(pathItem[m])).map((m) => ({
      spec: name,
      doc,
      path: p,
      method: m,
      pathItem,
      op: pathItem[m] as Obj,
    }));
  }),
);

const label = (o: Operation) => `${o.spec} ${o.method.toUpperCase()} ${o.path}`;

const samples = new Map<Operation, CodeSample[]>(
  await Promise.all(operations.map(async (o) => [o, await codeSamplesFor(o.doc, o.path, o.method)] as const)),
);
const samplesOf = (o: Operation): CodeSample[] => samples.get(o) ?? [];

/** The operation's own application/json request body example (a JSON-text string is parsed). */
function jsonBodyExample(o: Operation): {value: unknown} | undefined {
  const media = deref(o.doc, deref(o.doc, deref(o.doc, o.op.requestBody)?.content)?.['application/json']);
  if (!media) return undefined;
  let value: unknown = media.example;
  if (value === undefined && isObj(media.examples)) value = deref(o.doc, Object.values(media.examples)[0])?.value;
  if (value === undefined) return undefined;
  if (typeof value === 'string') {
    try {
      value = JSON.parse(value);
    } catch {
      // a plain string example stays a string
    }
  }
  return {value};
}

/** Whether a schema names fields (properties, variants, items; through `allOf`), written apart from the code under test. */
function namesFields(doc: OpenApiDoc, value: unknown): boolean {
  const schema = deref(doc, value);
  if (!schema) return false;
  if (schema.properties || schema.oneOf || schema.anyOf || schema.items || schema.type === 'array') return true;
  return Array.isArray(schema.allOf) && schema.allOf.some((part) => namesFields(doc, part));
}

/** A JSON body whose example is `{}` and whose schema names no field: its fields are not documented. */
function undocumentedBody(o: Operation): boolean {
  const example = jsonBodyExample(o)?.value;
  if (!isObj(example) || Object.keys(example).length > 0) return false;
  const media = deref(o.doc, deref(o.doc, deref(o.doc, o.op.requestBody)?.content)?.['application/json']);
  return !namesFields(o.doc, media?.schema);
}

/** Every object key and every primitive leaf of a JSON value, as text. */
function leaves(value: unknown, out: string[] = []): string[] {
  if (Array.isArray(value)) value.forEach((item) => leaves(item, out));
  else if (isObj(value)) {
    for (const [key, item] of Object.entries(value)) {
      out.push(key);
      leaves(item, out);
    }
  } else out.push(value === null ? 'null' : String(value));
  return out;
}

/**
 * Drops what the three languages write differently: quotes, backslashes of
 * escapes, white space and case (Python writes True/False/None).
 */
const normalise = (text: string): string =>
  text
    .replace(/'\\''/g, '')
    .replace(/[\\'"\s]/g, '')
    .toLowerCase()
    .replace(/none/g, 'null');

function pathExample(o: Operation, name: string): unknown {
  const params = [...(Array.isArray(o.pathItem.parameters) ? o.pathItem.parameters : [])];
  params.push(...(Array.isArray(o.op.parameters) ? o.op.parameters : []));
  const param = params.map((p) => deref(o.doc, p)).find((p) => p?.in === 'path' && p.name === name);
  if (!param) return undefined;
  if (param.example !== undefined) return param.example;
  if (isObj(param.examples)) return deref(o.doc, Object.values(param.examples)[0])?.value;
  return deref(o.doc, param.schema)?.example;
}

function substitutedPath(o: Operation): string {
  return o.path.replace(/\{([^}]+)\}/g, (_whole, name: string) => {
    const example = pathExample(o, name);
    expect(example, `${label(o)}: example of path parameter ${name}`).toBeDefined();
    return encodeURIComponent(String(example));
  });
}

const AsyncFunction = Object.getPrototypeOf(async () => undefined).constructor as new (body: string) => unknown;

/** Parses (without running) a JavaScript sample; `import` lines are module-only and are left out. */
function parsesAsJavaScript(source: string): boolean {
  new AsyncFunction(source.replace(/^import .*$/gm, ''));
  return true;
}

describe('x-codeSamples for the portal specs', () => {
  it('covers every operation of every spec', () => {
    expect(specs).toHaveLength(8);
    expect(operations.length).toBeGreaterThan(100);
  });

  it('gives exactly curl, JavaScript (fetch) and Python (requests) samples with code', () => {
    for (const o of operations) {
      const result = samplesOf(o);
      expect(
        result.map(({lang, label: l}) => [lang, l]),
        label(o),
      ).toEqual([
        ['Shell', 'curl'],
        ['JavaScript', 'JavaScript (fetch)'],
        ['Python', 'Python (requests)'],
      ]);
      for (const sample of result) expect(sample.source.trim(), `${label(o)} ${sample.label}`).not.toBe('');
    }
  });

  it('sends the operation method and the path with its parameter examples (curl, JS, Python)', async () => {
    for (const o of operations) {
      const [curl, js, python] = samplesOf(o).map((s) => s.source);
      expect(curl, label(o)).toMatch(new RegExp(`^curl (?:--request|-X) ${o.method.toUpperCase()}\\b`));
      const expectedPath = substitutedPath(o);
      const url = /--url '?([^'\s]+)/.exec(curl ?? '')?.[1] ?? '';
      expect(new URL(url).pathname.endsWith(expectedPath), `${label(o)}: ${url} ends with ${expectedPath}`).toBe(true);
      expect(js, label(o)).toContain(expectedPath);
      expect(python, label(o)).toContain(expectedPath);
      expect((await sampleRequest(o.doc, o.path, o.method)).url, label(o)).toContain(expectedPath);
    }
  });

  it('puts the JSON request body example into each of the three samples', async () => {
    const withBody = operations.filter((o) => jsonBodyExample(o) !== undefined && !undocumentedBody(o));
    expect(withBody.length).toBeGreaterThan(50);
    for (const o of withBody) {
      const example = jsonBodyExample(o)?.value;
      const request = await sampleRequest(o.doc, o.path, o.method);
      expect(JSON.parse(request.body ?? 'null'), label(o)).toEqual(example);
      expect(request.headers['Content-Type'], label(o)).toBe('application/json');
      for (const sample of samplesOf(o)) {
        const source = normalise(sample.source);
        for (const leaf of leaves(example)) {
          const expected = normalise(JSON.stringify(leaf).slice(1, -1));
          if (expected === '') continue;
          expect(source.includes(expected), `${label(o)} ${sample.label} has ${leaf}`).toBe(true);
        }
      }
    }
  });

  it('sends every header and multipart part of the request in each sample', async () => {
    for (const o of operations) {
      const request = await sampleRequest(o.doc, o.path, o.method);
      for (const sample of samplesOf(o)) {
        const source = sample.source.toLowerCase();
        for (const [name, value] of Object.entries(request.headers)) {
          // A multipart body's type comes with its boundary: FormData and curl's --form write it.
          if (/^content-type$/i.test(name) && request.form) continue;
          expect(source, `${label(o)} ${sample.label} header ${name}`).toContain(name.toLowerCase());
          expect(source, `${label(o)} ${sample.label} header ${name}`).toContain(value.toLowerCase());
        }
        for (const part of request.form ?? []) {
          expect(source, `${label(o)} ${sample.label} part ${part.name}`).toContain(part.name.toLowerCase());
          if (part.fileName) expect(source, `${label(o)} ${sample.label}`).toContain(part.fileName.toLowerCase());
        }
      }
    }
  });

  it('writes JavaScript that parses', () => {
    for (const o of operations) {
      const js = samplesOf(o)[1]?.source ?? '';
      expect(() => parsesAsJavaScript(js), `${label(o)}\n${js}`).not.toThrow();
    }
  });

  it('adds x-codeSamples to a copy and leaves the input unchanged', async () => {
    for (const {name, doc} of specs) {
      const before = structuredClone(doc);
      const result = await withCodeSamples(doc);
      expect(doc, name).toEqual(before);
      expect(result).not.toBe(doc);
      for (const o of operations.filter((op) => op.doc === doc)) {
        expect(o.op['x-codeSamples'], label(o)).toBeUndefined();
        const paths = result.paths as Record<string, Obj>;
        const copied = paths[o.path]?.[o.method] as Obj;
        expect(copied['x-codeSamples'], label(o)).toEqual(samplesOf(o));
      }
    }
  });
});

describe('x-codeSamples of POST /api/stamp (PadSign)', () => {
  const stamp = operations.find(
    (o) => o.spec === 'padsign-2.0-server.yaml' && o.method === 'post' && o.path === '/api/stamp',
  );

  it("send the document to seal by its docid, as the deployment's smoke test does, never an empty object", async () => {
    expect(stamp).toBeDefined();
    const request = await sampleRequest(stamp!.doc, stamp!.path, stamp!.method);
    expect(JSON.parse(request.body ?? 'null')).toEqual({docid: expect.stringMatching(/^[0-9a-f-]{36}$/)});
    const result = samplesOf(stamp!);
    expect(result).toHaveLength(3);
    for (const sample of result) {
      expect(sample.source, sample.label).toContain('docid');
      expect(normalise(sample.source), sample.label).not.toContain('{}');
    }
  });
});

describe('x-codeSamples of PUT /api/visual-signature (PadSign)', () => {
  const sign = operations.find(
    (o) => o.spec === 'padsign-2.0-server.yaml' && o.method === 'put' && o.path === '/api/visual-signature',
  );

  it("send the document's docid, the signature image and its placement, as the deployment's smoke test does", async () => {
    expect(sign).toBeDefined();
    const request = await sampleRequest(sign!.doc, sign!.path, sign!.method);
    expect(JSON.parse(request.body ?? 'null')).toEqual({
      docid: expect.stringMatching(/^[0-9a-f-]{36}$/),
      pdfSignatureIsVisible: true,
      signatureProfile: expect.any(String),
      signatureContactInfo: expect.any(String),
      pdfSignatureVisuals: {
        signatureText: expect.any(String),
        signatureImage: expect.stringMatching(/^[A-Za-z0-9+/]+=*$/),
        signatureXAxis: expect.any(Number),
        signatureYAxis: expect.any(Number),
        signatureZoom: expect.any(Number),
        signaturePage: expect.any(Number),
      },
    });
    const result = samplesOf(sign!);
    expect(result).toHaveLength(3);
    for (const sample of result) {
      for (const field of ['docid', 'pdfSignatureVisuals', 'signatureImage', 'signaturePage'])
        expect(sample.source, `${sample.label} ${field}`).toContain(field);
      expect(normalise(sample.source), sample.label).not.toContain('{}');
    }
  });
});

describe('x-codeSamples of a JSON body whose fields are not documented', () => {
  const undocumented = operations.filter(undocumentedBody);

  it('send a clear placeholder in curl, JavaScript and Python, never the empty object of the example', async () => {
    expect(undocumented.length).toBeGreaterThan(0);
    for (const o of undocumented) {
      const request = await sampleRequest(o.doc, o.path, o.method);
      expect(request.body, label(o)).toBe(UNDOCUMENTED_BODY);
      expect(request.headers['Content-Type'], label(o)).toBe('application/json');
      const result = samplesOf(o);
      expect(result, label(o)).toHaveLength(3);
      for (const sample of result) {
        expect(sample.source, `${label(o)} ${sample.label}`).toContain(UNDOCUMENTED_BODY);
        expect(normalise(sample.source), `${label(o)} ${sample.label}`).not.toContain('{}');
      }
    }
  });

  it("cover PadSign's finalize-signing and notify-signing-error, whose bodies no source shows", () => {
    const padsign = undocumented.filter((o) => o.spec === 'padsign-2.0-server.yaml').map((o) => o.path);
    expect(padsign).toEqual(expect.arrayContaining(['/api/finalize-signing', '/api/notify-signing-error']));
    expect(padsign).not.toContain('/api/visual-signature');
    expect(padsign).not.toContain('/api/stamp');
  });
});

describe('x-codeSamples on a small spec', () => {
  const doc: OpenApiDoc = {
    openapi: '3.0.3',
    servers: [{url: 'https://{host}/v1', variables: {host: {default: 'api.example.org'}}}],
    security: [{}, {bearer: []}],
    components: {
      securitySchemes: {
        bearer: {type: 'http', scheme: 'bearer'},
        key: {type: 'apiKey', in: 'header', name: 'X-Api-Key'},
      },
      parameters: {
        ItemId: {name: 'id', in: 'path', required: true, schema: {type: 'string'}},
        Trace: {name: 'X-Trace', in: 'header', schema: {type: 'string', example: 'trace-1'}},
      },
      examples: {Item: {value: {name: "O'Brien", tags: ['a', 'b'], count: 2, active: false, note: null}}},
      requestBodies: {
        Item: {content: {'application/json': {examples: {first: {$ref: '#/components/examples/Item'}}}}},
      },
    },
    paths: {
      '/items/{id}': {
        parameters: [{$ref: '#/components/parameters/ItemId'}],
        put: {
          security: [{bearer: []}],
          parameters: [
            {$ref: '#/components/parameters/Trace'},
            {name: 'mode', in: 'query', required: true, schema: {type: 'string', enum: ['fast', 'slow']}},
            {name: 'skip', in: 'query', schema: {type: 'integer', default: 0}},
            {name: 'Accept', in: 'header', example: 'text/html'},
          ],
          requestBody: {$ref: '#/components/requestBodies/Item'},
          responses: {'200': {description: 'ok', content: {'application/json': {schema: {type: 'object'}}}}},
          'x-codeSamples': [{lang: 'Go', source: 'old'}],
        },
        get: {responses: {'204': {description: 'none'}}},
      },
      '/upload': {
        post: {
          security: [{key: []}],
          requestBody: {
            content: {
              'multipart/form-data': {
                schema: {
                  type: 'object',
                  properties: {
                    file: {type: 'string', format: 'binary'},
                    meta: {type: 'object'},
                    note: {type: 'string'},
                  },
                },
                example: {file: '(content of report.pdf)', meta: {title: "it's"}, note: "it's"},
              },
            },
          },
          responses: {'201': {description: 'ok', content: {'application/pdf': {}}}},
        },
      },
    },
  };

  it('resolves $refs, substitutes server variables and uses placeholders where nothing is given', async () => {
    const request = await sampleRequest(doc, '/items/{id}', 'put');
    expect(request).toEqual({
      method: 'PUT',
      url: 'https://api.example.org/v1/items/%3Cid%3E?mode=fast',
      headers: {
        Authorization: 'Bearer <token>',
        'X-Trace': 'trace-1',
        Accept: 'application/json',
        'Content-Type': 'application/json',
      },
      body: JSON.stringify({name: "O'Brien", tags: ['a', 'b'], count: 2, active: false, note: null}, null, 2),
    });
  });

  it('sends no credentials when the first security requirement is empty', async () => {
    expect((await sampleRequest(doc, '/items/{id}', 'get')).headers).toEqual({});
    const [, js, python] = (await codeSamplesFor(doc, '/items/{id}', 'get')).map((s) => s.source);
    expect(js).toContain('console.log(response.status)');
    expect(python).toContain('print(response.status_code)');
  });

  it('writes multipart samples with the file named by the example, JSON parts and apiKey headers', async () => {
    const request = await sampleRequest(doc, '/upload', 'post');
    expect(request.headers['X-Api-Key']).toBe('<X-Api-Key>');
    expect(request.form).toEqual([
      {name: 'file', fileName: 'report.pdf'},
      {name: 'meta', value: '{"title":"it\'s"}', contentType: 'application/json'},
      {name: 'note', value: "it's"},
    ]);
    const [curl, js, python] = (await codeSamplesFor(doc, '/upload', 'post')).map((s) => s.source);
    expect(curl).toContain('--form file=@report.pdf');
    expect(curl).toContain('meta={"title":"it'); // the JSON part, with its quote escaped for the shell
    expect(curl).toContain(';type=application/json');
    expect(js).toContain("await readFile('report.pdf')");
    expect(() => parsesAsJavaScript(js ?? '')).not.toThrow();
    expect(python).toContain('("file", ("report.pdf", open("report.pdf", "rb")))');
    expect(python).toContain('with open("response.pdf", "wb")');
  });

  it('replaces existing x-codeSamples in the copy only', async () => {
    const result = await withCodeSamples(doc);
    const put = (result.paths as Record<string, Obj>)['/items/{id}']?.put as Obj;
    expect((put['x-codeSamples'] as CodeSample[]).map((s) => s.label)).toEqual([
      'curl',
      'JavaScript (fetch)',
      'Python (requests)',
    ]);
    const original = (doc.paths as Record<string, Obj>)['/items/{id}']?.put as Obj;
    expect(original['x-codeSamples']).toEqual([{lang: 'Go', source: 'old'}]);
  });
});

describe('x-codeSamples of a JSON body whose strings need escaping', () => {
  const note = 'line one\nline two with "quotes", a \\ backslash, a tab\tand a \u2028 separator';
  const body = {note, list: [note, true, null, 1.5], nested: {empty: {}, none: []}};
  const doc: OpenApiDoc = {
    openapi: '3.0.3',
    servers: [{url: 'https://api.example.org'}],
    paths: {
      '/notes': {
        post: {
          requestBody: {
            content: {
              'application/json': {
                schema: {type: 'object', properties: {note: {type: 'string'}}},
                example: body,
              },
            },
          },
          responses: {'204': {description: 'stored'}},
        },
      },
    },
  };

  it('sends the same JSON from JavaScript: its body string parses as the example', async () => {
    const js = (await codeSamplesFor(doc, '/notes', 'post'))[1]!.source;
    expect(() => parsesAsJavaScript(js), js).not.toThrow();
    const literal = /^ {2}body: ('[^\n]*')(?=\n)/m.exec(js)?.[1];
    expect(literal, js).toBeDefined();
    const sent = new Function(`return ${literal};`)() as string;
    expect(JSON.parse(sent)).toEqual(body);
  });

  it('writes the payload as a Python literal with the same values', async () => {
    const python = (await codeSamplesFor(doc, '/notes', 'post'))[2]!.source;
    const payload = /^payload = ([\s\S]*?)\nheaders = /m.exec(python)?.[1];
    expect(payload, python).toBe(pythonLiteral(body));
    // A line break inside a string would end the Python string literal: there is none.
    expect(
      payload!.split('\n').every((line) => (line.match(/(?<!\\)"/g) ?? []).length % 2 === 0),
      python,
    ).toBe(true);
    // Python's words for JSON's literals, and JSON's string escapes, which Python reads alike.
    expect(payload).toContain('True');
    expect(payload).toContain('None');
    expect(payload).toContain(JSON.stringify(note));
  });
});

describe('the detection of a JSON body whose fields are not documented (requestModel.ts)', () => {
  const body = (schema: Obj, example: unknown) => ({
    requestBody: {content: {'application/json': {schema, example}}},
    responses: {'204': {description: 'done'}},
  });
  const doc: OpenApiDoc = {
    openapi: '3.0.3',
    servers: [{url: 'https://api.example.org'}],
    components: {
      schemas: {
        Open: {type: 'object', additionalProperties: true},
        Named: {type: 'object', properties: {id: {type: 'string'}}},
      },
    },
    paths: {
      '/open': {post: body({$ref: '#/components/schemas/Open'}, {})},
      '/map': {post: body({type: 'object', additionalProperties: {type: 'string'}}, {})},
      '/no-schema': {post: {requestBody: {content: {'application/json': {example: {}}}}, responses: {}}},
      '/named': {post: body({$ref: '#/components/schemas/Named'}, {})},
      '/all-of': {post: body({allOf: [{$ref: '#/components/schemas/Open'}, {$ref: '#/components/schemas/Named'}]}, {})},
      '/one-of': {post: body({oneOf: [{$ref: '#/components/schemas/Named'}]}, {})},
      '/list': {post: body({type: 'array', items: {type: 'string'}}, [])},
      '/open-with-fields': {post: body({$ref: '#/components/schemas/Open'}, {id: 'a'})},
    },
  };

  it('replaces only the `{}` of a body whose schema names no field, in the request and in the three samples', async () => {
    const api = await resolveApi(doc);
    const placeholder = ['/open', '/map', '/no-schema'];
    for (const at of Object.keys(doc.paths as Obj)) {
      const {request, undocumentedBody} = sampleHttpRequest(api, at, 'post');
      const text = request.body && 'text' in request.body ? request.body.text : undefined;
      expect(undocumentedBody, at).toBe(placeholder.includes(at));
      const empty = {method: 'POST', baseUrl: `https://api.example.org${at}`, query: [], headers: []};
      const json = (text: string) => ({...empty, body: {mimeType: 'application/json', text}});
      expect(isUndocumentedBody(api, at, 'post', json('{ }')), at).toBe(
        [...placeholder, '/open-with-fields'].includes(at),
      );
      expect(isUndocumentedBody(api, at, 'post', json('{"id": "a"}')), at).toBe(false);
      expect(isUndocumentedBody(api, at, 'post', empty), at).toBe(false);
      expect(text === UNDOCUMENTED_BODY, at).toBe(placeholder.includes(at));
      const sources = (await codeSamplesFor(doc, at, 'post')).map((s) => s.source);
      for (const source of sources) expect(source.includes(UNDOCUMENTED_BODY), at).toBe(placeholder.includes(at));
    }
  });
});
