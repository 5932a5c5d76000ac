/**
 * Build-time preparation of the OpenAPI files, shared by the eight API
 * pages and run once per build: the quality gate, then, for each spec of the
 * plugin's `specs` option, each output from its own module, under generated/
 * (ignored by git; where each goes: ./outputs.ts):
 * - the reference Redoc renders, its tag pages and the server build's module
 *   of them (./rendered.ts);
 * - the Try it console's request models (src/lib/openapi/requestModel.ts);
 * - the downloads: YAML, JSON and Postman (./downloads.ts);
 * - the search records of its operations and schemas, handed to the site
 *   search in the plugin's content (src/lib/search/documents.ts).
 * Under `npm start` an edit prepares again only the spec it changed: each
 * spec's result is kept for its inputs (src/lib/buildCache.ts), and so is the
 * gate's outcome for each file.
 * The Markdown twins are the markdown-twins plugin's.
 */
import fs from 'node:fs';
import path from 'node:path';
import {parse} from 'yaml';
import {apiSpecs, specSource, type ApiSpec} from '../../config/apiSpecs';
import {apiRequestModel} from '../../lib/openapi/requestModel';
import {apiSearchDocuments, type SearchDocument} from '../../lib/search/documents';
import {withTrailingSlashes} from '../../lib/openapi/trailingSlash';
import {assertGate} from '../../lib/openapi-gate/gate';
import {HISTORY_DIR, readHistory} from '../../lib/api-changes/store';
import {writePostmanDownload, writeSpecDownloads} from './downloads';
import {preparedPaths, step, type PreparedPaths, type PreparedTagPage} from './outputs';
import {contentHash, KeptWhileUnchanged} from '../../lib/buildCache';
import {renderReference, serverSpecsSource} from './rendered';

/** What the pages need of each prepared spec, by spec id. */
export type PreparedSpecs = Readonly<
  Record<
    string,
    {
      /** A hash of the rendered JSON, appended to its URL so that an edit is fetched anew. */
      version: string;
      /** info.title, the page's title. */
      title: string;
      /** Its operations and schemas, for the site search (src/plugins/site-search gathers them). */
      searchDocuments: SearchDocument[];
      /** A reference of more than SPLIT_OPERATIONS operations: its tag pages, the overview being /api/<id>. */
      tagPages?: PreparedTagPage[];
      /** Each tag with a page, by name and as Redoc's anchor writes it, to `<route>#tag/<anchor>` (tagPageRedirect). */
      tagRoutes?: Record<string, string>;
    }
  >
>;

/** What the pages need of one prepared spec (see PreparedSpecs). */
type PreparedSpec = PreparedSpecs[string];

/**
 * Each spec's preparation, kept for its inputs: under `npm start`, an edit of one spec prepares that spec again,
 * and the others keep what they made (their files under generated/ are still there).
 */
const keptSpecs = new KeptWhileUnchanged<PreparedSpec>();

/** The inputs of one spec's preparation: its entry in the plugin's options, its file and its change history. */
function specInputs(siteDir: string, spec: ApiSpec, source: string): string {
  const history = path.join(siteDir, HISTORY_DIR, `${spec.id}.yaml`);
  return contentHash(
    [JSON.stringify(spec), source, fs.existsSync(history) ? fs.readFileSync(history, 'utf8') : ''].join('\0'),
  );
}

/** Prepares one spec: its rendered reference and tag pages, its Try it models, its downloads, its search records. */
async function prepareSpec(
  siteDir: string,
  spec: ApiSpec,
  source: string,
  paths: PreparedPaths,
): Promise<PreparedSpec> {
  const doc = parse(source) as Record<string, unknown>;
  // Redoc, the Postman collection, the search and the Try it console use the paths the services answer on.
  const served = withTrailingSlashes(doc);
  // The reference Redoc renders (./rendered.ts): code samples, change badges, tag pages.
  const {
    version,
    tagPages: split,
    tagRoutes,
  } = await renderReference(spec, served, readHistory(siteDir, spec.id), paths);
  // The Try it console's request models: what the samples are made from, fetched on the first Try it.
  const model = await step(spec, 'Try it request models', () => apiRequestModel(served, spec.id));
  fs.writeFileSync(paths.tryItModel(spec.id), JSON.stringify(model));
  writeSpecDownloads(paths.staticDir, spec.id, source, doc);
  await step(spec, 'Postman collection', () => writePostmanDownload(paths.staticDir, spec.id, served));
  const title = (doc.info as {title?: unknown} | undefined)?.title;
  if (typeof title !== 'string') throw new Error(`${specSource(spec)} has no info.title`);
  return {
    version,
    title,
    searchDocuments: apiSearchDocuments({
      id: spec.id,
      label: spec.label,
      doc: served,
      ...(tagRoutes ? {tagAnchors: tagRoutes} : {}),
    }),
    ...(split && tagRoutes ? {tagPages: split, tagRoutes} : {}),
  };
}

