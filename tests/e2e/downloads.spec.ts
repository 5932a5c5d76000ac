/** Downloads and machine-readable files: OpenAPI YAML/JSON and Postman per spec, llms.txt, sitemap. */
import fs from 'node:fs';
import path from 'node:path';
import {parse} from 'yaml';
import {apiDownloads, apiSpecs} from '../../src/config/apiSpecs';
import {allDocIds} from '../../src/config/docs';
import {expect, hydrated, test} from './fixtures';
import {allPaths} from './routes';

const root = path.resolve(__dirname, '../..');
const HTTP_METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'];

function operationCount(specId: string): number {
  const doc = parse(fs.readFileSync(path.join(root, 'openapi', `${specId}.yaml`), 'utf8')) as {
    paths: Record<string, object>;
  };
  return Object.values(doc.paths).flatMap((item) => Object.keys(item).filter((k) => HTTP_METHODS.includes(k))).length;
}

interface PostmanItem {
  item?: PostmanItem[];
  request?: unknown;
}
const countRequests = (items: PostmanItem[]): number =>
  items.reduce((sum, item) => sum + (item.item ? countRequests(item.item) : item.request ? 1 : 0), 0);

for (const spec of apiSpecs) {
  test(`downloads of ${spec.id} are served and parse`, async ({request}) => {
    const source = parse(fs.readFileSync(path.join(root, 'openapi', `${spec.id}.yaml`), 'utf8')) as unknown;
    const yaml = await request.get(`/openapi/${spec.id}.yaml`);
    expect(yaml.status()).toBe(200);
    expect(parse(await yaml.text())).toEqual(source);
    const json = await request.get(`/openapi/${spec.id}.json`);
    expect(json.status()).toBe(200);
    expect(await json.json()).toEqual(source);
    const postman = await request.get(`/openapi/${spec.id}.postman.json`);
    expect(postman.status()).toBe(200);
    const collection = (await postman.json()) as {info: {name: string}; item: PostmanItem[]};
    expect(collection.info.name).toMatch(/\S/);
    expect(countRequests(collection.item)).toBe(operationCount(spec.id));
  });
}

test('each API page links to its three downloads', async ({page}) => {
  for (const spec of apiSpecs.slice(0, 2)) {
    await page.goto(`/api/${spec.id}`);
    await hydrated(page);
    const bar = page.getByRole('navigation', {name: new RegExp(`Downloads of the ${spec.label}`)});
    for (const file of apiDownloads(spec.id)) {
      await expect(bar.getByRole('link', {name: file.label})).toHaveAttribute('href', file.href);
    }
  }
});

test('the home page lists the API downloads', async ({page}) => {
  await page.goto('/');
  await hydrated(page);
  const section = page.getByRole('region', {name: 'API downloads'});
  for (const spec of apiSpecs) {
    await expect(section.locator(`a[href="/openapi/${spec.id}.yaml"]`)).toHaveCount(1);
    await expect(section.locator(`a[href="/openapi/${spec.id}.postman.json"]`)).toHaveCount(1);
  }
});

test('llms.txt and llms-full.txt name every doc and every API page', async ({request}) => {
  for (const file of ['/llms.txt', '/llms-full.txt']) {
    const response = await request.get(file);
    expect(response.status(), file).toBe(200);
    const text = await response.text();
    for (const id of allDocIds) {
      const title = id.replace(/_/g, ' ');
      expect(
        [text.includes(id), text.includes(title), text.includes(encodeURIComponent(id))],
        `${file}: ${id}`,
      ).toContain(true);
    }
    for (const spec of apiSpecs) expect(text, `${file}: ${spec.id}`).toContain(`/api/${spec.id}`);
  }
});

test('the sitemap lists every route of the spec, correctly percent-encoded', async ({request}) => {
  const xml = await (await request.get('/sitemap.xml')).text();
  const locs = [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => new URL(m[1]!).pathname);
  for (const loc of locs) {
    expect(loc, 'no raw spaces').not.toMatch(/ /);
    expect(loc, 'no double encoding').not.toMatch(/%25/);
  }
  for (const route of allPaths.filter((p) => p !== '/docs')) {
    expect(locs, `sitemap has ${route}`).toContain(route);
  }
});
