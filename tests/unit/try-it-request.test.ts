/**
 * The request builder shared by the code samples and the Try it console
 * (src/lib/openapi/request.ts), the request models made at build
 * time (requestModel.ts), and the console's form (src/plugins/api-reference/theme/TryIt/form.ts).
 */
import fs from 'node:fs';
import path from 'node:path';
import {parse} from 'yaml';
import {describe, expect, it} from 'vitest';
import {sampleRequest} from '../../src/plugins/api-reference/codeSamples';
import {
  buildRequest,
  curlCommand,
  parameterKey,
  requestUrl,
  shellWord,
  type ApiRequestModel,
  type OperationModel,
  type SchemeModel,
  type ServerModel,
} from '../../src/lib/openapi/request';
import type {OpenApiDoc} from '../../src/lib/openapi/document';
import {apiRequestModel, sampleServerUrl, UNDOCUMENTED_BODY} from '../../src/lib/openapi/requestModel';
import {withTrailingSlashes} from '../../src/lib/openapi/trailingSlash';
import {
  MOCK_URL,
  initialState,
  parameterValue,
  prepareRequest,
  resolveServer,
  serverChoiceFrom,
  type FormState,
} from '../../src/plugins/api-reference/theme/TryIt/form';
import {operationIdOf} from '../../src/plugins/api-reference/theme/TryIt/buttons';

const root = path.resolve(__dirname, '../..');

const specs = fs
  .readdirSync(path.join(root, 'openapi'))
  .filter((name) => name.endsWith('.yaml'))
  .sort()
  .map((name) => {
    const doc = withTrailingSlashes(parse(fs.readFileSync(path.join(root, 'openapi', name), 'utf8')) as OpenApiDoc);
    return {id: name.slice(0, -'.yaml'.length), doc};
  });

const models: {id: string; doc: OpenApiDoc; model: ApiRequestModel}[] = await Promise.all(
  specs.map(async ({id, doc}) => ({id, doc, model: await apiRequestModel(doc, id)})),
);

const operation: OperationModel = {
  operationId: 'putItem',
  method: 'PUT',
  path: '/items/{id}/{tags}',
  parameters: [
    {name: 'id', in: 'path', required: true, kind: 'string', sample: {value: 'a b/c'}},
    {name: 'tags', in: 'path', required: true, kind: 'array', itemKind: 'string', style: 'label'},
    {name: 'mode', in: 'query', required: true, kind: 'string', enum: ['fast', 'slow'], sample: {value: 'fast'}},
    {name: 'ids', in: 'query', required: false, kind: 'array', itemKind: 'integer', sample: {value: [1, 2]}},
    {name: 'filter', in: 'query', required: false, kind: 'object', style: 'deepObject', explode: true},
    {name: 'X-Trace', in: 'header', required: false, kind: 'string', sample: {value: 'trace-1'}},
    {name: 'Accept', in: 'header', required: false, kind: 'string', sample: {value: 'text/html'}},
  ],
  body: {kind: 'text', mimeType: 'application/json', required: true, json: true, sample: '{\n  "name": "x"\n}'},
  security: [['bearer'], ['key']],
  responseType: 'application/json',
};
const schemes: Record<string, SchemeModel> = {
  bearer: {kind: 'bearer'},
  key: {kind: 'apiKey', in: 'query', name: 'api_key'},
  basic: {kind: 'basic'},
};

