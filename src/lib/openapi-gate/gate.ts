/**
 * Quality gate for the bundled OpenAPI files: YAML parse, OpenAPI 3 shape,
 * `redocly lint` (recommended rules, no errors and no warnings) and the
 * portal's own per-operation checks. Every problem names the file and the
 * JSON pointer where it sits.
 */
import {execFileSync} from 'node:child_process';
import fs from 'node:fs';
import {createRequire} from 'node:module';
import path from 'node:path';
import {parseDocument} from 'yaml';
import {isObject, operationsOf as walkOperations, type JsonObject as Json} from '../openapi/document';
import {lenientDeref} from '../openapi/resolve';
import {errorRules} from './rules';
import {contentHash, KeptWhileUnchanged} from '../buildCache';

export interface GateProblem {
  file: string;
  pointer: string;
  message: string;
}

export function formatProblem(p: GateProblem): string {
  return `${p.file}${p.pointer}: ${p.message}`;
}

/** Follows `$ref`s; a reference that does not resolve is `undefined` here (redocly lint reports it). */
type Deref = (value: unknown) => unknown;

/** The file name of a spec without folder and extension, e.g. `dmss-archive-service`. */
export function specName(file: string): string {
  return path.basename(file).replace(/\.ya?ml$/, '');
}

export interface ParsedSpec {
  file: string;
  doc: Json;
}

/** Parses a YAML file; a syntax error becomes a problem with the line. */
export function parseSpec(file: string): ParsedSpec | GateProblem {
  const rel = path.relative(process.cwd(), file);
  const document = parseDocument(fs.readFileSync(file, 'utf8'), {prettyErrors: true});
  if (document.errors.length > 0) {
    const first = document.errors[0]!;
    const line = first.linePos?.[0].line;
    return {
      file: rel,
      pointer: '#',
      message: `YAML does not parse${line ? ` (line ${line})` : ''}: ${first.message.split('\n')[0]}`,
    };
  }
  const doc: unknown = document.toJS();
  if (!isObject(doc)) {
    return {file: rel, pointer: '#', message: 'the file is not a YAML mapping'};
  }
  return {file: rel, doc};
}

function checkShape({file, doc}: ParsedSpec, external: boolean): GateProblem[] {
  const problems: GateProblem[] = [];
  // The platform's own specs are OpenAPI 3.0; an external one may also be 3.1.
  const versions = external ? /^3\.[01]\.\d+$/ : /^3\.0\.\d+$/;
  if (typeof doc.openapi !== 'string' || !versions.test(doc.openapi)) {
    const wanted = external ? 'an OpenAPI 3.0.x or 3.1.x document' : 'an OpenAPI 3.0.x document (openapi: 3.0.3)';
    problems.push({file, pointer: '#/openapi', message: `must be ${wanted}`});
  }
  const info = doc.info;
  if (!isObject(info) || typeof info.title !== 'string' || typeof info.version !== 'string') {
    problems.push({file, pointer: '#/info', message: 'info needs a title and a version'});
  } else if (external) {
    // A partner's or a public API is not held to the platform's house rules.
  } else if (typeof info.description !== 'string' || info.description.trim() === '') {
    problems.push({file, pointer: '#/info/description', message: 'info needs a description of the service'});
  }
  if (!isObject(doc.paths)) {
    problems.push({file, pointer: '#/paths', message: 'paths must be a mapping'});
  }
  return problems;
}

function hasExample(deref: Deref, media: Json): boolean {
  if (media.example !== undefined) return true;
  if (isObject(media.examples) && Object.keys(media.examples).length > 0) return true;
  const schema = deref(media.schema);
  return isObject(schema) && schema.example !== undefined;
}

function responseHasSchemaAndExample(deref: Deref, response: unknown): boolean {
  const resolved = deref(response);
  if (!isObject(resolved) || !isObject(resolved.content)) return false;
  return Object.values(resolved.content).some(
    (media) => isObject(media) && media.schema !== undefined && hasExample(deref, media),
  );
}

export interface OperationRef {
  file: string;
  name: string;
  method: string;
  path: string;
  pointer: string;
  operation: Json;
}

/** The operations of a parsed file, with the file and its spec name (see src/lib/openapi/document.ts). */
export function operationsOf({file, doc}: ParsedSpec): OperationRef[] {
  return walkOperations(doc).map(({method, path: p, pointer: at, operation}) => ({
    file,
    name: specName(file),
    method,
    path: p,
    pointer: at,
    operation,
  }));
}

