import path from 'node:path';
import {describe, expect, it} from 'vitest';
import {formatProblem, runGate, specFiles} from '../../src/plugins/openapi-gate/gate';
import {apiSpecs} from '../../src/config/apiSpecs';

const root = path.resolve(__dirname, '../..');
const redoclyConfig = path.join(root, 'redocly.yaml');
const fixtures = path.join(root, 'tests/fixtures/openapi');

const gate = (dir: string) => runGate({dir, redoclyConfig});

describe('OpenAPI quality gate on the portal specs', () => {
  it('finds one file under openapi/ for each API page and nothing else', () => {
    const names = specFiles(path.join(root, 'openapi')).map((f) => path.basename(f, '.yaml'));
    expect(names).toEqual(apiSpecs.map((s) => s.id).sort());
  });

  it('passes with no problems (parse, OpenAPI 3, redocly lint without warnings, per-operation checks)', () => {
    const problems = gate(path.join(root, 'openapi')).map(formatProblem);
    expect(problems).toEqual([]);
  });
});

describe('OpenAPI quality gate on broken fixtures', () => {
  it('passes the valid fixture', () => {
    expect(gate(path.join(fixtures, 'valid'))).toEqual([]);
  });

  it('reports a bad $ref with the file and JSON pointer', () => {
    const messages = gate(path.join(fixtures, 'bad-ref')).map(formatProblem);
    expect(messages).toContainEqual(
      expect.stringMatching(
        /^tests\/fixtures\/openapi\/bad-ref\/sample-service\.yaml#\/paths\/~1api~1item~1\{id\}\/get\/responses\/200\/content\/application~1json\/schema: redocly error no-unresolved-refs/,
      ),
    );
  });

  it('reports an operation without a 2xx response', () => {
    const messages = gate(path.join(fixtures, 'missing-response')).map(formatProblem);
    expect(messages).toContain(
      'tests/fixtures/openapi/missing-response/sample-service.yaml#/paths/~1api~1item~1{id}/get/responses: operation has no 2xx response',
    );
  });

  it('reports an operationId used twice across specs', () => {
    const messages = gate(path.join(fixtures, 'duplicate-id')).map(formatProblem);
    expect(messages).toContain(
      'tests/fixtures/openapi/duplicate-id/second-service.yaml#/paths/~1api~1other~1{id}/get/operationId: operationId "getSampleItem" is already used at tests/fixtures/openapi/duplicate-id/sample-service.yaml#/paths/~1api~1item~1{id}/get',
    );
  });
});