describe('request builder (request.ts)', () => {
  it('substitutes path parameters by style, serializes the query and orders the headers', () => {
    const request = buildRequest(operation, {
      server: 'https://api.example.org/v1/',
      params: {
        [parameterKey({in: 'path', name: 'id'})]: 'a b/c',
        [parameterKey({in: 'path', name: 'tags'})]: ['x', 'y'],
        [parameterKey({in: 'query', name: 'mode'})]: 'slow',
        [parameterKey({in: 'query', name: 'ids'})]: ['1', '2'],
        [parameterKey({in: 'query', name: 'filter'})]: {state: 'open'},
        [parameterKey({in: 'header', name: 'X-Trace'})]: 't',
        [parameterKey({in: 'header', name: 'Accept'})]: 'text/html',
      },
      body: {mimeType: 'application/json', text: '{}'},
      credentials: [
        {scheme: schemes.bearer!, value: 'Bearer abc'},
        {scheme: schemes.key!, value: 'k&1'},
      ],
    });
    expect(request.baseUrl).toBe('https://api.example.org/v1/items/a%20b%2Fc/.x,y');
    expect(request.query).toEqual([
      {name: 'mode', value: 'slow'},
      {name: 'ids', value: '1'},
      {name: 'ids', value: '2'},
      {name: 'filter[state]', value: 'open'},
      {name: 'api_key', value: 'k&1'},
    ]);
    // Credentials first; a declared Accept header parameter never overrides the response type.
    expect(request.headers).toEqual([
      {name: 'Authorization', value: 'Bearer abc'},
      {name: 'X-Trace', value: 't'},
      {name: 'Accept', value: 'application/json'},
      {name: 'Content-Type', value: 'application/json'},
    ]);
    expect(requestUrl(request)).toBe(
      'https://api.example.org/v1/items/a%20b%2Fc/.x,y?mode=slow&ids=1&ids=2&filter%5Bstate%5D=open&api_key=k%261',
    );
  });

  it('leaves out parameters without a value', () => {
    const request = buildRequest(operation, {server: 'http://h', params: {}, credentials: []});
    expect(request.query).toEqual([]);
    expect(request.headers).toEqual([{name: 'Accept', value: 'application/json'}]);
    expect(request.body).toBeUndefined();
  });

  it('writes a curl command that a POSIX shell reads back as the same request', () => {
    const request = buildRequest(operation, {
      server: 'http://127.0.0.1:4010',
      params: {[parameterKey({in: 'path', name: 'id'})]: "it's", [parameterKey({in: 'path', name: 'tags'})]: ['t']},
      body: {mimeType: 'application/json', text: '{"note": "it\'s"}'},
      credentials: [{scheme: schemes.bearer!, value: 'Bearer secret-token'}],
    });
    expect(curlCommand(request)).toBe(
      [
        'curl --request PUT',
        "--url 'http://127.0.0.1:4010/items/it'\\''s/.t'",
        "--header 'Authorization: Bearer secret-token'",
        "--header 'Accept: application/json'",
        "--header 'Content-Type: application/json'",
        `--data-raw '{"note": "it'\\''s"}'`,
      ].join(' \\\n  '),
    );
    const masked = curlCommand(request, {headers: ['authorization']});
    expect(masked).toContain("--header 'Authorization: Bearer ***'");
    expect(masked).not.toContain('secret-token');
    expect(shellWord('plain-word_1.2')).toBe('plain-word_1.2');
    expect(shellWord('a b')).toBe("'a b'");
  });

  it('writes multipart parts as --form, keeping values that start with @ or < literal', () => {
    const upload: OperationModel = {operationId: 'up', method: 'POST', path: '/up', parameters: [], security: []};
    const request = buildRequest(upload, {
      server: 'http://h',
      params: {},
      credentials: [],
      body: {
        mimeType: 'multipart/form-data',
        parts: [
          {name: 'file', fileName: 'report.pdf', contentType: 'application/pdf'},
          {name: 'meta', value: '{"a":1}', contentType: 'application/json'},
          {name: 'note', value: '@not-a-file'},
          {name: 'plain', value: 'x'},
        ],
      },
    });
    const curl = curlCommand(request);
    expect(curl).not.toContain('Content-Type: multipart'); // curl writes it with the boundary
    expect(curl).toContain("--form 'file=@report.pdf;type=application/pdf'");
    expect(curl).toContain(`--form 'meta={"a":1};type=application/json'`);
    expect(curl).toContain('--form-string note=@not-a-file');
    expect(curl).toContain('--form plain=x');
  });
});

