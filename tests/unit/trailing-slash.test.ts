import fs from 'node:fs';
import path from 'node:path';
import {parse} from 'yaml';
import {describe, expect, it} from 'vitest';
import {codeSamplesFor} from '../../src/plugins/api-reference/codeSamples';
import {collectionRequests, toPostmanCollection} from '../../src/plugins/api-reference/postman';
import {withTrailingSlashes} from '../../src/lib/openapi/trailingSlash';

const containerSpec = parse(
  fs.readFileSync(path.resolve(__dirname, '../../openapi/dmss-container-and-signature-services.yaml'), 'utf8'),
) as Record<string, unknown> & {paths: Record<string, unknown>};

describe('routes registered with a trailing slash (x-trailing-slash)', () => {
  const served = withTrailingSlashes(containerSpec);

  it('the hand-written file writes them without the slash, for the linter', () => {
    expect(Object.keys(containerSpec.paths)).toContain('/api/timestamping');
    expect(Object.keys(containerSpec.paths).filter((key) => key.endsWith('/'))).toEqual([]);
  });

  it('the served copy puts the slash back, in place, and leaves the source alone', () => {
    const keys = Object.keys(served.paths as object);
    expect(keys).toContain('/api/timestamping/');
    expect(keys).toContain('/api/container/addfiles/');
    expect(keys).not.toContain('/api/timestamping');
    expect(keys.indexOf('/api/timestamping/')).toBe(Object.keys(containerSpec.paths).indexOf('/api/timestamping'));
    expect(Object.keys(containerSpec.paths)).toContain('/api/timestamping');
  });

  it('code samples call the address with the slash', async () => {
    for (const sample of await codeSamplesFor(served, '/api/timestamping/', 'post')) {
      expect(sample.source, sample.label).toMatch(/\/api\/timestamping\/['"\s]/);
    }
  });

  it('the Postman request has the slash (an empty last path segment)', async () => {
    const collection = await toPostmanCollection(served);
    const paths = collectionRequests(collection.item)
      .map((item) => item.request!.url)
      .map((url) => (typeof url === 'string' ? url : (url.path ?? []).join('/')));
    expect(paths).toContain('api/timestamping/');
    expect(paths).toContain('api/container/addfiles/');
    expect(paths).not.toContain('api/timestamping');
  });

  it('refuses a mark that would clash with an existing path', () => {
    const doc = {paths: {'/a': {'x-trailing-slash': true}, '/a/': {}}};
    expect(() => withTrailingSlashes(doc)).toThrow(/\/a\/ exists too/);
  });
});
