/**
 * The build-time preparation of the specs (src/plugins/api-reference/prepare.ts),
 * run on a copy of openapi/ in a temporary site folder: the files the pages,
 * the server build and the downloads are made from.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {createRequire} from 'node:module';
import {parse} from 'yaml';
import {afterAll, beforeAll, describe, expect, it} from 'vitest';
import {apiSpecs} from '../../src/config/apiSpecs';
import {prepareOpenApi} from '../../src/plugins/api-reference/prepare';
import {preparedPaths} from '../../src/plugins/api-reference/outputs';
import {renderedSpecUrl, specDownloadUrl} from '../../src/lib/openapi/urls';

const root = path.resolve(__dirname, '../..');
let siteDir: string;

type Obj = Record<string, unknown>;
const operationsOf = (doc: Obj): Obj[] =>
  Object.values(doc.paths as Record<string, Obj>).flatMap((item) =>
    Object.entries(item)
      .filter(([method]) => ['get', 'put', 'post', 'delete', 'patch', 'head', 'options', 'trace'].includes(method))
      .map(([, op]) => op as Obj),
  );

beforeAll(async () => {
  siteDir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-prepare-'));
  fs.cpSync(path.join(root, 'openapi'), path.join(siteDir, 'openapi'), {recursive: true});
  for (const file of ['redocly.yaml', '.redocly.lint-ignore.yaml']) {
    fs.copyFileSync(path.join(root, file), path.join(siteDir, file));
  }
  await prepareOpenApi(siteDir);
}, 120_000);

afterAll(() => fs.rmSync(siteDir, {recursive: true, force: true}));

describe('prepareOpenApi', () => {
  it('writes, for every spec, the rendered JSON (with code samples) that the interactive reference fetches', () => {
    const paths = preparedPaths(siteDir);
    for (const spec of apiSpecs) {
      const file = paths.renderedJson(spec.id);
      expect(file.endsWith(path.join('generated', 'static', ...renderedSpecUrl(spec.id).split('/')))).toBe(true);
      const rendered = JSON.parse(fs.readFileSync(file, 'utf8')) as Obj;
      const source = parse(fs.readFileSync(path.join(root, 'openapi', `${spec.id}.yaml`), 'utf8')) as Obj;
      expect((rendered.info as Obj).title).toBe((source.info as Obj).title);
      const operations = operationsOf(rendered);
      expect(operations.length).toBe(operationsOf(source).length);
      for (const op of operations) expect(op['x-codeSamples'], String(op.operationId)).toHaveLength(3);
    }
  });

  it('writes the server-only module that maps each spec id to its rendered spec', () => {
    const paths = preparedPaths(siteDir);
    const load = createRequire(paths.serverSpecsModule);
    const specs = load(paths.serverSpecsModule) as Record<string, Obj>;
    expect(Object.keys(specs).sort()).toEqual(apiSpecs.map((spec) => spec.id).sort());
    for (const spec of apiSpecs) {
      expect(specs[spec.id]).toEqual(JSON.parse(fs.readFileSync(paths.renderedJson(spec.id), 'utf8')));
    }
  });

  it('keeps the downloads hand-written: YAML as in openapi/, JSON of the same document, no code samples', () => {
    const {staticDir} = preparedPaths(siteDir);
    for (const spec of apiSpecs) {
      const source = fs.readFileSync(path.join(root, 'openapi', `${spec.id}.yaml`), 'utf8');
      expect(fs.readFileSync(path.join(staticDir, specDownloadUrl(spec.id, 'yaml')), 'utf8')).toBe(source);
      const json = fs.readFileSync(path.join(staticDir, specDownloadUrl(spec.id, 'json')), 'utf8');
      expect(JSON.parse(json)).toEqual(parse(source));
      expect(json).not.toContain('x-codeSamples');
    }
  });

  it('runs once per state of openapi/, and after a spec changes prepares that spec again, with a new version (npm start)', async () => {
    const first = await prepareOpenApi(siteDir);
    expect(prepareOpenApi(siteDir)).toBe(prepareOpenApi(siteDir));
    expect(Object.keys(first).sort()).toEqual(apiSpecs.map((spec) => spec.id).sort());
    // Each API gives the site search its operations (src/plugins/site-search gathers them).
    for (const spec of apiSpecs) {
      expect(
        first[spec.id]!.searchDocuments.some((record) => record.kind === 'operation'),
        spec.id,
      ).toBe(true);
    }
    const specId = 'dmss-document-generation-service';
    const file = path.join(siteDir, 'openapi', `${specId}.yaml`);
    const source = fs.readFileSync(file, 'utf8');
    const doc = parse(source) as {info: {title: string}};
    // Each spec's files dated in the past: the specs the edit leaves alone are not prepared again (npm start).
    const past = new Date('2020-01-01T00:00:00Z');
    const renderedFile = (id: string) => preparedPaths(siteDir).renderedJson(id);
    for (const spec of apiSpecs) fs.utimesSync(renderedFile(spec.id), past, past);
    fs.writeFileSync(file, source.replace(`title: ${doc.info.title}`, `title: ${doc.info.title} (edited)`));
    const second = await prepareOpenApi(siteDir);
    for (const spec of apiSpecs) {
      expect(fs.statSync(renderedFile(spec.id)).mtimeMs === past.getTime(), spec.id).toBe(spec.id !== specId);
    }
    expect(second[specId]!.version).not.toBe(first[specId]!.version);
    expect(second[specId]!.title).toBe(`${doc.info.title} (edited)`);
    expect(second['dmss-archive-service']).toEqual(first['dmss-archive-service']);
    const rendered = JSON.parse(fs.readFileSync(preparedPaths(siteDir).renderedJson(specId), 'utf8')) as Obj;
    expect((rendered.info as Obj).title).toBe(`${doc.info.title} (edited)`);
    fs.writeFileSync(file, source);
    expect((await prepareOpenApi(siteDir))[specId]).toEqual(first[specId]);
  }, 120_000);
});
