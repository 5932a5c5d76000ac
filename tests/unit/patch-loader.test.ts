import {createRequire} from 'node:module';
import {describe, expect, it} from 'vitest';

const patchLoader = createRequire(import.meta.url)('../../src/plugins/patch-loader/index.js') as (
  this: unknown,
  source: string,
) => string;

function run(source: string, patches: {search: string; replace: string}[]) {
  const warnings: string[] = [];
  const context = {
    getOptions: () => ({patches}),
    emitWarning: (error: Error) => warnings.push(error.message),
    resourcePath: '/deps/lib.js',
  };
  return {output: patchLoader.call(context, source), warnings};
}

describe('patch loader', () => {
  it('replaces every occurrence of each patch', () => {
    const {output, warnings} = run('a https://cdn.example/x.svg b https://cdn.example/x.svg', [
      {search: 'https://cdn.example/x.svg', replace: '/img/x.svg'},
    ]);
    expect(output).toBe('a /img/x.svg b /img/x.svg');
    expect(warnings).toEqual([]);
  });

  it('warns, naming the file, when a patch no longer applies', () => {
    const {output, warnings} = run('unchanged', [{search: 'gone', replace: 'x'}]);
    expect(output).toBe('unchanged');
    expect(warnings).toEqual(['Patch no longer applies to /deps/lib.js: "gone"']);
  });
});
