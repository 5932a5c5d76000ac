/**
 * The results kept between builds (src/lib/buildCache.ts): found again by their inputs and code, computed afresh
 * when either changes or the kept file cannot be read, and the same value the first time as every time after.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {afterEach, beforeEach, describe, expect, it} from 'vitest';
import {cachedResult, codeVersion, KeptWhileUnchanged} from '../../src/lib/buildCache';

let dir: string;
beforeEach(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-build-cache-'));
});
afterEach(() => fs.rmSync(dir, {recursive: true, force: true}));

/** A step that counts how often it is computed. */
function counted<T>(value: T) {
  const step = {runs: 0, compute: async () => (step.runs++, value)};
  return step;
}

describe('cachedResult', () => {
  it('computes a result once and reads it back for the same inputs and code', async () => {
    const step = counted({breaking: true, added: [1, 2]});
    const first = await cachedResult({step: 's', code: 'c1', inputs: ['a', {x: 1}], dir}, step.compute);
    const second = await cachedResult({step: 's', code: 'c1', inputs: ['a', {x: 1}], dir}, step.compute);
    expect(step.runs).toBe(1);
    expect(second).toEqual(first);
  });

  it('computes again when the inputs or the code differ', async () => {
    const step = counted('r');
    await cachedResult({step: 's', code: 'c1', inputs: ['a'], dir}, step.compute);
    await cachedResult({step: 's', code: 'c1', inputs: ['b'], dir}, step.compute);
    await cachedResult({step: 's', code: 'c2', inputs: ['a'], dir}, step.compute);
    expect(step.runs).toBe(3);
  });

  it('gives the kept form from the first time: what JSON does not keep is gone then too', async () => {
    const step = counted({kept: 1, dropped: undefined});
    const first = await cachedResult({step: 's', code: 'c', inputs: [], dir}, step.compute);
    expect(Object.keys(first)).toEqual(['kept']);
  });

  it('computes again, and replaces the file, when a kept file cannot be read', async () => {
    const step = counted({ok: true});
    await cachedResult({step: 's', code: 'c', inputs: [], dir}, step.compute);
    const [file] = fs.readdirSync(path.join(dir, 's'));
    fs.writeFileSync(path.join(dir, 's', file!), '{"ok": tr');
    expect(await cachedResult({step: 's', code: 'c', inputs: [], dir}, step.compute)).toEqual({ok: true});
    expect(step.runs).toBe(2);
    expect(JSON.parse(fs.readFileSync(path.join(dir, 's', file!), 'utf8'))).toEqual({ok: true});
    expect(fs.readdirSync(path.join(dir, 's'))).toEqual([file]);
  });
});

describe('codeVersion', () => {
  it('changes when a file of the code changes, in a folder given as a whole', () => {
    const code = path.join(dir, 'code');
    fs.mkdirSync(path.join(code, 'inner'), {recursive: true});
    fs.writeFileSync(path.join(code, 'inner', 'a.ts'), 'export const a = 1;');
    const before = codeVersion([code]);
    expect(codeVersion([code])).toBe(before);
    fs.writeFileSync(path.join(code, 'inner', 'a.ts'), 'export const a = 2;');
    expect(codeVersion([code])).not.toBe(before);
  });
});

describe('KeptWhileUnchanged', () => {
  it('gives back a result for the inputs it was kept with, and nothing once they change', () => {
    const kept = new KeptWhileUnchanged<string>();
    expect(kept.get('spec', 'v1')).toBeUndefined();
    expect(kept.set('spec', 'v1', 'made from v1')).toBe('made from v1');
    expect(kept.get('spec', 'v1')).toBe('made from v1');
    expect(kept.get('spec', 'v2')).toBeUndefined();
    expect(kept.get('other', 'v1')).toBeUndefined();
    // One result per name: the newer replaces the older.
    kept.set('spec', 'v2', 'made from v2');
    expect(kept.get('spec', 'v2')).toBe('made from v2');
    expect(kept.get('spec', 'v1')).toBeUndefined();
  });
});
