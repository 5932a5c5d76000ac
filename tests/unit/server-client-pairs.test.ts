/**
 * One convention for modules that differ between the server build and the
 * browser (src/plugins/server-client-pairs): every `*.client.ts(x)` has a
 * `*.server.ts(x)` twin with the same exports, and the server build swaps the
 * request. Nothing else chooses a module by build (no aliases per side).
 */
import fs from 'node:fs';
import path from 'node:path';
import {describe, expect, it} from 'vitest';
import {CLIENT_MODULE, serverRequest} from '../../src/plugins/server-client-pairs';

const root = path.resolve(__dirname, '../..');

function filesUnder(dir: string): string[] {
  return fs.readdirSync(dir, {withFileTypes: true}).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    return entry.isDirectory() ? filesUnder(full) : [full];
  });
}

const sources = filesUnder(path.join(root, 'src')).filter((file) => /\.tsx?$/.test(file));
const clients = sources.filter((file) => /\.client\.tsx?$/.test(file));

const exportsOf = (file: string) =>
  [...fs.readFileSync(file, 'utf8').matchAll(/^export (?:default )?(?:function|const|class) (\w+)?/gm)]
    .map((m) => (m[0].includes('default') ? 'default' : m[1]))
    .sort();

describe('server/client module pairs', () => {
  it('finds the pairs the site uses', () => {
    expect(clients.map((file) => path.relative(root, file)).sort()).toEqual([
      'src/components/CodeBlock/CodeBlock.client.tsx',
      'src/components/MermaidDiagram/store.client.ts',
      'src/plugins/api-reference/theme/Redoc/StaticRedoc.client.tsx',
    ]);
  });

  it.each(clients.map((file) => [path.relative(root, file), file]))(
    '%s has a server twin with the same exports',
    (_name, file) => {
      const twin = file.replace(/\.client(\.tsx?)$/, '.server$1');
      expect(fs.existsSync(twin)).toBe(true);
      expect(exportsOf(twin)).toEqual(exportsOf(file));
    },
  );

  it('swaps the request of a client module for its twin, with or without extension', () => {
    for (const request of [
      './StaticRedoc.client',
      './StaticRedoc.client.tsx',
      '@site/src/components/CodeBlock/CodeBlock.client',
    ]) {
      expect(CLIENT_MODULE.test(request)).toBe(true);
    }
    expect(serverRequest('./StaticRedoc.client')).toBe('./StaticRedoc.server');
    expect(serverRequest('./store.client.ts')).toBe('./store.server.ts');
    expect(CLIENT_MODULE.test('./client')).toBe(false);
    expect(CLIENT_MODULE.test('@docusaurus/router/client.js')).toBe(false);
  });

  it('leaves no alias or define choosing a module per build', () => {
    const offenders = filesUnder(path.join(root, 'src/plugins'))
      .filter((file) => file.endsWith('.ts'))
      .filter((file) => /isServer\s*\?\s*['"`][^'"`]*\.(server|client)/.test(fs.readFileSync(file, 'utf8')));
    expect(offenders).toEqual([]);
  });
});