async function prepare(siteDir: string, specs: readonly ApiSpec[]): Promise<PreparedSpecs> {
  await assertGate({
    dir: path.join(siteDir, 'openapi'),
    redoclyConfig: path.join(siteDir, 'redocly.yaml'),
    external: specs.filter((spec) => spec.external).map((spec) => path.join(siteDir, specSource(spec))),
  });
  const paths = preparedPaths(siteDir);
  fs.mkdirSync(path.dirname(paths.renderedSpec('x')), {recursive: true});
  fs.mkdirSync(path.dirname(paths.renderedJson('x')), {recursive: true});
  fs.mkdirSync(path.dirname(paths.tryItModel('x')), {recursive: true});
  const prepared: PreparedSpec[] = [];
  for (const spec of specs) {
    const source = fs.readFileSync(path.join(siteDir, specSource(spec)), 'utf8');
    const inputs = specInputs(siteDir, spec, source);
    // Named by the site's folder too: a process that prepares two sites (the unit tests) keeps each one's.
    const name = path.join(siteDir, spec.id);
    const kept = keptSpecs.get(name, inputs);
    // Kept only while its files are there (a `docusaurus clear` or a removed generated/ makes them anew).
    if (kept && fs.existsSync(paths.renderedJson(spec.id)) && fs.existsSync(paths.tryItModel(spec.id))) {
      prepared.push(kept);
    } else {
      prepared.push(keptSpecs.set(name, inputs, await prepareSpec(siteDir, spec, source, paths)));
    }
  }
  fs.writeFileSync(
    paths.serverSpecsModule,
    serverSpecsSource(paths, [
      ...specs.map((spec) => spec.id),
      ...prepared.flatMap((spec) => spec.tagPages ?? []).map((page) => page.key),
    ]),
  );
  return Object.fromEntries(specs.map((spec, i) => [spec.id, prepared[i]!]));
}

/** The state of the inputs: every file under openapi/, every spec built, and the lint configuration, by content. */
function inputsSignature(siteDir: string, specs: readonly ApiSpec[]): string {
  const files = [
    ...fs
      .readdirSync(path.join(siteDir, 'openapi'))
      .sort()
      .map((file) => path.join(siteDir, 'openapi', file)),
    ...specs.map((spec) => path.join(siteDir, specSource(spec))),
    // The change history gives the reference its "New in" and "Changed in" badges.
    ...specs.map((spec) => path.join(siteDir, HISTORY_DIR, `${spec.id}.yaml`)),
    path.join(siteDir, 'redocly.yaml'),
    path.join(siteDir, '.redocly.lint-ignore.yaml'),
  ];
  return contentHash(
    files.map((file) => `${file}\0${fs.existsSync(file) ? fs.readFileSync(file, 'utf8') : ''}`).join('\0'),
  );
}

let prepared: {signature: string; result: Promise<PreparedSpecs>} | undefined;

/**
 * Runs the preparation once per state of the inputs, however many API pages ask: once per build,
 * and again under `npm start` after a file under openapi/ changes.
 */
export function prepareOpenApi(siteDir: string, specs: readonly ApiSpec[] = apiSpecs): Promise<PreparedSpecs> {
  const signature = `${specs.map((spec) => spec.id).join()}\0${inputsSignature(siteDir, specs)}`;
  if (prepared?.signature !== signature) prepared = {signature, result: prepare(siteDir, specs)};
  return prepared.result;
}
