/**
 * Calls that the references must document: the two seed call shapes of the
 * container reference that were missing (the Web-eID sign call as the platform's seed calls write it, and
 * the session-status long poll as operations of their own), and calls that real clients make:
 * ps-server's own health route, the PadSign demo and pad-portal calls, the legacy portal's calls
 * and the process service's delete.
 */
import path from 'node:path';
import {describe, expect, it} from 'vitest';
import {type OperationRef, operationsOf, parseSpec} from '../../src/lib/openapi-gate/gate';

type Json = Record<string, unknown>;

const root = path.resolve(__dirname, '../..');

interface Spec {
  doc: Json;
  operations: OperationRef[];
}

function load(name: string): Spec {
  const parsed = parseSpec(path.join(root, 'openapi', `${name}.yaml`));
  if (!('doc' in parsed)) throw new Error(`${parsed.file}: ${parsed.message}`);
  return {doc: parsed.doc, operations: operationsOf(parsed)};
}

const container = load('dmss-container-and-signature-services');
const padsign = load('padsign-2.0-server');
const processes = load('dmss-process-and-auditing-service');

function operation(spec: Spec, method: string, at: string): OperationRef {
  const found = spec.operations.find((op) => op.method === method && op.path === at);
  if (!found) throw new Error(`no ${method.toUpperCase()} ${at}`);
  return found;
}

/** Follows a local `$ref` of the spec. */
function deref(spec: Spec, value: unknown): Json {
  let current = value as Json;
  while (typeof current.$ref === 'string') {
    current = current.$ref
      .slice(2)
      .split('/')
      .reduce<Json>((node, key) => node[key] as Json, spec.doc);
  }
  return current;
}

function parameters(spec: Spec, op: OperationRef): Json[] {
  const pathItem = (spec.doc.paths as Record<string, Json>)[op.path]!;
  return [pathItem.parameters, op.operation.parameters]
    .flatMap((list) => (Array.isArray(list) ? list : []))
    .map((param) => deref(spec, param));
}

const tagsOf = (op: OperationRef) => op.operation.tags as string[];
const descriptionOf = (op: OperationRef) => String(op.operation.description);
const summaryOf = (op: OperationRef) => String(op.operation.summary);

describe('container reference: the two seed call shapes', () => {
  it('documents the Web-eID sign call as the seed writes it, after generateHash on the same container', () => {
    const sign = operation(container, 'post', '/api/signing/webeid/container/{id}/{sessionId}/sign');
    expect(tagsOf(sign)).toEqual(['web-eid-sign-controller']);
    const params = parameters(container, sign).map((p) => `${String(p.in)}:${String(p.name)}`);
    expect(params).toEqual(['path:id', 'path:sessionId', 'query:signatureInHex']);
    expect(Object.keys(sign.operation.responses as Json)).toEqual(expect.arrayContaining(['200', '422']));
  });

  it('keeps the ID-card-style Web-eID path only with its grounds stated, linking the seed shape', () => {
    const kept = operation(container, 'post', '/api/signing/webeid/container/{sessionId}/sign');
    expect(kept.operation.operationId).toBe('signContainer_11');
    expect(descriptionOf(kept)).toMatch(/grounds/);
    expect(descriptionOf(kept)).toContain('operation/signContainer_12');
  });

  const shortPoll = /^\/api\/signing\/([^/{}]+)\/session\/\{session\}\/status$/;
  const methods = container.operations
    .filter((op) => op.method === 'get' && shortPoll.test(op.path))
    .map((op) => shortPoll.exec(op.path)![1]!);

  it('has the short poll for the five push and redirect methods', () => {
    expect(methods.sort()).toEqual(['lvrtc', 'lvrtc-banking', 'mobile', 'oauth2', 'smart']);
  });

  it.each(methods)('documents the long poll of %s as an operation of its own', (method) => {
    const immediate = operation(container, 'get', `/api/signing/${method}/session/{session}/status`);
    const longPoll = operation(
      container,
      'get',
      `/api/signing/${method}/session/{session}/status/{pollwaitinmilliseconds}`,
    );
    expect(tagsOf(longPoll)).toEqual(['session-controller']);
    expect(summaryOf(longPoll)).toBe(`${summaryOf(immediate)} (long poll)`);
    const wait = parameters(container, longPoll).find((p) => p.name === 'pollwaitinmilliseconds');
    expect(wait).toMatchObject({in: 'path', required: true, example: 90000, schema: {type: 'integer'}});
    expect(Object.keys(longPoll.operation.responses as Json)).toEqual(['200', '422']);
    // Each twin links the other.
    expect(descriptionOf(longPoll)).toContain(`operation/${String(immediate.operation.operationId)})`);
    expect(descriptionOf(immediate)).toContain(`operation/${String(longPoll.operation.operationId)})`);
  });

  it('no longer documents the long poll as one templated {method} path', () => {
    expect(container.operations.filter((op) => op.path.includes('{method}'))).toEqual([]);
  });

  it('keeps the long poll deep link the docs use on the Smart-ID long poll', () => {
    const linked = container.operations.find((op) => op.operation.operationId === 'getSigningSessionStatus_5');
    expect(linked?.path).toBe('/api/signing/smart/session/{session}/status/{pollwaitinmilliseconds}');
    expect(tagsOf(linked!)).toEqual(['session-controller']);
  });
});

