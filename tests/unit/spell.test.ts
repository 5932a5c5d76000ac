/**
 * `npm run spell` (cspell with cspell.config.yaml and the word list
 * cspell-words.txt): a misspelling planted in a doc or in an OpenAPI
 * description fails it and is named with file and line; code, MDX comments
 * and OpenAPI keys and examples are not prose and are left alone.
 */
import {spawn} from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import {describe, expect, it} from 'vitest';

const root = path.resolve(__dirname, '../..');
const cspell = path.join(root, 'node_modules/.bin/cspell');

/** Spell-checks `text` as if it were the file `file` of the repository (cspell reads it from stdin). */
function spell(file: string, text: string): Promise<{status: number | null; output: string}> {
  return new Promise((resolve, reject) => {
    const child = spawn(cspell, ['--no-progress', '--no-summary', `stdin://${file}`], {cwd: root});
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.on('error', reject);
    child.on('close', (status) => resolve({status, output}));
    child.stdin.end(text);
  });
}

// Each run starts cspell and loads its dictionaries: seconds, more on a busy machine.
const SLOW = 120_000;

/** Replaces the first occurrence of `from` in the file's text, failing the test if it is not there. */
function plant(file: string, from: string, to: string): {text: string; line: number} {
  const text = fs.readFileSync(path.join(root, file), 'utf8');
  const at = text.indexOf(from);
  expect(at, `${from} is in ${file}`).toBeGreaterThan(-1);
  return {text: text.slice(0, at) + to + text.slice(at + from.length), line: text.slice(0, at).split('\n').length};
}

describe('npm run spell', () => {
  it('fails on a misspelling planted in a doc and names the file and line', {timeout: SLOW}, async () => {
    const file = 'docs/Technical Requirements.md';
    const {text, line} = plant(file, 'Services at a glance', 'Servcies at a glance');
    const result = await spell(file, text);
    expect(result.status).toBe(1);
    expect(result.output).toContain(`${file}:${line}:`);
    expect(result.output).toContain('Unknown word (Servcies)');
  });

  it('fails on a misspelling in an OpenAPI summary or description block', {timeout: SLOW}, async () => {
    const file = 'openapi/dmss-archive-service.yaml';
    const summary = plant(
      file,
      'summary: Add a new version from a multipart file',
      'summary: Add a new verison from a multipart file',
    );
    const block = plant(file, 'It keeps documents together', 'It keeps documnets together');
    const both = summary.text.replace('It keeps documents together', 'It keeps documnets together');
    const result = await spell(file, both);
    expect(result.status).toBe(1);
    expect(result.output).toContain(`${file}:${summary.line}:`);
    expect(result.output).toContain(`${file}:${block.line}:`);
  });

  it('leaves code, MDX comments and OpenAPI keys and examples alone', {timeout: SLOW}, async () => {
    const doc = plant('docs/luna.md', '## ', '`misspeled-code-word` {/* source: sorce-repo-naem */}\n\n## ').text;
    const spec = `${fs.readFileSync(path.join(root, 'openapi/dmss-fallback-service.yaml'), 'utf8')}x-internal-noet: valeu\n`;
    const [inDoc, inSpec] = await Promise.all([
      spell('docs/luna.md', doc),
      spell('openapi/dmss-fallback-service.yaml', spec),
    ]);
    expect(inDoc).toEqual({status: 0, output: ''});
    expect(inSpec).toEqual({status: 0, output: ''});
  });

  it('keeps only words that the checked files use in the word list', () => {
    const words = fs
      .readFileSync(path.join(root, 'cspell-words.txt'), 'utf8')
      .split('\n')
      .map((line) => line.trim())
      .filter((line) => line !== '' && !line.startsWith('#'));
    const corpus = ['docs', 'blog', 'openapi']
      .flatMap((dir) => fs.readdirSync(path.join(root, dir)).map((name) => path.join(root, dir, name)))
      .map((file) => fs.readFileSync(file, 'utf8'))
      .join('\n')
      .toLowerCase();
    expect(words.filter((word) => !corpus.includes(word.toLowerCase()))).toEqual([]);
    expect([...words].sort((a, b) => a.toLowerCase().localeCompare(b.toLowerCase()))).toEqual(words);
  });
});
