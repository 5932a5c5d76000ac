/**
 * src/plugins/startup-scripts: the entry is cut into React DOM, the other packages and the site's
 * own code; the entry's files begin with V8's compile hint, other chunks do not; the hashed file
 * names follow the contents that carry it. The small app is built with the bundler the production
 * build uses: Rspack from @docusaurus/faster (the site config's `future.faster`), or webpack under
 * PORTAL_BUNDLER=webpack.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {rspack} from '@docusaurus/faster';
import webpack from 'webpack';
import {afterAll, beforeAll, describe, expect, it} from 'vitest';
import startupScriptsPlugin, {
  COMPILE_HINT,
  CompileHintsWebpackPlugin,
  STARTUP_CHUNKS,
  isStartupScript,
  startupChunkOf,
  startupSplitChunks,
} from '../../src/plugins/startup-scripts';
import {buildEnv} from '../../src/config/env';

/** The bundler of the production build (docusaurus.config.ts sets `future.faster` from the same setting). */
const bundler = buildEnv.useFasterBundler ? rspack : webpack;

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'startup-scripts-'));

/**
 * Builds a small app in production mode: an entry that uses two packages (a stand-in for
 * react-dom and another one) and imports a chunk on demand, which uses a third package.
 * `split` applies the plugin's split of the entry, `hint` its compile hint.
 */
function build(out: string, {split, hint}: {split: boolean; hint: boolean}): Promise<string[]> {
  // Rspack takes webpack's options and has its compiler API (run, close): one call for either.
  const compiler = (bundler as typeof webpack)({
    mode: 'production',
    context: dir,
    entry: {main: './entry.js'},
    output: {
      path: path.join(dir, out),
      filename: '[name].[contenthash:8].js',
      chunkFilename: '[name].[contenthash:8].js',
    },
    optimization: {
      runtimeChunk: {name: 'runtime~main'},
      // Docusaurus's own setting: no names from the default groups.
      splitChunks: split ? {name: false, ...startupSplitChunks} : false,
    },
    plugins: hint ? [new CompileHintsWebpackPlugin()] : [],
  });
  return new Promise((resolve, reject) =>
    compiler.run((error, stats) => {
      compiler.close(() => undefined);
      if (error) reject(error);
      else if (stats?.hasErrors()) reject(new Error(stats.toString('errors-only')));
      else resolve(fs.readdirSync(path.join(dir, out)).filter((f) => f.endsWith('.js')));
    }),
  );
}

let plain: string[] = [];
let unhinted: string[] = [];
let split: string[] = [];
const read = (out: string, name: string) => fs.readFileSync(path.join(dir, out, name), 'utf8');
const named = (files: string[], name: string) => files.find((f) => f.startsWith(`${name}.`));

function writePackage(name: string, source: string) {
  fs.mkdirSync(path.join(dir, 'node_modules', name), {recursive: true});
  fs.writeFileSync(path.join(dir, 'node_modules', name, 'index.js'), source);
}

beforeAll(async () => {
  writePackage('react-dom', 'export const render = (what) => "rendered " + what;\n');
  writePackage('router', 'export const route = (path) => "route " + path;\n');
  writePackage('later-package', 'export const help = () => "helped";\n');
  fs.writeFileSync(
    path.join(dir, 'entry.js'),
    [
      'import {render} from "react-dom";',
      'import {route} from "router";',
      'export function start() { return import(/* webpackChunkName: "later" */ "./later.js"); }',
      'console.log(render(route("/")));',
      'start();',
      '',
    ].join('\n'),
  );
  fs.writeFileSync(
    path.join(dir, 'later.js'),
    'import {help} from "later-package";\nexport const later = () => help() + " later";\n',
  );
  [plain, unhinted, split] = await Promise.all([
    build('plain', {split: false, hint: false}),
    build('unhinted', {split: true, hint: false}),
    build('split', {split: true, hint: true}),
  ]);
}, 60_000);

afterAll(() => fs.rmSync(dir, {recursive: true, force: true}));

describe('startup scripts', () => {
  it('cuts the entry into react-dom, vendor, the runtime and main', () => {
    expect(plain.filter(isStartupScript).map(startupChunkOf).sort()).toEqual(['main', 'runtime~main']);
    expect(split.filter(isStartupScript).map(startupChunkOf).sort()).toEqual([...STARTUP_CHUNKS].sort());
    expect(read('split', named(split, 'react-dom')!)).toContain('"rendered "');
    expect(read('split', named(split, 'vendor')!)).toContain('"route "');
    expect(read('split', named(split, 'vendor')!)).not.toContain('"rendered "');
    expect(read('split', named(split, 'main')!)).not.toContain('"route "');
  });

  it('leaves what is loaded on demand, packages included, out of the start-up files', () => {
    const later = named(split, 'later');
    expect(later).toBeDefined();
    expect(read('split', later!)).toContain('helped');
    for (const file of split.filter(isStartupScript)) expect(read('split', file)).not.toContain('helped');
  });

  it('puts the compile hint first in every start-up file, and nowhere in the on-demand chunk', () => {
    for (const file of split.filter(isStartupScript)) {
      expect(read('split', file).startsWith(COMPILE_HINT), file).toBe(true);
    }
    expect(read('split', named(split, 'later')!)).not.toContain(COMPILE_HINT.trim());
  });

  it('gives the hinted files new content hashes (the names follow the contents)', () => {
    for (const name of STARTUP_CHUNKS) {
      const before = named(unhinted, name)!;
      const after = named(split, name)!;
      expect(after, name).not.toBe(before);
      expect(read('split', after)).toBe(COMPILE_HINT + read('unhinted', before));
    }
    expect(named(split, 'later')).toBe(named(unhinted, 'later'));
  });

  it('recognises start-up scripts by name and content hash, in URLs too', () => {
    expect(isStartupScript('/assets/js/react-dom.f16cfce2.js')).toBe(true);
    expect(isStartupScript('http://localhost:3000/assets/js/runtime~main.459cfdeb.js')).toBe(true);
    expect(isStartupScript('/assets/js/main.30cc1da3.js?v=1')).toBe(true);
    expect(isStartupScript('/assets/js/vendor.19f87433.js')).toBe(true);
    expect(isStartupScript('/assets/js/0d3b104d.1d080ccd.js')).toBe(false);
    expect(isStartupScript('/assets/js/mainly.1d080ccd.js')).toBe(false);
    expect(isStartupScript('/assets/js/main.js')).toBe(false);
    expect(startupChunkOf('http://localhost:3000/assets/js/runtime~main.459cfdeb.js')).toBe('runtime~main');
    expect(startupChunkOf('vendor.19f87433.js')).toBe('vendor');
    expect(startupChunkOf('/assets/js/0d3b104d.1d080ccd.js')).toBeNull();
  });

  it('applies to the production client build only', () => {
    const plugin = startupScriptsPlugin();
    const configure = (mode: 'production' | 'development', isServer: boolean) =>
      // eslint-disable-next-line @typescript-eslint/no-explicit-any
      plugin.configureWebpack!({mode} as any, isServer, {} as any, undefined as any);
    expect(configure('production', false)).toEqual({
      optimization: {splitChunks: startupSplitChunks},
      plugins: [expect.any(CompileHintsWebpackPlugin)],
    });
    expect(configure('production', true)).toEqual({});
    expect(configure('development', false)).toEqual({});
  });
});
