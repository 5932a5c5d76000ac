/**
 * Results of slow build steps that depend only on their inputs and on the code that computes them, kept between
 * builds in `node_modules/.cache/portal-build/<step>/` (which `docusaurus clear` empties, as it does Docusaurus's
 * own caches). A result is found again by a hash of its inputs and of the code's files, so an edit of that code or
 * of the locked dependencies computes it afresh. It saves the scale build, `npm start` and the next build from
 * comparing every pair of an API's recorded versions again, and from converting an unchanged spec to Postman again.
 * A cache file that cannot be read is computed again and replaced. Node only.
 */
import {createHash} from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

/** The folder of the cached results: beside Docusaurus's own caches. */
export const BUILD_CACHE_DIR = path.resolve(__dirname, '../../node_modules/.cache/portal-build');

const ROOT = path.resolve(__dirname, '../..');

/** A hash of a text (a snapshot, a file), to name an input by instead of the whole text. */
export const contentHash = (text: string | Buffer): string => createHash('sha256').update(text).digest('hex');

/** The files of `entry` (a file or a folder, searched through) in a stable order. */
function filesOf(entry: string): string[] {
  const stat = fs.statSync(entry);
  if (!stat.isDirectory()) return [entry];
  return fs
    .readdirSync(entry)
    .sort()
    .flatMap((name) => filesOf(path.join(entry, name)));
}

/**
 * A hash of the code a step runs: the files and folders given (relative to the repository, or absolute), and the
 * lock file, which fixes the versions of the libraries they call.
 */
export function codeVersion(code: readonly string[]): string {
  const digest = createHash('sha256');
  for (const file of [...code, 'package-lock.json'].flatMap((entry) => filesOf(path.resolve(ROOT, entry)))) {
    digest.update(path.relative(ROOT, file)).update('\0').update(fs.readFileSync(file)).update('\0');
  }
  return digest.digest('hex');
}

export interface CachedStep {
  /** The step's folder under BUILD_CACHE_DIR, e.g. `api-compare`. */
  step: string;
  /** The hash of the code that computes the result (codeVersion). */
  code: string;
  /** Everything the result depends on besides that code, as JSON. */
  inputs: unknown;
  /** The folder to keep results in (BUILD_CACHE_DIR unless a test gives another). */
  dir?: string;
}

/** The result kept for `step` with these inputs and code, or the one `compute` makes, which is then kept (as JSON). */
export async function cachedResult<T>(cached: CachedStep, compute: () => Promise<T>): Promise<T> {
  const key = contentHash(`${cached.code}\0${JSON.stringify(cached.inputs)}`);
  const folder = path.join(cached.dir ?? BUILD_CACHE_DIR, cached.step);
  const file = path.join(folder, `${key}.json`);
  try {
    return JSON.parse(fs.readFileSync(file, 'utf8')) as T;
  } catch {
    // Not kept yet, or unreadable: compute it.
  }
  const json = JSON.stringify(await compute());
  fs.mkdirSync(folder, {recursive: true});
  // Written beside its place and renamed into it: a build running at the same time never reads half a file.
  const partial = `${file}.${process.pid}.partial`;
  fs.writeFileSync(partial, json);
  fs.renameSync(partial, file);
  // What a later build reads back: the same value the first time as every time after.
  return JSON.parse(json) as T;
}

/**
 * Results kept in memory while the process runs, one per name (a file, a spec), each found again while its
 * inputs are unchanged: `npm start` prepares the API pages and their twins again after an edit, and the specs
 * and docs the edit did not touch need not be. The code cannot change under a running process (the dev server
 * restarts for that), so the inputs alone say whether a result still holds. A name keeps one result, the latest,
 * so edits do not make it grow.
 */
export class KeptWhileUnchanged<T> {
  private readonly kept = new Map<string, {inputs: string; value: T}>();

  /** The result kept for `name` with these inputs (a hash, or any text that names them), if any. */
  get(name: string, inputs: string): T | undefined {
    const entry = this.kept.get(name);
    return entry?.inputs === inputs ? entry.value : undefined;
  }

  /** Keeps `value` for `name` with these inputs, in place of what was kept before; returns it. */
  set(name: string, inputs: string, value: T): T {
    this.kept.set(name, {inputs, value});
    return value;
  }
}
