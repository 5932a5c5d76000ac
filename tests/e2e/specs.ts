/** The operations of a bundled OpenAPI file, read for the end-to-end tests of the API pages. */
import fs from 'node:fs';
import path from 'node:path';
import {parse} from 'yaml';
import {asArray, operationsOf} from '../../src/lib/openapi/document';

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
  return operationsOf(parse(fs.readFileSync(file, 'utf8'))).map(({operationId, method, path: opPath, operation}) => ({
    operationId: operationId ?? '',
    method,
    path: opPath,
    summary: typeof operation.summary === 'string' ? operation.summary : '',
    tags: asArray(operation.tags).map(String),
  }));
}
