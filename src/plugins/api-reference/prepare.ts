/**
 * Build-time preparation of the OpenAPI files, shared by the eight API
 * pages and run once per build: the quality gate, then the files the pages
 * and the downloads are made from, under generated/ (ignored by git).
 */
import {createHash} from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import {parse, stringify} from 'yaml';
import {apiSpecs, specSource, type ApiSpec} from '../../config/apiSpecs';
import {apiRequestModel} from '../../lib/openapi/requestModel';
import {apiSearchDocuments, type SearchDocument} from '../../lib/search/documents';
import {withTrailingSlashes} from '../../lib/openapi/trailingSlash';
import {operationsOf} from '../../lib/openapi/document';
import {apiRoute, changeEntryHref, renderedSpecUrl, specDownloadUrl, tryItModelUrl} from '../../lib/openapi/urls';
import {latestBadges} from '../../lib/api-changes/model';
import {assertGate} from '../../lib/openapi-gate/gate';
import {HISTORY_DIR, readHistory} from '../../lib/api-changes/store';
import {withCodeSamples} from './codeSamples';
import {toPostmanCollection} from './postman';
import {anchorTag, overviewSpec, tagPageSpec} from './split';
import {tagPages} from '../../lib/openapi/pages';

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
    renderedJson: (id) => path.join(generated, 'static', renderedSpecUrl(id)),
    serverSpecsModule: path.join(generated, 'openapi', 'server-specs.js'),
    tryItModel: (id) => path.join(generated, 'static', tryItModelUrl(id)),
  };
}

/** One page of a reference cut into tag pages (src/lib/openapi/pages.ts). */
export interface PreparedTagPage {
  /** Its key in `@portal/server-specs` and under /openapi/rendered/: `<id>/tag/<slug>`. */
  key: string;
  route: string;
  tag: string;
  /** A hash of its rendered JSON. */
  version: string;
}

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

/**
 * A spec that cannot be made into its pages or files: one line that names the spec file, the step and, where
 * the step knows it, the operation and the field. Its stack is that line too: the build prints it as it is.
 */
export class SpecBuildError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'SpecBuildError';
    this.stack = `${this.name}: ${message}`;
  }
}

