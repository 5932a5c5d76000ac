/**
 * An external spec (`external: true`: a partner's or a public API) builds whatever valid shape it has: the
 * preparation of every API page (src/plugins/api-reference/prepare.ts) runs on tests/fixtures/openapi/external/,
 * a valid OpenAPI 3.1 file with webhooks, callbacks, placeholder URLs, oneOf/anyOf/allOf and a recursive schema,
 * in a temporary site beside the platform's specs. The quality gate checks it for validity only.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {afterAll, beforeAll, describe, expect, it} from 'vitest';
import {apiSpecs, type ApiSpec} from '../../src/config/apiSpecs';
import {prepareOpenApi} from '../../src/plugins/api-reference/prepare';
import {preparedPaths} from '../../src/plugins/api-reference/outputs';
import {runGate} from '../../src/lib/openapi-gate/gate';
import {renderStaticReference} from '../../src/plugins/api-reference/theme/Redoc/renderStatic';
import {operationMarkdownUrl, specDownloadUrl, tryItModelUrl} from '../../src/lib/openapi/urls';
import {rewriteFolder} from '../../src/lib/generatedFolder';
import {writeApiTwins} from '../../src/plugins/markdown-twins';
import type {Spec} from '../../src/plugins/api-reference/theme/Redoc/types';

const root = path.resolve(__dirname, '../..');
const fixture = path.join(root, 'tests/fixtures/openapi/external/real-world.yaml');
const external: ApiSpec = {
  id: 'real-world',
  label: 'Real World',
  summary: 'A public API with the quirks of real specs.',
  external: true,
  source: 'external/real-world.yaml',
};
let siteDir: string;

type Obj = Record<string, unknown>;

beforeAll(() => {
  siteDir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-external-'));
  fs.cpSync(path.join(root, 'openapi'), path.join(siteDir, 'openapi'), {recursive: true});
  fs.mkdirSync(path.join(siteDir, 'external'));
  fs.copyFileSync(fixture, path.join(siteDir, external.source!));
  for (const file of ['redocly.yaml', '.redocly.lint-ignore.yaml']) {
    fs.copyFileSync(path.join(root, file), path.join(siteDir, file));
  }
});

afterAll(() => fs.rmSync(siteDir, {recursive: true, force: true}));

describe('an external spec', () => {
  it('is prepared like a platform spec: samples, Try it model, twins, downloads and the search index', async () => {
    const prepared = await prepareOpenApi(siteDir, [...apiSpecs, external]);
    expect(prepared[external.id]?.title).toBe('Real World API');
    const paths = preparedPaths(siteDir);
    const rendered = JSON.parse(fs.readFileSync(paths.renderedJson(external.id), 'utf8')) as {
      paths: Record<string, Obj>;
    };
    const samples = (pathName: string, method: string) =>
      ((rendered.paths[pathName]![method] as Obj)['x-codeSamples'] as {label: string; source: string}[]).map(
        (sample) => sample.source,
      );
    // Every operation has its three samples.
    for (const item of Object.values(rendered.paths)) {
      for (const [method, operation] of Object.entries(item)) {
        if (method === 'parameters') continue;
        expect((operation as Obj)['x-codeSamples'], method).toHaveLength(3);
      }
    }
    // The placeholders stay as the spec wrote them, quoted for the shell.
    const [chatCurl, chatFetch] = samples('/v1/chat', 'post');
    expect(chatCurl).toContain("--url 'https://{your-agent-url}/v1/chat'");
    expect(chatFetch).toContain("const url = 'https://{your-agent-url}/v1/chat';");
    const [uploadCurl] = samples('/<upload_url>', 'put');
    expect(uploadCurl).toContain("--url 'https://<upload_url>'");
    // The server's variables take their defaults.
    expect(samples('/nodes/{node_id}', 'get')[0]).toContain('https://eu.api.example.invalid/v2/nodes/');

    const model = JSON.parse(fs.readFileSync(paths.tryItModel(external.id), 'utf8')) as Obj;
    expect(Object.keys(model.operations as Obj).sort()).toEqual(
      ['agentChat', 'getNode', 'health', 'putNode', 'subscribe', 'uploadToPresignedUrl'].sort(),
    );
    expect(paths.tryItModel(external.id).endsWith(tryItModelUrl(external.id))).toBe(true);
    // The twins, written by the markdown-twins plugin from the same list of specs.
    const twinsDir = path.join(siteDir, 'twins');
    await rewriteFolder(twinsDir, (put) =>
      writeApiTwins(put, [external], {siteDir, siteUrl: 'https://portal.example'}),
    );
    for (const id of ['getNode', 'subscribe', 'uploadToPresignedUrl', 'health']) {
      const twin = path.join(twinsDir, decodeURIComponent(operationMarkdownUrl(external.id, id)));
      expect(fs.readFileSync(twin, 'utf8'), id).toMatch(/^# /);
    }
    for (const format of ['yaml', 'json', 'postman'] as const) {
      expect(fs.existsSync(path.join(paths.staticDir, specDownloadUrl(external.id, format))), format).toBe(true);
    }
  }, 180_000);

  it('renders in the static reference, webhooks and callbacks included', () => {
    const rendered = JSON.parse(fs.readFileSync(preparedPaths(siteDir).renderedJson(external.id), 'utf8')) as Spec;
    const {html} = renderStaticReference(rendered, '/openapi/real-world.yaml', {});
    const texts = [
      'Read a node and its children',
      'A node was deleted',
      '{$request.body#/callbackUrl}',
      'Health check',
    ];
    for (const text of texts) expect(html.includes(text), text).toBe(true);
  });

  it('that cannot be made into a sample fails the build in one line naming the file, operation and field', async () => {
    const source = fs
      .readFileSync(fixture, 'utf8')
      .replace('https://{region}.api.example.invalid/{base}', 'https://[::1/{base}');
    fs.writeFileSync(path.join(siteDir, external.source!), source);
    try {
      const failure = await prepareOpenApi(siteDir, [external]).then(
        () => null,
        (error: unknown) => error as Error,
      );
      expect(failure?.message).toBe(
        'external/real-world.yaml: code samples: the code samples of getNode (GET /nodes/{node_id}) could not be made: ' +
          'request.url ("https://[::1/v2/nodes/%3Cnode_id%3E") must match format "uri". Change the operation\'s ' +
          'servers, path, parameters or examples so that together they make a valid HTTP request.',
      );
      expect(failure?.stack).not.toContain('\n');
    } finally {
      fs.copyFileSync(fixture, path.join(siteDir, external.source!));
    }
  }, 120_000);

  it('is checked for validity, not against the house rules', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-external-gate-'));
    try {
      const redoclyConfig = path.join(root, 'redocly.yaml');
      // As a platform spec the same file breaks the house rules (OpenAPI 3.0, a description, examples, tags).
      fs.copyFileSync(fixture, path.join(dir, 'real-world.yaml'));
      const asPlatform = await runGate({dir, redoclyConfig});
      expect(asPlatform.map((p) => p.message)).toEqual(
        expect.arrayContaining([
          'must be an OpenAPI 3.0.x document (openapi: 3.0.3)',
          'info needs a description of the service',
          'operation has no tag',
        ]),
      );
      expect(await runGate({dir, redoclyConfig, external: [path.join(dir, 'real-world.yaml')]})).toEqual([]);
      // An invalid external spec fails, with the file and the JSON pointer.
      const broken = fs
        .readFileSync(fixture, 'utf8')
        .replace("$ref: '#/components/schemas/Leaf'", "$ref: '#/components/schemas/Nope'");
      fs.writeFileSync(path.join(dir, 'real-world.yaml'), broken);
      const problems = await runGate({dir, redoclyConfig, external: [path.join(dir, 'real-world.yaml')]});
      expect(problems).toHaveLength(1);
      expect(problems[0]).toMatchObject({
        pointer: expect.stringContaining('#/paths/'),
        message: expect.stringContaining('no-unresolved-refs'),
      });
      expect(problems[0]!.file.endsWith('real-world.yaml')).toBe(true);
    } finally {
      fs.rmSync(dir, {recursive: true, force: true});
    }
  }, 120_000);
});
