/**
 * Applies the patch table (./patches.ts): checks that each patched package is
 * installed at the version its patch was written for, adds one bundler rule
 * per `bundle` patch, and gives the config the patched `default-export`
 * values. Every failure names the package and the file.
 */
import fs from 'node:fs';
import {createRequire} from 'node:module';
import path from 'node:path';
import type {Plugin} from '@docusaurus/types';
import {dependencyPatches, type DependencyPatch} from './patches';

const require = createRequire(__filename);
const {applyReplacements} = require('./replace.js') as {
  applyReplacements: (text: string, replacements: DependencyPatch['replacements'], where: string) => string;
};

/** The folder a package is installed in (its package.json may not be exported, so it is looked up on disk). */
export function packageDir(name: string, from = process.cwd()): string {
  for (let dir = path.resolve(from); ; dir = path.dirname(dir)) {
    const candidate = path.join(dir, 'node_modules', name);
    if (fs.existsSync(path.join(candidate, 'package.json'))) return candidate;
    if (path.dirname(dir) === dir) throw new Error(`[dependency-patches] ${name} is not installed`);
  }
}

/** Throws when the installed version differs from the one the patch was written for. */
export function checkVersion(patch: DependencyPatch, from?: string): void {
  const dir = packageDir(patch.package, from);
  const {version} = JSON.parse(fs.readFileSync(path.join(dir, 'package.json'), 'utf8')) as {version: string};
  if (version !== patch.version) {
    throw new Error(
      `[dependency-patches] ${patch.package} is ${version}, but its patch of ${patch.files.join(', ')} was written for ` +
        `${patch.version}: check the patch against the new version, then update it in src/plugins/dependency-patches/patches.ts`,
    );
  }
}

const where = (patch: DependencyPatch, file: string) => `${patch.package}@${patch.version} ${file}`;

/** The patched text of one file of a patch (what the bundler or the config gets). */
export function patchedText(patch: DependencyPatch, file: string, text: string): string {
  return applyReplacements(text, patch.replacements, where(patch, file));
}

/** The default export of a `default-export` patch's file, patched. */
export function patchedExport(packageName: string, file: string): string {
  const patch = dependencyPatches.find((p) => p.package === packageName && p.files.includes(file));
  if (!patch || patch.applied !== 'default-export') {
    throw new Error(`[dependency-patches] no default-export patch of ${packageName} ${file} in patches.ts`);
  }
  checkVersion(patch);
  const value = (require(path.join(packageDir(packageName), file)) as {default: unknown}).default;
  if (typeof value !== 'string')
    throw new Error(`[dependency-patches] ${where(patch, file)}: default export is not a string`);
  return patchedText(patch, file, value);
}

/**
 * The HTML template of every built page (Docusaurus `ssrTemplate`): Docusaurus's own template with
 * the page loader of src/config/pageLoader.ts in place of its deferred script tags. It is a patch of
 * the table, so a Docusaurus update that changes the template fails the build instead of dropping the
 * loader. A function, so that the installed template is read when the site config asks for it, not
 * when a module imports this one.
 */
export const pageTemplate = (): string => patchedExport('@docusaurus/core', 'lib/ssg/ssgTemplate.html.js');

/** The bundler's test for a file of a package, whatever the path separator. */
export const fileTest = (packageName: string, file: string): RegExp =>
  new RegExp(
    `[\\\\/]node_modules[\\\\/]${[...packageName.split('/'), ...file.split('/')]
      .map((part) => part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'))
      .join('[\\\\/]')}$`,
  );

export default function dependencyPatchesPlugin(): Plugin {
  for (const patch of dependencyPatches) checkVersion(patch);
  const loader = require.resolve('./replace.js');
  return {
    name: 'portal-dependency-patches',
    configureWebpack() {
      return {
        module: {
          rules: dependencyPatches
            .filter((patch) => patch.applied === 'bundle')
            .flatMap((patch) =>
              patch.files.map((file) => ({
                test: fileTest(patch.package, file),
                use: [{loader, options: {where: where(patch, file), replacements: patch.replacements}}],
              })),
            ),
        },
      };
    },
  };
}
