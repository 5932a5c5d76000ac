import fs from 'node:fs';
import path from 'node:path';
import {describe, expect, it} from 'vitest';
import {parse} from 'yaml';
import {apiSpecs} from '../../src/config/apiSpecs';
import {buildApiSearchIndex, searchApi} from '../../src/lib/openapi/searchIndex';

const root = path.resolve(__dirname, '../..');
const index = buildApiSearchIndex(
  apiSpecs.map((spec) => ({
    id: spec.id,
    label: spec.label,
    doc: parse(fs.readFileSync(path.join(root, 'openapi', `${spec.id}.yaml`), 'utf8')) as Record<string, unknown>,
  })),
);

describe('API search index', () => {
  it('holds every operation of the eight specs, each with its anchor fields', () => {
    const total = apiSpecs
      .map((spec) => parse(fs.readFileSync(path.join(root, 'openapi', `${spec.id}.yaml`), 'utf8')) as {paths: object})
      .reduce(
        (sum, doc) =>
          sum +
          Object.values(doc.paths as Record<string, object>).flatMap((item) =>
            Object.keys(item).filter((k) =>
              ['get', 'put', 'post', 'delete', 'patch', 'head', 'options', 'trace'].includes(k),
            ),
          ).length,
        0,
      );
    expect(index.operations).toHaveLength(total);
    for (const op of index.operations) {
      expect(op.operationId).toMatch(/\S/);
      expect(op.tag).toMatch(/\S/);
    }
  });

  it('stays small: under 100 KB of JSON', () => {
    expect(JSON.stringify(index).length).toBeLessThan(100_000);
  });

  it('finds an operation by its id and links to its Redoc anchor', () => {
    const [hit] = searchApi(index, 'generateHashForPDFExistingEndpoint');
    expect(hit).toMatchObject({
      kind: 'operation',
      href: '/api/dmss-container-and-signature-services#tag/id-card-sign-controller/operation/generateHashForPDFExistingEndpoint',
      service: 'Container and Signature Service',
    });
  });

  it('finds operations by a path fragment and by words of the summary', () => {
    const byPath = searchApi(index, '/api/container/compose');
    expect(byPath.length).toBeGreaterThan(0);
    for (const hit of byPath) expect(hit.op.path).toContain('/api/container/compose');
    const bySummary = searchApi(index, 'migration status');
    expect(bySummary.some((hit) => hit.op.operationId === 'fallbackGetMigrationStatus')).toBe(true);
  });

  it('finds schemas and points them at an operation that uses them', () => {
    const hit = searchApi(index, 'PDFSigningSigner').find((h) => h.kind === 'schema');
    expect(hit).toBeDefined();
    expect(hit!.href).toMatch(/^\/api\/dmss-container-and-signature-services#tag\/[^/]+\/operation\/\S+$/);
  });

  it('returns nothing for an empty query or a word that matches nothing', () => {
    expect(searchApi(index, '   ')).toEqual([]);
    expect(searchApi(index, 'zzzz-no-such-thing')).toEqual([]);
  });
});
