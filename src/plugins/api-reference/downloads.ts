/**
 * The downloads of an API page: the spec as written (YAML), the same as JSON, and a Postman collection of its
 * operations, under generated/static/ (copied to the site root). The YAML and JSON are the hand-written file;
 * the Postman collection is made from the spec with the paths the services answer on.
 */
import fs from 'node:fs';
import path from 'node:path';
import {specDownloadUrl} from '../../lib/openapi/urls';
import {cachedResult, codeVersion} from '../../lib/buildCache';
import {toPostmanCollection} from './postman';

/** Writes the YAML (`source`, as written) and its JSON (`doc`, parsed from it) of spec `id` into `staticDir`. */
export function writeSpecDownloads(staticDir: string, id: string, source: string, doc: unknown): void {
  fs.writeFileSync(path.join(staticDir, specDownloadUrl(id, 'yaml')), source);
  fs.writeFileSync(path.join(staticDir, specDownloadUrl(id, 'json')), `${JSON.stringify(doc, null, 2)}\n`);
}

/** The hash of the code that makes a Postman collection: once per build, not once per spec. */
let postmanCode: string | undefined;

/** Writes the Postman collection of spec `id`, made from `served` (the spec with the paths the services answer on). */
export async function writePostmanDownload(staticDir: string, id: string, served: object): Promise<void> {
  // Kept between builds: the converter takes seconds on a large spec (the scale build's), and its result
  // depends only on the spec and on postman.ts.
  postmanCode ??= codeVersion(['src/plugins/api-reference/postman.ts']);
  const collection = await cachedResult({step: 'postman', code: postmanCode, inputs: served}, () =>
    toPostmanCollection(served),
  );
  fs.writeFileSync(path.join(staticDir, specDownloadUrl(id, 'postman')), `${JSON.stringify(collection, null, 2)}\n`);
}