describe('PadSign reference: calls the clients make', () => {
  const direct = 'http://{host}:{port}';
  const viaNginx = 'https://{host}:{port}';
  const calls: [method: string, at: string, tag: string, server: string, methodInferred: boolean][] = [
    ['get', '/health', 'health-api', direct, false],
    ['post', '/api/demo/upload', 'demo-api', viaNginx, false],
    ['post', '/api/demo/upload/version', 'demo-api', viaNginx, false],
    ['post', '/api/demo/fill-by-docid', 'demo-api', viaNginx, true],
    ['post', '/api/fillPDFDemo', 'pad-portal-api', viaNginx, false],
    ['get', '/api/cleanupUser', 'pad-portal-api', viaNginx, false],
    ['get', '/latestUser', 'legacy-pad-controller', direct, true],
    ['get', '/getDocID', 'legacy-pad-controller', direct, true],
    ['post', '/fillPDF', 'legacy-pad-controller', direct, true],
  ];

  it.each(calls)('documents %s %s under %s', (method, at, tag, server, methodInferred) => {
    const op = operation(padsign, method, at);
    expect(tagsOf(op)).toEqual([tag]);
    const servers = (padsign.doc.paths as Record<string, Json>)[at]!.servers as Json[];
    expect(servers.map((s) => s.url)).toEqual([server]);
    if (methodInferred) expect(descriptionOf(op)).toMatch(/method is (not stated anywhere: `[A-Z]+` is )?inferred/);
  });

  it('marks every demo call as demo and every legacy call as legacy', () => {
    const byTag = (tag: string) => padsign.operations.filter((op) => tagsOf(op).includes(tag));
    expect(byTag('demo-api').length).toBeGreaterThanOrEqual(3);
    for (const op of byTag('demo-api')) {
      expect(summaryOf(op), op.path).toMatch(/\(demo mode\)$/);
      expect(descriptionOf(op), op.path).toMatch(/^\*\*Demo mode/);
    }
    for (const op of byTag('legacy-pad-controller')) expect(summaryOf(op), op.path).toMatch(/\(legacy( [a-z ]+)?\)$/);
  });

  it('documents the body of POST /api/stamp: the required docid of the document to seal, with an example', () => {
    const stamp = operation(padsign, 'post', '/api/stamp');
    const media = (deref(padsign, stamp.operation.requestBody).content as Json)['application/json'] as Json;
    const schema = deref(padsign, media.schema);
    expect(schema.required).toEqual(['docid']);
    expect(Object.keys(schema.properties as Json)).toEqual(['docid']);
    expect(media.example).toEqual({docid: expect.stringMatching(/\S/)});
  });

  it("documents the body of PUT /api/visual-signature as the deployment's smoke test sends it, with an example", () => {
    const sign = operation(padsign, 'put', '/api/visual-signature');
    const media = (deref(padsign, sign.operation.requestBody).content as Json)['application/json'] as Json;
    const schema = deref(padsign, media.schema);
    const fields = [
      'docid',
      'pdfSignatureIsVisible',
      'signatureProfile',
      'signatureContactInfo',
      'pdfSignatureVisuals',
    ];
    expect(schema.required).toEqual(fields);
    expect(Object.keys(schema.properties as Json)).toEqual(fields);
    expect(schema.additionalProperties).toBe(true);
    const visuals = (schema.properties as Json).pdfSignatureVisuals as Json;
    const placement = [
      'signatureText',
      'signatureImage',
      'signatureXAxis',
      'signatureYAxis',
      'signatureZoom',
      'signaturePage',
    ];
    expect(visuals.required).toEqual(placement);
    expect(Object.keys(visuals.properties as Json)).toEqual(placement);
    const example = media.example as Json;
    expect(Object.keys(example)).toEqual(fields);
    expect(example.docid).toMatch(/\S/);
    expect(Object.keys(example.pdfSignatureVisuals as Json)).toEqual(placement);
  });

  it('keeps the bodies of finalize-signing and notify-signing-error generic, saying only that the portal sends the docid', () => {
    for (const at of ['/api/finalize-signing', '/api/notify-signing-error']) {
      const call = operation(padsign, 'post', at);
      const body = deref(padsign, call.operation.requestBody);
      const media = (body.content as Json)['application/json'] as Json;
      expect(media.schema, at).toEqual({$ref: '#/components/schemas/UndocumentedObject'});
      expect(media.example, at).toEqual({});
      expect(String(body.description), at).toContain('`docid`');
      expect(descriptionOf(call), at).toContain('`docid`');
      expect(descriptionOf(call).replace(/\s+/g, ' '), at).toContain('no source shows the request body');
    }
  });

  it('gives the demo upload the statuses the deployment package documents', () => {
    const upload = operation(padsign, 'post', '/api/demo/upload');
    expect(Object.keys(upload.operation.responses as Json)).toEqual(['201', '401', '404', '413', '500']);
  });
});

describe('process reference: calls the clients make', () => {
  it('documents the delete of one process by id', () => {
    const remove = operation(processes, 'delete', '/api/process/{processId}');
    expect(tagsOf(remove)).toEqual(['process-controller']);
    expect(parameters(processes, remove).map((p) => `${String(p.in)}:${String(p.name)}`)).toEqual(['path:processId']);
  });
});
