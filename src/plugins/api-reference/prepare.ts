/**
 * Build-time preparation of the OpenAPI files, shared by the eight API
 * pages and run once per build: the quality gate, then the files the pages
 * and the downloads are made from, under generated/ (ignored by git).
 */
import fs from 'node:fs';
import path from 'node:path';
import {parse, stringify} from 'yaml';
import {apiSpecs} from '../../config/apiSpecs';
import {assertGate} from '../openapi-gate/gate';
import {withCodeSamples} from './codeSamples';
import {toPostmanCollection} from './postman';
import {buildApiSearchIndex} from './searchIndex';

export interface PreparedPaths {
  /** Spec rendered by Redoc: the hand-written file (plus generated additions). */
  renderedSpec: (id: string) => string;
  /** Folder copied to the site root as static files. */
  staticDir: string;
}

export function preparedPaths(siteDir: string): PreparedPaths {
  const generated = path.join(siteDir, 'generated');
  return {
    renderedSpec: (id) => path.join(generated, 'openapi', `${id}.yaml`),
    staticDir: path.join(generated, 'static'),
  };
}

/** URL of the downloadable copy of a spec, in the given format. */
export const downloadUrl = (id: string, format: 'yaml' | 'json'): string => `/openapi/${id}.${format}`;

/** URL of the operation and schema index the navbar search loads. */
export const API_SEARCH_INDEX_URL = '/openapi/search-index.json';

async function prepare(siteDir: string): Promise<void> {
  const sourceDir = path.join(siteDir, 'openapi');
  assertGate({dir: sourceDir, redoclyConfig: path.join(siteDir, 'redocly.yaml')});
  const paths = preparedPaths(siteDir);
  const downloads = path.join(paths.staticDir, 'openapi');
  fs.mkdirSync(path.dirname(paths.renderedSpec('x')), {recursive: true});
  fs.mkdirSync(downloads, {recursive: true});
  const docs = apiSpecs.map((spec) => {
    const source = fs.readFileSync(path.join(sourceDir, `${spec.id}.yaml`), 'utf8');
    const doc = parse(source) as Record<string, unknown>;
    // Redoc renders a copy with generated curl, fetch and requests samples; the download stays hand-written.
    fs.writeFileSync(paths.renderedSpec(spec.id), stringify(withCodeSamples(doc), {lineWidth: 0}));
    fs.writeFileSync(path.join(downloads, `${spec.id}.yaml`), source);
    fs.writeFileSync(path.join(downloads, `${spec.id}.json`), `${JSON.stringify(doc, null, 2)}\n`);
    return {id: spec.id, label: spec.label, doc};
  });
  await Promise.all(
    docs.map(async ({id, doc}) => {
      const collection = await toPostmanCollection(doc);
      fs.writeFileSync(path.join(downloads, `${id}.postman.json`), `${JSON.stringify(collection, null, 2)}\n`);
    }),
  );
  fs.writeFileSync(path.join(paths.staticDir, API_SEARCH_INDEX_URL), JSON.stringify(buildApiSearchIndex(docs)));
}

let prepared: Promise<void> | undefined;

/** Runs the preparation once per process, however many API pages ask. */
export function prepareOpenApiOnce(siteDir: string): Promise<void> {
  prepared ??= prepare(siteDir);
  return prepared;
}
