/**
 * Build-time preparation of the OpenAPI files, shared by the eight API
 * pages and run once per build: the quality gate, then the files the pages
 * and the downloads are made from, under generated/ (ignored by git).
 */
import fs from 'node:fs';
import path from 'node:path';
import {parse} from 'yaml';
import {assertGate} from '../openapi-gate/gate';

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

function prepare(siteDir: string): void {
  const sourceDir = path.join(siteDir, 'openapi');
  assertGate({dir: sourceDir, redoclyConfig: path.join(siteDir, 'redocly.yaml')});
  const paths = preparedPaths(siteDir);
  const downloads = path.join(paths.staticDir, 'openapi');
  fs.mkdirSync(path.dirname(paths.renderedSpec('x')), {recursive: true});
  fs.mkdirSync(downloads, {recursive: true});
  for (const name of fs.readdirSync(sourceDir).filter((n) => n.endsWith('.yaml'))) {
    const id = name.slice(0, -'.yaml'.length);
    const source = fs.readFileSync(path.join(sourceDir, name), 'utf8');
    fs.writeFileSync(paths.renderedSpec(id), source);
    fs.writeFileSync(path.join(downloads, `${id}.yaml`), source);
    fs.writeFileSync(path.join(downloads, `${id}.json`), `${JSON.stringify(parse(source), null, 2)}\n`);
  }
}

let prepared: Promise<void> | undefined;

/** Runs the preparation once per process, however many API pages ask. */
export function prepareOpenApiOnce(siteDir: string): Promise<void> {
  prepared ??= Promise.resolve().then(() => prepare(siteDir));
  return prepared;
}
