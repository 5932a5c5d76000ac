/**
 * The patch table (src/plugins/dependency-patches): each patch still matches
 * the installed file of the version it was written for and changes it as
 * described; a stale patch, or another installed version, fails with the
 * package and the file named; package.json pins every patched package it
 * declares.
 */
import fs from 'node:fs';
import {createRequire} from 'node:module';
import path from 'node:path';
import {describe, expect, it} from 'vitest';
import {dependencyPatches, type DependencyPatch} from '../../src/plugins/dependency-patches/patches';
import {checkVersion, fileTest, packageDir, patchedExport, patchedText} from '../../src/plugins/dependency-patches';

const root = path.resolve(__dirname, '../..');
const pkg = JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8')) as {
  dependencies: Record<string, string>;
  devDependencies: Record<string, string>;
};
const require = createRequire(import.meta.url);

const installedText = (patch: DependencyPatch, file: string): string => {
  const full = path.join(packageDir(patch.package, root), file);
  return patch.applied === 'default-export'
    ? (require(full) as {default: string}).default
    : fs.readFileSync(full, 'utf8');
};

describe.each(dependencyPatches.map((patch) => [`${patch.package}@${patch.version}`, patch] as const))(
  'patch of %s',
  (_name, patch) => {
    it('is written for the installed version', () => {
      expect(() => checkVersion(patch, root)).not.toThrow();
    });

    it.each(patch.files)('matches %s and replaces what it names', (file) => {
      const before = installedText(patch, file);
      const after = patchedText(patch, file, before);
      expect(after).not.toBe(before);
      for (const {search, replace} of patch.replacements) {
        if (!replace.includes(search)) expect(after).not.toContain(search);
        expect(after).toContain(replace);
      }
      expect(fileTest(patch.package, file).test(path.join(packageDir(patch.package, root), file))).toBe(true);
    });

    it('is pinned in package.json where the site declares the package', () => {
      const declared = pkg.dependencies[patch.package] ?? pkg.devDependencies[patch.package];
      if (declared !== undefined) expect(declared).toBe(patch.version);
    });
  },
);

describe('a patch that no longer matches', () => {
  const patch = dependencyPatches[0]!;
  it('fails, naming the package, the version and the file', () => {
    expect(() => patchedText(patch, patch.files[0]!, 'some other text')).toThrow(
      `[dependency-patches] ${patch.package}@${patch.version} ${patch.files[0]}: a patch no longer matches`,
    );
  });

  it('fails when another version is installed', () => {
    expect(() => checkVersion({...patch, version: '0.0.1'}, root)).toThrow(
      new RegExp(`${patch.package.replace('/', '\\/')} is .* written for 0\\.0\\.1`),
    );
  });
});

describe('the page template patch', () => {
  it('has no other way in than the table', () => {
    expect(() => patchedExport('@docusaurus/core', 'lib/nothing.js')).toThrow(/no default-export patch/);
  });
});

describe('the bundle rules', () => {
  it('match the patched file only', () => {
    const test = fileTest('@docusaurus/theme-classic', 'lib/prism-include-languages.js');
    expect(test.test('/x/node_modules/@docusaurus/theme-classic/lib/prism-include-languages.js')).toBe(true);
    expect(test.test('C:\\x\\node_modules\\@docusaurus\\theme-classic\\lib\\prism-include-languages.js')).toBe(true);
    expect(test.test('/x/node_modules/@docusaurus/theme-classic/lib/prism-include-languagesXjs')).toBe(false);
    expect(test.test('/x/src/theme/prism-include-languages.js')).toBe(false);
  });
});