describe('request models of the portal specs (requestModel.ts)', () => {
  it('has a model for every operation, keyed by its operationId, with the spec servers', () => {
    for (const {id, doc, model} of models) {
      const count = Object.values(doc.paths as Record<string, Record<string, unknown>>)
        .flatMap((item) => Object.keys(item))
        .filter((key) => ['get', 'put', 'post', 'delete', 'patch', 'head', 'options', 'trace'].includes(key)).length;
      expect(Object.keys(model.operations), id).toHaveLength(count);
      for (const [operationId, op] of Object.entries(model.operations)) expect(op.operationId).toBe(operationId);
      expect(model.servers.length, id).toBeGreaterThan(0);
      // What the console fetches is plain JSON.
      expect(JSON.parse(JSON.stringify(model))).toEqual(model);
    }
  });

  it('gives the console, untouched, the request the code samples send (same builder, same values)', async () => {
    let compared = 0;
    for (const {doc, model} of models) {
      for (const op of Object.values(model.operations)) {
        const placeholder =
          op.parameters.some((param) => param.sample?.placeholder) ||
          (op.body?.kind === 'form' && op.body.parts.some((part) => part.file));
        if (placeholder) continue; // a made-up <id> or a file stays for the reader to fill in
        const state = initialState<File>(op);
        // The samples show placeholder credentials for the first requirement; type the same.
        for (const name of op.security[0] ?? []) state.credentials[name] = {secret: '<token>', username: ''};
        const schemesUsed = Object.fromEntries((op.security[0] ?? []).map((name) => [name, model.schemes[name]!]));
        if (Object.values(schemesUsed).some((scheme) => scheme.kind !== 'bearer')) continue;
        const server = sampleServerUrl(op.servers ?? model.servers);
        const prepared = prepareRequest(op, model.schemes, state, {url: server});
        expect('request' in prepared, `${op.operationId}: ${JSON.stringify(prepared)}`).toBe(true);
        if (!('request' in prepared)) continue;
        const expected = await sampleRequest(doc, op.path, op.method);
        expect(requestUrl(prepared.request), op.operationId).toBe(expected.url);
        expect(Object.fromEntries(prepared.request.headers.map((h) => [h.name, h.value])), op.operationId).toEqual(
          expected.headers,
        );
        const body = prepared.request.body;
        const text = body && 'text' in body ? body.text : undefined;
        // A body whose fields are not documented: the samples carry a placeholder, the console starts
        // from the spec's `{}` for the reader to fill in.
        if (expected.body === UNDOCUMENTED_BODY) expect(text?.replace(/\s/g, ''), op.operationId).toBe('{}');
        else expect(text, op.operationId).toEqual(expected.body);
        compared += 1;
      }
    }
    expect(compared).toBeGreaterThan(100);
  });

  it('marks required fields and leaves made-up placeholder values empty', () => {
    const archive = models.find((m) => m.id === 'dmss-archive-service')!.model;
    const upload = archive.operations.uploadNewVersion!;
    expect(upload.body).toMatchObject({kind: 'form', required: true});
    const file = upload.body?.kind === 'form' ? upload.body.parts.find((part) => part.name === 'file') : undefined;
    expect(file).toMatchObject({file: true, required: true});
    const withPlaceholder = models
      .flatMap((m) => Object.values(m.model.operations))
      .flatMap((op) => op.parameters.filter((param) => param.sample?.placeholder).map((param) => ({op, param})));
    for (const {op, param} of withPlaceholder) expect(initialState(op).params[parameterKey(param)]).toBe('');
  });
});

