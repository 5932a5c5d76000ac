import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {parse, stringify} from 'yaml';
import {describe, expect, it} from 'vitest';
import {formatProblem, redoclyLint, runGate, specFiles} from '../../src/lib/openapi-gate/gate';
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

  it('passes with no problems (parse, OpenAPI 3, redocly lint without warnings, per-operation checks)', async () => {
    const problems = (await gate(path.join(root, 'openapi'))).map(formatProblem);
    expect(problems).toEqual([]);
  });
});

describe('OpenAPI quality gate on broken fixtures', () => {
  it('passes the valid fixture', async () => {
    expect(await gate(path.join(fixtures, 'valid'))).toEqual([]);
  });

  it('reports a bad $ref with the file and JSON pointer', async () => {
    const messages = (await gate(path.join(fixtures, 'bad-ref'))).map(formatProblem);
    expect(messages).toContainEqual(
      expect.stringMatching(
        /^tests\/fixtures\/openapi\/bad-ref\/sample-service\.yaml#\/paths\/~1api~1item~1\{id\}\/get\/responses\/200\/content\/application~1json\/schema: redocly error no-unresolved-refs/,
      ),
    );
  });

  it('reports an operation without a 2xx response', async () => {
    const messages = (await gate(path.join(fixtures, 'missing-response'))).map(formatProblem);
    expect(messages).toContain(
      'tests/fixtures/openapi/missing-response/sample-service.yaml#/paths/~1api~1item~1{id}/get/responses: operation has no 2xx response',
    );
  });

  it('reports an operationId used twice across specs', async () => {
    const messages = (await gate(path.join(fixtures, 'duplicate-id'))).map(formatProblem);
    expect(messages).toContain(
      'tests/fixtures/openapi/duplicate-id/second-service.yaml#/paths/~1api~1other~1{id}/get/operationId: operationId "getSampleItem" is already used at tests/fixtures/openapi/duplicate-id/sample-service.yaml#/paths/~1api~1item~1{id}/get',
    );
  });
});

describe('OpenAPI quality gate under npm start', () => {
  it('checks again only the files whose content or lint rules changed since its last run', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-gate-kept-'));
    try {
      const sample = fs.readFileSync(path.join(fixtures, 'valid', 'sample-service.yaml'), 'utf8');
      const first = path.join(dir, 'first-service.yaml');
      const second = path.join(dir, 'second-service.yaml');
      fs.writeFileSync(first, sample);
      fs.writeFileSync(second, sample.replace(/operationId: (\w+)/g, 'operationId: $1Second'));
      // The lint rules beside the folder of specs (every YAML file in it is a spec).
      const config = path.join(`${dir}-rules`, 'redocly.yaml');
      fs.mkdirSync(path.dirname(config));
      fs.copyFileSync(redoclyConfig, config);
      // Each run of redocly lint, by the names of the files it was given.
      const linted: string[][] = [];
      const lint: typeof redoclyLint = (files, configFile) => {
        linted.push(files.map((file) => path.basename(file)));
        return redoclyLint(files, configFile);
      };
      const run = () => runGate({dir, redoclyConfig: config, lint});

      expect(await run()).toEqual([]);
      expect(linted).toEqual([['first-service.yaml', 'second-service.yaml']]);
      // Nothing changed: nothing is linted again, and the outcome is the same.
      expect(await run()).toEqual([]);
      expect(linted).toHaveLength(1);
      // An edit of one file lints that file alone, and its problem is reported.
      fs.writeFileSync(second, fs.readFileSync(second, 'utf8').replace(/\n {6}summary: .*\n/, '\n'));
      expect((await run()).map((problem) => `${path.basename(problem.file)}: ${problem.message}`)).toContain(
        'second-service.yaml: operation has no summary',
      );
      expect(linted.at(-1)).toEqual(['second-service.yaml']);
      // Undone, the file passes again; the other file, unchanged all along, was never linted again.
      fs.writeFileSync(second, sample.replace(/operationId: (\w+)/g, 'operationId: $1Second'));
      expect(await run()).toEqual([]);
      expect(linted.flat().filter((file) => file === 'first-service.yaml')).toHaveLength(1);
      // New lint rules check every file again.
      fs.appendFileSync(config, '\n# edited\n');
      expect(await run()).toEqual([]);
      expect(linted.at(-1)).toEqual(['first-service.yaml', 'second-service.yaml']);
    } finally {
      fs.rmSync(dir, {recursive: true, force: true});
      fs.rmSync(`${dir}-rules`, {recursive: true, force: true});
    }
  }, 60_000);
});

describe('OpenAPI quality gate: each per-operation check catches its fault', () => {
  type Doc = {
    paths: Record<string, Record<string, Record<string, unknown>>>;
    tags: {name: string; description?: string}[];
  };
  const valid = fs.readFileSync(path.join(fixtures, 'valid/sample-service.yaml'), 'utf8');
  const op = (doc: Doc) => doc.paths['/api/item/{id}']!.get!;

  /** Runs the gate on a copy of the valid fixture with one fault, saved under `fileName`. */
  async function gateWithFault(fault: (doc: Doc) => void, fileName = 'sample-service.yaml'): Promise<string[]> {
    const doc = parse(valid) as Doc;
    fault(doc);
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'gate-'));
    try {
      fs.writeFileSync(path.join(dir, fileName), stringify(doc));
      return (await gate(dir)).map((problem) => `${problem.pointer}: ${problem.message}`);
    } finally {
      fs.rmSync(dir, {recursive: true, force: true});
    }
  }

  it.each<[string, (doc: Doc) => void, string]>([
    ['a missing summary', (doc) => delete op(doc).summary, '#/paths/~1api~1item~1{id}/get: operation has no summary'],
    [
      'an undeclared tag',
      (doc) => (op(doc).tags = ['other-controller']),
      '#/paths/~1api~1item~1{id}/get/tags: tag "other-controller" is not declared under tags',
    ],
    [
      'a tag without a description',
      (doc) => delete doc.tags[0]!.description,
      '#/paths/~1api~1item~1{id}/get/tags: tag "item-controller" has no description',
    ],
    [
      'a 2xx response without an example',
      (doc) => {
        const ok = (op(doc).responses as Record<string, {content: Record<string, Record<string, unknown>>}>)['200']!;
        delete ok.content['application/json']!.example;
      },
      '#/paths/~1api~1item~1{id}/get/responses: no 2xx response has both a schema and an example',
    ],
    [
      'an undeclared path parameter',
      (doc) => (op(doc).parameters = []),
      '#/paths/~1api~1item~1{id}/get/parameters: path parameter "id" is not declared',
    ],
  ])('reports %s with its JSON pointer', async (_what, fault, expected) => {
    expect(await gateWithFault(fault)).toContain(expected);
  });

  it('reports a documented error that an operation lacks', async () => {
    const problems = await gateWithFault((doc) => {
      doc.paths['/api/authentication/item/{id}'] = doc.paths['/api/item/{id}']!;
      delete doc.paths['/api/item/{id}'];
    }, 'dmss-authentication-service.yaml');
    expect(problems).toContain(
      '#/paths/~1api~1authentication~1item~1{id}/get/responses: missing documented 400 response (authentication: 400 bad request, 403 service disabled)',
    );
  });
});
