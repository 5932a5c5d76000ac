/**
 * Reads the OpenAPI documents under openapi/ of the working tree and of a git
 * ref, each bundled by @redocly/openapi-core (so a spec split over several
 * files compares as one document).
 */
import {execFileSync} from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {bundle, createConfig} from '@redocly/openapi-core';
import {parse} from 'yaml';

export const SPEC_DIR = 'openapi';
const SPEC_FILE = /\.(ya?ml|json)$/;

export class UsageError extends Error {}

const git = (cwd: string, args: string[]): string =>
  execFileSync('git', args, {cwd, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024, stdio: ['ignore', 'pipe', 'pipe']});

/** The repository root that holds `cwd`. */
export function repositoryRoot(cwd: string): string {
  try {
    return git(cwd, ['rev-parse', '--show-toplevel']).trim();
  } catch {
    throw new UsageError(`${cwd} is not inside a git repository`);
  }
}

/** Checks that `ref` names a commit; a shallow clone without the base branch fails here, with advice. */
export function verifyRef(root: string, ref: string): void {
  try {
    git(root, ['rev-parse', '--verify', '--quiet', `${ref}^{commit}`]);
  } catch {
    throw new UsageError(
      `git ref "${ref}" is not known here. Fetch it first (git fetch origin <branch>; in GitHub Actions use actions/checkout with fetch-depth: 0).`,
    );
  }
}

/** Files under openapi/ at `ref`, relative to the repository root. */
function filesAtRef(root: string, ref: string): string[] {
  return git(root, ['ls-tree', '-r', '--name-only', ref, '--', `${SPEC_DIR}/`])
    .split('\n')
    .filter((file) => SPEC_FILE.test(file));
}

/** Files under openapi/ of the working tree, relative to the repository root. */
function filesInTree(root: string): string[] {
  const dir = path.join(root, SPEC_DIR);
  if (!fs.existsSync(dir)) return [];
  return (fs.readdirSync(dir, {recursive: true}) as string[])
    .map((file) => path.posix.join(SPEC_DIR, file.split(path.sep).join('/')))
    .filter((file) => SPEC_FILE.test(file) && fs.statSync(path.join(root, file)).isFile())
    .sort();
}

/** A file is a root document when it has a top-level `openapi` version (fragments that it $refs have none). */
function isRootDocument(file: string): boolean {
  try {
    const doc: unknown = parse(fs.readFileSync(file, 'utf8'));
    return typeof doc === 'object' && doc !== null && 'openapi' in doc;
  } catch {
    return false;
  }
}

/** Bundles every root document under `base/openapi`, keyed by its path relative to `base`. */
async function bundleAll(base: string, files: readonly string[]): Promise<Map<string, unknown>> {
  const config = await createConfig({});
  const documents = new Map<string, unknown>();
  for (const file of files) {
    const absolute = path.join(base, file);
    if (!isRootDocument(absolute)) continue;
    const result = await bundle({ref: absolute, config, dereference: false});
    documents.set(file, result.bundle.parsed);
  }
  return documents;
}

/** The bundled documents of the working tree. */
export function loadWorkingTree(root: string): Promise<Map<string, unknown>> {
  return bundleAll(root, filesInTree(root));
}

/** The bundled documents at `ref`: the files are written to a temporary folder and bundled there. */
export async function loadAtRef(root: string, ref: string): Promise<Map<string, unknown>> {
  const files = filesAtRef(root, ref);
  const temp = fs.mkdtempSync(path.join(os.tmpdir(), 'api-diff-'));
  try {
    for (const file of files) {
      const target = path.join(temp, file);
      fs.mkdirSync(path.dirname(target), {recursive: true});
      fs.writeFileSync(
        target,
        execFileSync('git', ['show', `${ref}:${file}`], {cwd: root, maxBuffer: 64 * 1024 * 1024}),
      );
    }
    return await bundleAll(temp, files);
  } finally {
    fs.rmSync(temp, {recursive: true, force: true});
  }
}
