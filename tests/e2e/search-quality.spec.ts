/**
 * The questions integrators type (tests/fixtures/search/questions.yaml), each
 * asked of the built site's search index with the ranking the box and the MCP
 * server use: one of its expected answers must be among the first three, or
 * first where the question says so (`first: true`).
 * No browser: the ranking is the same code in Node.
 */
import fs from 'node:fs';
import path from 'node:path';
import {parse} from 'yaml';
import {loadSearchIndex, runSearch, type SerializedSearchIndex} from '../../src/lib/search/engine';
import {SEARCH_MANIFEST_URL, type SearchManifest} from '../../src/lib/search/urls';
import {expect, test} from './fixtures';

const build = path.resolve(__dirname, '../../build');
const questions = parse(fs.readFileSync(path.resolve(__dirname, '../fixtures/search/questions.yaml'), 'utf8')) as {
  q: string;
  expect: string[];
  first?: boolean;
}[];

test.describe('search answers the questions integrators ask', () => {
  const manifest = JSON.parse(fs.readFileSync(path.join(build, SEARCH_MANIFEST_URL), 'utf8')) as SearchManifest;
  const serialized = JSON.parse(fs.readFileSync(path.join(build, manifest.indexUrl), 'utf8')) as SerializedSearchIndex;
  const engine = loadSearchIndex(serialized);
  const ids = new Set(Object.values((serialized.index as {documentIds: Record<string, string>}).documentIds));

  test('the question set is large enough and names records that exist', () => {
    expect(questions.length).toBeGreaterThanOrEqual(40);
    for (const {q, expect: answers} of questions) {
      for (const id of answers) expect(ids.has(id), `${q}: ${id} is not in the index`).toBe(true);
    }
  });

  for (const {q, expect: answers, first} of questions) {
    test(`"${q}"`, () => {
      const top = runSearch(engine, q, 3).map((hit) => hit.id);
      expect(
        answers.some((id) => (first ? top[0] === id : top.includes(id))),
        `${first ? 'first' : 'first three'}: ${top.join(', ')}; expected one of ${answers.join(', ')}`,
      ).toBe(true);
    });
  }
});
