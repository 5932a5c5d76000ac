/**
 * Build-time preparation of the OpenAPI files, shared by the eight API
 * pages and run once per build: the quality gate, then the files the pages
 * and the downloads are made from, under generated/ (ignored by git).
 */
import {createHash} from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import {parse, stringify} from 'yaml';
import {apiSpecs} from '../../config/apiSpecs';
import {assertGate} from '../openapi-gate/gate';
import {withCodeSamples} from './codeSamples';
import {tryItModelUrl} from './request';
import {apiRequestModel} from './requestModel';
import {toPostmanCollection} from './postman';
import {buildApiSearchIndex} from './searchIndex';
import {withTrailingSlashes} from './trailingSlash';

export interface PreparedPaths {
  /** Spec rendered by Redoc: the hand-written file (plus generated additions). */
  renderedSpec: (id: string) => string;
  /** Folder copied to the site root as static files. */
  staticDir: string;
  /** The rendered spec as JSON, served at renderedSpecUrl(id) for the interactive reference. */
  renderedJson: (id: string) => string;
  /** Module mapping each spec id to its rendered JSON: the server build's only source of the specs. */
  serverSpecsModule: string;
  /** The request models of a spec's operations, served at tryItModelUrl(id) for the Try it console. */
  tryItModel: (id: string) => string;
}

export function preparedPaths(siteDir: string): PreparedPaths {
  const generated = path.join(siteDir, 'generated');
  return {
    renderedSpec: (id) => path.join(generated, 'openapi', `${id}.yaml`),
    staticDir: path.join(generated, 'static'),
    renderedJson: (id) => path.join(generated, 'static', 'openapi', 'rendered', `${id}.json`),
    serverSpecsModule: path.join(generated, 'openapi', 'server-specs.js'),
    tryItModel: (id) => path.join(generated, 'static', tryItModelUrl(id)),
  };
}

/** URL of the downloadable copy of a spec, in the given format. */
export const downloadUrl = (id: string, format: 'yaml' | 'json'): string => `/openapi/${id}.${format}`;

/**
 * URL of the spec as Redoc renders it (with the generated code samples), as
 * JSON. The browser loads it only when the interactive reference starts, so
 * no spec is part of any page's JavaScript.
 */
export const renderedSpecUrl = (id: string): string => `/openapi/rendered/${id}.json`;

/** URL of the operation and schema index the navbar search loads. */
export const API_SEARCH_INDEX_URL = '/openapi/search-index.json';

/** Version of each rendered spec: a hash of its JSON, appended to its URL so that an edit is fetched anew. */
export type SpecVersions = Readonly<Record<string, string>>;

async function prepare(siteDir: string): Promise<SpecVersions> {
  const sourceDir = path.join(siteDir, 'openapi');
  assertGate({dir: sourceDir, redoclyConfig: path.join(siteDir, 'redocly.yaml')});
  const paths = preparedPaths(siteDir);
  const downloads = path.join(paths.staticDir, 'openapi');
  fs.mkdirSync(path.dirname(paths.renderedSpec('x')), {recursive: true});
  fs.mkdirSync(path.dirname(paths.renderedJson('x')), {recursive: true});
  fs.mkdirSync(path.dirname(paths.tryItModel('x')), {recursive: true});
  const docs = [];
  for (const spec of apiSpecs) {
    const source = fs.readFileSync(path.join(sourceDir, `${spec.id}.yaml`), 'utf8');
    const doc = parse(source) as Record<string, unknown>;
    // Redoc, the Postman collection, the search and the Try it console use the paths the services answer on.
    const served = withTrailingSlashes(doc);
    // Redoc renders a copy with generated curl, fetch and requests samples; the download stays hand-written.
    const rendered = await withCodeSamples(served);
    fs.writeFileSync(paths.renderedSpec(spec.id), stringify(rendered, {lineWidth: 0}));
    const renderedJson = JSON.stringify(rendered);
    fs.writeFileSync(paths.renderedJson(spec.id), renderedJson);
    // The Try it console's request models: what the samples are made from, fetched on the first Try it.
    fs.writeFileSync(paths.tryItModel(spec.id), JSON.stringify(await apiRequestModel(served, spec.id)));
    fs.writeFileSync(path.join(downloads, `${spec.id}.yaml`), source);
    fs.writeFileSync(path.join(downloads, `${spec.id}.json`), `${JSON.stringify(doc, null, 2)}\n`);
    docs.push({id: spec.id, label: spec.label, doc: served, version: contentHash(renderedJson)});
  }
  await Promise.all(
    docs.map(async ({id, doc}) => {
      const collection = await toPostmanCollection(doc);
      fs.writeFileSync(path.join(downloads, `${id}.postman.json`), `${JSON.stringify(collection, null, 2)}\n`);
    }),
  );
  fs.writeFileSync(paths.serverSpecsModule, serverSpecsSource(paths));
  fs.writeFileSync(path.join(paths.staticDir, API_SEARCH_INDEX_URL), JSON.stringify(buildApiSearchIndex(docs)));
  return Object.fromEntries(docs.map(({id, version}) => [id, version]));
}

const contentHash = (text: string): string => createHash('sha256').update(text).digest('hex').slice(0, 12);

/** The state of the inputs: every file under openapi/ and the lint configuration, by content. */
function inputsSignature(siteDir: string): string {
  const files = [
    ...fs
      .readdirSync(path.join(siteDir, 'openapi'))
      .sort()
      .map((file) => path.join(siteDir, 'openapi', file)),
    path.join(siteDir, 'redocly.yaml'),
    path.join(siteDir, '.redocly.lint-ignore.yaml'),
  ];
  return contentHash(
    files.map((file) => `${file}\0${fs.existsSync(file) ? fs.readFileSync(file, 'utf8') : ''}`).join('\0'),
  );
}

/** CommonJS module `{[specId]: spec}` that the server build imports as `@portal/server-specs`. */
function serverSpecsSource(paths: PreparedPaths): string {
  const from = path.dirname(paths.serverSpecsModule);
  const entries = apiSpecs.map((spec) => {
    const file = path.relative(from, paths.renderedJson(spec.id)).split(path.sep).join('/');
    return `  ${JSON.stringify(spec.id)}: require(${JSON.stringify(`./${file}`)}),`;
  });
  return `// Generated by src/plugins/api-reference/prepare.ts: the rendered specs, for server-side rendering only.\nmodule.exports = {\n${entries.join('\n')}\n};\n`;
}

let prepared: {signature: string; result: Promise<SpecVersions>} | undefined;

/**
 * Runs the preparation once per state of the inputs, however many API pages ask: once per build,
 * and again under `npm start` after a file under openapi/ changes.
 */
export function prepareOpenApi(siteDir: string): Promise<SpecVersions> {
  const signature = inputsSignature(siteDir);
  if (prepared?.signature !== signature) prepared = {signature, result: prepare(siteDir)};
  return prepared.result;
}
