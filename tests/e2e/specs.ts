/** The operations of a bundled OpenAPI file, read for the end-to-end tests of the API pages. */
import fs from 'node:fs';
import path from 'node:path';
import {parse} from 'yaml';

const HTTP_METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'];

export interface SpecOperation {
  operationId: string;
  method: string;
  path: string;
  summary: string;
  tags: string[];
}

/** Every operation of openapi/<specId>.yaml, in file order. */
export function specOperations(specId: string): SpecOperation[] {
  const file = path.resolve(__dirname, '../../openapi', `${specId}.yaml`);
  const doc = parse(fs.readFileSync(file, 'utf8')) as {
    paths: Record<string, Record<string, {operationId?: string; summary?: string; tags?: string[]}>>;
  };
  return Object.entries(doc.paths).flatMap(([opPath, item]) =>
    Object.entries(item)
      .filter(([method]) => HTTP_METHODS.includes(method))
      .map(([method, op]) => ({
        operationId: op.operationId ?? '',
        method,
        path: opPath,
        summary: op.summary ?? '',
        tags: op.tags ?? [],
      })),
  );
}