describe('the console form (src/plugins/api-reference/theme/TryIt/form.ts)', () => {
  const state = (): FormState<File> => initialState<File>(operation);

  it('prefills the fields with the sample values', () => {
    const initial = state();
    expect(initial.params[parameterKey({in: 'path', name: 'id'})]).toBe('a b/c');
    expect(initial.params[parameterKey({in: 'query', name: 'ids'})]).toBe('1\n2');
    expect(initial.params[parameterKey({in: 'query', name: 'filter'})]).toBe('');
    expect(initial.body).toBe('{\n  "name": "x"\n}');
  });

  it('validates before sending: a message per field and no request', () => {
    const form = state();
    form.params[parameterKey({in: 'path', name: 'id'})] = '  ';
    form.params[parameterKey({in: 'query', name: 'ids'})] = '1\nx';
    form.params[parameterKey({in: 'query', name: 'filter'})] = '[1]';
    form.body = '{"name": ';
    const result = prepareRequest(operation, schemes, form, {url: MOCK_URL});
    expect(result).not.toHaveProperty('request');
    expect('errors' in result && result.errors).toEqual({
      'param:path:id': 'Required.',
      'param:path:tags': 'Required.',
      'param:query:ids': 'x: Enter a whole number.',
      'param:query:filter': 'Enter a JSON object, for example {"key": "value"}.',
      body: expect.stringMatching(/^Not valid JSON: /) as unknown as string,
    });
  });

  it('parses each kind of field', () => {
    const base = {name: 'p', in: 'query', required: false} as const;
    expect(parameterValue({...base, kind: 'integer'}, ' 42 ')).toEqual({value: '42'});
    expect(parameterValue({...base, kind: 'integer'}, '4.2')).toEqual({error: 'Enter a whole number.'});
    expect(parameterValue({...base, kind: 'number'}, '4.2')).toEqual({value: '4.2'});
    expect(parameterValue({...base, kind: 'boolean'}, 'yes')).toEqual({error: 'Enter true or false.'});
    expect(parameterValue({...base, kind: 'string'}, '')).toEqual({value: undefined});
    expect(parameterValue({...base, kind: 'array', itemKind: 'string'}, 'a\n\nb')).toEqual({value: ['a', 'b']});
    expect(parameterValue({...base, kind: 'json'}, '{"a": 1}')).toEqual({value: '{"a": 1}'});
  });

  it('sends the credentials typed for any of the schemes, basic as base64 of user:password', () => {
    const form = state();
    form.params[parameterKey({in: 'path', name: 'tags'})] = 't';
    form.credentials = {bearer: {secret: 'tok', username: ''}, key: {secret: '', username: ''}};
    const result = prepareRequest(operation, schemes, form, {url: MOCK_URL});
    expect('request' in result && result.request.headers[0]).toEqual({name: 'Authorization', value: 'Bearer tok'});
    const basicOp = {...operation, security: [['basic']]};
    form.credentials = {basic: {secret: 'pä:ss', username: 'me'}};
    const basic = prepareRequest(basicOp, schemes, form, {url: MOCK_URL});
    const header = 'request' in basic ? basic.request.headers[0]?.value : '';
    expect(Buffer.from(header!.replace('Basic ', ''), 'base64').toString('utf8')).toBe('me:pä:ss');
  });

  it('resolves the server: the mock, a documented server with its variables, or a typed address', () => {
    const servers: ServerModel[] = [
      {url: 'http://{host}:{port}', variables: {host: {default: 'svc'}, port: {default: '8090'}}},
      {url: 'https://{name}/gw', variables: {name: {default: 'x.invalid'}}},
    ];
    expect(resolveServer({kind: 'mock'}, servers)).toEqual({url: 'http://127.0.0.1:4010'});
    expect(resolveServer({kind: 'spec', index: 0, variables: {host: 'localhost', port: '86'}}, servers)).toEqual({
      url: 'http://localhost:86',
    });
    expect(resolveServer({kind: 'spec', index: 1, variables: {name: ''}}, servers)).toEqual({
      errors: {'server-variable:name': 'Required: the name of the server.'},
    });
    expect(resolveServer({kind: 'custom', url: 'https://sign.example.com/base/'}, servers)).toEqual({
      url: 'https://sign.example.com/base',
    });
    expect(resolveServer({kind: 'custom', url: 'ftp://x'}, servers)).toHaveProperty('errors.server-url');
    expect(resolveServer({kind: 'custom', url: ''}, servers)).toHaveProperty('errors.server-url');
    // A remembered choice that no longer fits falls back to the mock; a fitting one keeps its values.
    expect(serverChoiceFrom({kind: 'spec', index: 5, variables: {}}, servers)).toEqual({kind: 'mock'});
    expect(serverChoiceFrom('garbage', servers)).toEqual({kind: 'mock'});
    expect(serverChoiceFrom({kind: 'spec', index: 0, variables: {host: 'h'}}, servers)).toEqual({
      kind: 'spec',
      index: 0,
      variables: {host: 'h', port: '8090'},
    });
  });

  it('uses the address and port npm run mock serves by default', () => {
    const script = fs.readFileSync(path.join(root, 'scripts/mock.mjs'), 'utf8');
    const port = /port: \{type: 'string', default: '(\d+)'\}/.exec(script)?.[1];
    const host = /host: \{type: 'string', default: '([^']+)'\}/.exec(script)?.[1];
    expect(MOCK_URL).toBe(`http://${host}:${port}`);
  });

  it('finds the operationId of a Redoc section id', () => {
    expect(operationIdOf('tag/document-controller/operation/uploadNewVersion')).toBe('uploadNewVersion');
    expect(operationIdOf('operation/getPing')).toBe('getPing');
    expect(operationIdOf('tag/document-controller')).toBeUndefined();
    expect(operationIdOf('section/Authentication')).toBeUndefined();
  });
});