async function checkOperations(spec: ParsedSpec): Promise<GateProblem[]> {
  const deref = await lenientDeref(spec.doc);
  const {file, doc} = spec;
  const problems: GateProblem[] = [];
  const declaredTags = new Map<string, Json>();
  if (Array.isArray(doc.tags)) {
    for (const tag of doc.tags) {
      if (isObject(tag) && typeof tag.name === 'string') declaredTags.set(tag.name, tag);
    }
  }
  const paths = isObject(doc.paths) ? doc.paths : {};
  const rules = errorRules[specName(file)] ?? [];
  for (const op of operationsOf(spec)) {
    const {operation, pointer: at} = op;
    const add = (message: string, where = at) => problems.push({file, pointer: where, message});
    if (typeof operation.summary !== 'string' || operation.summary.trim() === '') {
      add('operation has no summary');
    }
    const tags = Array.isArray(operation.tags) ? operation.tags : [];
    if (tags.length === 0) add('operation has no tag');
    for (const tag of tags) {
      const declared = declaredTags.get(String(tag));
      if (!declared) {
        add(`tag "${String(tag)}" is not declared under tags`, `${at}/tags`);
      } else if (typeof declared.description !== 'string' || declared.description.trim() === '') {
        add(`tag "${String(tag)}" has no description`, `${at}/tags`);
      }
    }
    const responses = isObject(operation.responses) ? operation.responses : {};
    const success = Object.entries(responses).filter(([status]) => /^2(\d\d|XX)$/.test(status));
    if (success.length === 0) {
      add('operation has no 2xx response', `${at}/responses`);
    } else if (!success.some(([, response]) => responseHasSchemaAndExample(deref, response))) {
      add('no 2xx response has both a schema and an example', `${at}/responses`);
    }
    const pathItem = paths[op.path];
    const declaredPathParams = new Set<string>();
    for (const list of [isObject(pathItem) ? pathItem.parameters : undefined, operation.parameters]) {
      if (!Array.isArray(list)) continue;
      for (const raw of list) {
        const param = deref(raw);
        if (isObject(param) && param.in === 'path' && typeof param.name === 'string') {
          declaredPathParams.add(param.name);
        }
      }
    }
    for (const match of op.path.matchAll(/\{([^}]+)\}/g)) {
      if (!declaredPathParams.has(match[1]!)) {
        add(`path parameter "${match[1]}" is not declared`, `${at}/parameters`);
      }
    }
    for (const rule of rules) {
      if (rule.methods && !rule.methods.includes(op.method)) continue;
      if (!rule.path.test(op.path)) continue;
      for (const status of rule.statuses) {
        if (!(status in responses)) {
          add(`missing documented ${status} response (${rule.reason})`, `${at}/responses`);
        }
      }
    }
  }
  return problems;
}

/** operationIds must be unique across all the portal's specs (search and anchors rely on it). */
function checkUniqueOperationIds(specs: ParsedSpec[]): GateProblem[] {
  const problems: GateProblem[] = [];
  const seen = new Map<string, string>();
  for (const spec of specs) {
    for (const op of operationsOf(spec)) {
      const id = op.operation.operationId;
      if (typeof id !== 'string' || id === '') {
        problems.push({file: spec.file, pointer: op.pointer, message: 'operation has no operationId'});
        continue;
      }
      const first = seen.get(id);
      if (first) {
        problems.push({
          file: spec.file,
          pointer: `${op.pointer}/operationId`,
          message: `operationId "${id}" is already used at ${first}`,
        });
      } else {
        seen.set(id, `${spec.file}${op.pointer}`);
      }
    }
  }
  return problems;
}

interface RedoclyProblem {
  ruleId: string;
  severity: string;
  message: string;
  location: {source: {ref: string}; pointer?: string}[];
}

const redoclyCli = path.join(
  path.dirname(createRequire(import.meta.url).resolve('@redocly/cli/package.json')),
  'bin',
  'cli.js',
);

/** Runs `redocly lint` with the repository's redocly.yaml on the given files. */
export function redoclyLint(files: string[], configFile: string): GateProblem[] {
  if (files.length === 0) return [];
  let output: string;
  try {
    output = execFileSync(process.execPath, [redoclyCli, 'lint', ...files, '--format=json', `--config=${configFile}`], {
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'ignore'],
      env: {...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true'},
    });
  } catch (error) {
    // redocly exits non-zero when it found errors; the JSON report is still on stdout.
    output = String((error as {stdout?: unknown}).stdout ?? '');
    if (output.trim() === '') throw error;
  }
  // One JSON report per file, printed back to back.
  const reports = output
    .slice(output.indexOf('{'))
    .split(/(?<=\n\})\s*(?=\{)/)
    .map((chunk) => JSON.parse(chunk) as {problems: RedoclyProblem[]});
  return reports
    .flatMap((report) => report.problems)
    .map((problem) => {
      const location = problem.location[0];
      return {
        file: path.relative(process.cwd(), path.resolve(location?.source.ref ?? files[0]!)),
        pointer: location?.pointer ?? '#',
        message: `redocly ${problem.severity} ${problem.ruleId}: ${problem.message}`,
      };
    });
}

/** The lint rules of external specs: validity only (the OpenAPI schema, references that resolve). */
export const EXTERNAL_REDOCLY_CONFIG = path.join(__dirname, 'external.redocly.yaml');