/** Runs one step of a spec's preparation; a failure becomes a SpecBuildError naming the spec's file. */
async function step<T>(spec: ApiSpec, what: string, run: () => T | Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (error) {
    if (error instanceof SpecBuildError) throw error;
    const message = (error instanceof Error ? error.message : String(error)).split('\n')[0];
    throw new SpecBuildError(`${specSource(spec)}: ${what}: ${message}`);
  }
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
  const docs = [];
  for (const spec of specs) {
    const source = fs.readFileSync(path.join(siteDir, specSource(spec)), 'utf8');
    const doc = parse(source) as Record<string, unknown>;
    // Redoc, the Postman collection, the search and the Try it console use the paths the services answer on.
    const served = withTrailingSlashes(doc);
    // Redoc renders a copy with generated curl, fetch and requests samples; the download stays hand-written.
    const rendered = withChangeBadges(
      await step(spec, 'code samples', () => withCodeSamples(served)),
      siteDir,
      spec.id,
    );
    fs.writeFileSync(paths.renderedSpec(spec.id), stringify(rendered, {lineWidth: 0}));
    // A large reference is cut into tag pages: /api/<id> renders their overview.
    const pages = await step(spec, 'tag pages', () => tagPages(spec.id, rendered));
    const renderedJson = JSON.stringify(pages ? overviewSpec(rendered, pages) : rendered);
    fs.writeFileSync(paths.renderedJson(spec.id), renderedJson);
    const split = pages?.map((page): PreparedTagPage => {
      const key = `${spec.id}/tag/${page.slug}`;
      const json = JSON.stringify(tagPageSpec(rendered, page, {route: apiRoute(spec.id), label: spec.label}));
      fs.mkdirSync(path.dirname(paths.renderedJson(key)), {recursive: true});
      fs.writeFileSync(paths.renderedJson(key), json);
      return {key, route: page.route, tag: page.tag, version: contentHash(json)};
    });
    // The Try it console's request models: what the samples are made from, fetched on the first Try it.
    const model = await step(spec, 'Try it request models', () => apiRequestModel(served, spec.id));
    fs.writeFileSync(paths.tryItModel(spec.id), JSON.stringify(model));
    fs.writeFileSync(path.join(paths.staticDir, specDownloadUrl(spec.id, 'yaml')), source);
    fs.writeFileSync(path.join(paths.staticDir, specDownloadUrl(spec.id, 'json')), `${JSON.stringify(doc, null, 2)}\n`);
    const title = (doc.info as {title?: unknown} | undefined)?.title;
    if (typeof title !== 'string') throw new Error(`${specSource(spec)} has no info.title`);
    docs.push({
      spec,
      id: spec.id,
      label: spec.label,
      doc: served,
      version: contentHash(renderedJson),
      title,
      ...(split && pages
        ? {
            tagPages: split,
            tagRoutes: Object.fromEntries(
              pages.flatMap((page) => {
                const target = `${page.route}#tag/${anchorTag(page.tag)}`;
                return [
                  [page.tag, target],
                  [anchorTag(page.tag), target],
                ];
              }),
            ),
          }
        : {}),
    });
  }
  await Promise.all(
    docs.map(async ({id, doc, spec}) => {
      const collection = await step(spec, 'Postman collection', () => toPostmanCollection(doc));
      fs.writeFileSync(
        path.join(paths.staticDir, specDownloadUrl(id, 'postman')),
        `${JSON.stringify(collection, null, 2)}\n`,
      );
    }),
  );
  fs.writeFileSync(
    paths.serverSpecsModule,
    serverSpecsSource(paths, [
      ...specs.map((spec) => spec.id),
      ...docs.flatMap((d) => d.tagPages ?? []).map((page) => page.key),
    ]),
  );
  return Object.fromEntries(
    docs.map(({id, label, doc, version, title, tagPages: split, tagRoutes}) => [
      id,
      {
        version,
        title,
        searchDocuments: apiSearchDocuments({id, label, doc, ...(tagRoutes ? {tagAnchors: tagRoutes} : {})}),
        ...(split ? {tagPages: split, tagRoutes} : {}),
      },
    ]),
  );
}

/**
 * Puts a badge ("New in 2.0.0 (2026-11-25)", "Changed in ...") at the top of the description of each
 * operation added or changed in the latest recorded version (api-changes/), linking to its entry.
 * It is Markdown's inline HTML in the spec Redoc renders: the static and the interactive reference show
 * it alike, and the page gets no JavaScript for it. The downloads and the search index stay as written.
 */
function withChangeBadges<T>(doc: T, siteDir: string, specId: string): T {
  const history = readHistory(siteDir, specId);
  if (!history) return doc;
  const badges = new Map(latestBadges(history).map((badge) => [badge.operationId, badge]));
  for (const {operation, operationId} of operationsOf(doc)) {
    const badge = operationId === undefined ? undefined : badges.get(operationId);
    if (!badge) continue;
    const words = `${badge.kind === 'new' ? 'New' : 'Changed'} in ${badge.version} (${badge.date})`;
    const link = `<a class="api-change-badge api-change-badge--${badge.kind}" href="${changeEntryHref(specId, badge.revision)}">${words}</a>`;
    const description = typeof operation.description === 'string' ? operation.description : '';
    operation.description = `${link}\n\n${description}`;
  }
  return doc;
}

const contentHash = (text: string): string => createHash('sha256').update(text).digest('hex').slice(0, 12);

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

/** CommonJS module `{[specId or tag page key]: spec}` that the server build imports as `@portal/server-specs`. */
function serverSpecsSource(paths: PreparedPaths, keys: readonly string[]): string {
  const from = path.dirname(paths.serverSpecsModule);
  const entries = keys.map((key) => {
    const file = path.relative(from, paths.renderedJson(key)).split(path.sep).join('/');
    return `  ${JSON.stringify(key)}: require(${JSON.stringify(`./${file}`)}),`;
  });
  return `// Generated by src/plugins/api-reference/prepare.ts: the rendered specs, for server-side rendering only.\nmodule.exports = {\n${entries.join('\n')}\n};\n`;
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
