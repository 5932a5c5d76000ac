/**
 * Postman collections made from the eight specs: one request per operation,
 * in folders by tag, each with a name and a URL; a broken document is refused.
 */
import fs from 'node:fs';
import path from 'node:path';
import {describe, expect, it} from 'vitest';
import {parse} from 'yaml';
import {apiSpecs} from '../../src/config/apiSpecs';
import {collectionRequests, toPostmanCollection, type PostmanUrl} from '../../src/plugins/api-reference/postman';

const root = path.resolve(__dirname, '../..');
const HTTP_METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'];

interface OpenApiDoc {
  info: {title: string};
  paths: Record<string, Record<string, {tags?: string[]}>>;
}

const readSpec = (id: string) => parse(fs.readFileSync(path.join(root, 'openapi', `${id}.yaml`), 'utf8')) as OpenApiDoc;

const operations = (doc: OpenApiDoc) =>
  Object.values(doc.paths).flatMap((item) =>
    Object.entries(item)
      .filter(([method]) => HTTP_METHODS.includes(method))
      .map(([method, op]) => ({method: method.toUpperCase(), tags: op.tags ?? []})),
  );

const urlText = (url: string | PostmanUrl) =>
  typeof url === 'string' ? url : (url.raw ?? [...(url.host ?? []), ...(url.path ?? [])].join('/'));

describe('Postman collections', () => {
  it.each(apiSpecs.map((s) => s.id))('%s: one named request with a URL per operation, folders by tag', async (id) => {
    const doc = readSpec(id);
    const ops = operations(doc);
    const collection = await toPostmanCollection(doc);

    expect(collection.info.name).toBe(doc.info.title);
    const requests = collectionRequests(collection.item);
    expect(requests).toHaveLength(ops.length);
    for (const request of requests) {
      expect(request.name.trim()).not.toBe('');
      expect(urlText(request.request!.url).trim()).not.toBe('');
    }
    expect(requests.map((r) => r.request!.method).sort()).toEqual(ops.map((o) => o.method).sort());

    // Values come from the spec's examples: no schema-faker placeholders such as <string> or <Error: ...>.
    expect(JSON.stringify(collection)).not.toMatch(/<Error|<(string|integer|long|number|boolean|date-time)>/);

    const tags = new Set(ops.flatMap((o) => o.tags));
    for (const folder of collection.item) {
      expect(folder.item, `top-level "${folder.name}" is a folder`).toBeDefined();
      expect(tags).toContain(folder.name);
    }
  });

  it.each(apiSpecs.map((s) => s.id))(
    '%s: the same spec gives the same collection at every build, with ids unique within it',
    async (id) => {
      const doc = readSpec(id);
      const first = JSON.stringify(await toPostmanCollection(doc));
      expect(JSON.stringify(await toPostmanCollection(doc))).toBe(first);
      const ids = [...first.matchAll(/"(?:id|_postman_id)":"([0-9a-f-]{36})"/g)].map((match) => match[1]);
      expect(ids.length).toBeGreaterThan(0);
      expect(new Set(ids).size).toBe(ids.length);
    },
  );

  it('takes path parameter values from the examples', async () => {
    const collection = await toPostmanCollection(readSpec('dmss-archive-service'));
    const values = collectionRequests(collection.item).flatMap((r) =>
      typeof r.request!.url === 'string' ? [] : (r.request!.url.variable ?? []),
    );
    expect(values.length).toBeGreaterThan(0);
    expect(values.find((v) => v.key === 'id')?.value).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('does not change the document it is given', async () => {
    const doc = readSpec('dmss-document-generation-service');
    const before = JSON.stringify(doc);
    await toPostmanCollection(doc);
    expect(JSON.stringify(doc)).toBe(before);
  });

  it('rejects a broken document with an error', async () => {
    await expect(toPostmanCollection({})).rejects.toThrow(/conversion failed/);
    await expect(toPostmanCollection({openapi: '3.0.3', paths: {}})).rejects.toThrow(/Info Object/);
    await expect(toPostmanCollection({openapi: '3.0.3', info: {title: 'x', version: '1'}})).rejects.toThrow(
      /Paths Object/,
    );
  });
});