export interface GateOptions {
  /** Folder holding the OpenAPI files. */
  dir: string;
  /** redocly.yaml with the lint rules. */
  redoclyConfig: string;
  /**
   * Spec files of external APIs (`external: true` in src/config/apiSpecs.ts), in `dir` or elsewhere: checked for
   * validity only, i.e. parsed, OpenAPI 3.0 or 3.1 with a title and a version, and no `redocly lint` error.
   */
  external?: readonly string[];
  /** Runs redocly lint on files with a configuration: redoclyLint, unless a test counts its runs. */
  lint?: typeof redoclyLint;
}

export function specFiles(dir: string): string[] {
  return fs
    .readdirSync(dir)
    .filter((name) => /\.ya?ml$/.test(name))
    .sort()
    .map((name) => path.join(dir, name));
}

/** One file's outcome: its problems (parse, shape, lint, operations) and, for a platform spec, its parsed document. */
interface FileOutcome {
  parsed?: ParsedSpec;
  problems: GateProblem[];
}

/**
 * Each file's outcome, kept for its content and its lint rules: under `npm start` an edit of one spec checks that
 * spec again and not every file (each run of redocly lint costs about a second, more on a large spec).
 */
const keptOutcomes = new KeptWhileUnchanged<FileOutcome>();

/** The text of a lint configuration and of the ignore file redocly reads beside it. */
function rulesText(configFile: string): string {
  return [configFile, path.join(path.dirname(configFile), '.redocly.lint-ignore.yaml')]
    .map((file) => `${file}\0${fs.existsSync(file) ? fs.readFileSync(file, 'utf8') : ''}`)
    .join('\0');
}

/**
 * Runs every check on every file of `dir`, and the validity checks on the external ones; returns all problems
 * (empty when the gate passes), file by file, then those across files (operationIds used twice).
 */
export async function runGate({
  dir,
  redoclyConfig,
  external = [],
  lint = redoclyLint,
}: GateOptions): Promise<GateProblem[]> {
  const externalFiles = new Set(external.map((file) => path.resolve(file)));
  const files = [...new Set([...specFiles(dir), ...externalFiles])];
  const outcomes: FileOutcome[] = [];
  // The files not checked before with this content and these rules.
  const fresh: {file: string; isExternal: boolean; config: string; inputs: string; outcome: FileOutcome}[] = [];
  for (const file of files) {
    const isExternal = externalFiles.has(path.resolve(file));
    const config = isExternal ? EXTERNAL_REDOCLY_CONFIG : redoclyConfig;
    const inputs = contentHash(`${process.cwd()}\0${config}\0${rulesText(config)}\0${fs.readFileSync(file, 'utf8')}`);
    const kept = keptOutcomes.get(path.resolve(file), inputs);
    if (kept) {
      outcomes.push(kept);
      continue;
    }
    const parsed = parseSpec(file);
    const outcome: FileOutcome =
      'doc' in parsed ? {parsed, problems: checkShape(parsed, isExternal)} : {problems: [parsed]};
    outcomes.push(outcome);
    fresh.push({file, isExternal, config, inputs, outcome});
  }
  // redocly lint, once for the fresh files of each configuration; each problem goes to the file it names.
  let unplaced = false;
  for (const config of new Set(fresh.map((entry) => entry.config))) {
    const group = fresh.filter((entry) => entry.config === config && entry.outcome.parsed);
    for (const problem of lint(
      group.map((entry) => entry.outcome.parsed!.file),
      config,
    )) {
      const owner = group.find((entry) => entry.outcome.parsed!.file === problem.file) ?? group[0]!;
      unplaced ||= owner.outcome.parsed!.file !== problem.file;
      owner.outcome.problems.push(problem);
    }
  }
  for (const {isExternal, outcome} of fresh) {
    if (outcome.parsed && !isExternal) outcome.problems.push(...(await checkOperations(outcome.parsed)));
  }
  // A problem in a file other than those linted (a reference to another file) is reported, and nothing is kept.
  if (!unplaced) {
    for (const {file, isExternal, inputs, outcome} of fresh) {
      // An external spec's document is not needed again (the operationIds are checked across the platform's).
      keptOutcomes.set(path.resolve(file), inputs, isExternal ? {problems: outcome.problems} : outcome);
    }
  }
  const platformSpecs = files.flatMap((file, i) => {
    const parsed = outcomes[i]!.parsed;
    return parsed && !externalFiles.has(path.resolve(file)) ? [parsed] : [];
  });
  return [...outcomes.flatMap((outcome) => outcome.problems), ...checkUniqueOperationIds(platformSpecs)];
}

export class OpenApiGateError extends Error {
  constructor(readonly problems: GateProblem[]) {
    super(
      `OpenAPI quality gate failed with ${problems.length} problem(s):\n${problems.map((p) => `  - ${formatProblem(p)}`).join('\n')}`,
    );
    this.name = 'OpenApiGateError';
  }
}

export async function assertGate(options: GateOptions): Promise<void> {
  const problems = await runGate(options);
  if (problems.length > 0) throw new OpenApiGateError(problems);
}
