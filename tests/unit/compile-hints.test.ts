/**
 * src/plugins/compile-hints: the entry's scripts begin with V8's compile hint, other chunks do not,
 * and the hashed file names follow the contents that carry it.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import webpack from 'webpack';
import {afterAll, beforeAll, describe, expect, it} from 'vitest';
import compileHintsPlugin, {COMPILE_HINT, CompileHintsWebpackPlugin} from '../../src/plugins/compile-hints';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'compile-hints-'));

/** Builds a two-module app (an entry and a chunk it imports on demand) in production mode. */
function build(out: string, withHints: boolean): Promise<string[]> {
  const compiler = webpack({
    mode: 'production',
    context: dir,
    entry: {main: './entry.js'},
    output: {
      path: path.join(dir, out),
      filename: '[name].[contenthash:8].js',
      chunkFilename: '[name].[contenthash:8].js',
    },
    optimization: {runtimeChunk: {name: 'runtime~main'}},
    plugins: withHints ? [new CompileHintsWebpackPlugin()] : [],
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
let hinted: string[] = [];
const read = (out: string, name: string) => fs.readFileSync(path.join(dir, out, name), 'utf8');

beforeAll(async () => {
  fs.writeFileSync(
    path.join(dir, 'entry.js'),
    'export function start() { return import(/* webpackChunkName: "later" */ "./later.js"); }\nstart();\n',
  );
  fs.writeFileSync(path.join(dir, 'later.js'), 'export const later = () => "called later";\n');
  [plain, hinted] = await Promise.all([build('plain', false), build('hinted', true)]);
}, 60_000);

afterAll(() => fs.rmSync(dir, {recursive: true, force: true}));

describe('compile hints', () => {
  it('puts the hint first in the runtime and main.js, and nowhere in the on-demand chunk', () => {
    const entryFiles = hinted.filter((f) => /^(runtime~)?main\./.test(f));
    expect(entryFiles).toHaveLength(2);
    for (const f of entryFiles) expect(read('hinted', f).startsWith(COMPILE_HINT), f).toBe(true);
    const later = hinted.find((f) => f.startsWith('later.'));
    expect(later).toBeDefined();
    expect(read('hinted', later!)).not.toContain(COMPILE_HINT.trim());
  });

  it('gives the hinted files new content hashes (the names follow the contents)', () => {
    const main = (files: string[]) => files.find((f) => f.startsWith('main.'));
    expect(main(hinted)).not.toBe(main(plain));
    expect(read('hinted', main(hinted)!)).toBe(COMPILE_HINT + read('plain', main(plain)!));
    expect(hinted.find((f) => f.startsWith('later.'))).toBe(plain.find((f) => f.startsWith('later.')));
  });

  it('applies to the production client build only', () => {
    const plugin = compileHintsPlugin();
    const configure = (mode: 'production' | 'development', isServer: boolean) =>
      // eslint-disable-next-line @typescript-eslint/no-explicit-any
      plugin.configureWebpack!({mode} as any, isServer, {} as any, undefined as any);
    expect(configure('production', false)).toEqual({plugins: [expect.any(CompileHintsWebpackPlugin)]});
    expect(configure('production', true)).toEqual({});
    expect(configure('development', false)).toEqual({});
  });
});
