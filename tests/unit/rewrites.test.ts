/**
 * The rewrites of Redoc's markup are counted (src/plugins/api-reference/theme/Redoc/rewrites.ts), and the build's
 * canary (src/plugins/api-reference/theme/Redoc/canary.ts) fails with the file and the pattern of a rewrite that found nothing.
 */
import fs from 'node:fs';
import path from 'node:path';
import {describe, expect, it} from 'vitest';
import {assertRewritesMatch, CANARY_SPEC} from '../../src/plugins/api-reference/theme/Redoc/canary';
import {renderStaticReference} from '../../src/plugins/api-reference/theme/Redoc/renderStatic';
import {
  allRewrites,
  definePattern,
  forgetRewrite,
  unmatchedRewrites,
} from '../../src/plugins/api-reference/theme/Redoc/rewrites';
import type {Spec} from '../../src/plugins/api-reference/theme/Redoc/types';

const root = path.resolve(__dirname, '../..');

describe('the rewrites of Redoc’s markup', () => {
  it('are all registered, each with the file it lives in', () => {
    const rewrites = allRewrites();
    expect([...new Set(rewrites.map((rewrite) => path.basename(rewrite.file)))].sort()).toEqual([
      'a11y.ts',
      'compact.ts',
      'fewerElements.ts',
      'stylesheet.ts',
    ]);
    for (const rewrite of rewrites) {
      expect(fs.readFileSync(path.join(root, rewrite.file), 'utf8'), rewrite.name).toContain(
        `'${rewrite.name}'`.slice(1, -1),
      );
    }
  });

  it('all find something in the canary reference, as the build checks', () => {
    expect(() => assertRewritesMatch()).not.toThrow();
  });

  it('are counted only while a check runs, and a render without the matching markup leaves them at zero', () => {
    // A reference with one operation and nothing else: no example chooser, no JSON sample.
    const bare = {
      ...CANARY_SPEC,
      paths: {'/ping': {get: {operationId: 'ping', responses: {'204': {description: 'Up'}}}}},
    };
    const missing = unmatchedRewrites(() => renderStaticReference(bare as unknown as Spec, '/x.yaml', {})).map(
      (rewrite) => rewrite.name,
    );
    expect(missing).toEqual(expect.arrayContaining(["Redoc's example chooser", "the JSON samples' line boxes"]));
  });

  it('fail the build with the file, the name and the pattern of a rewrite that found nothing', () => {
    const stale = definePattern('src/somewhere.ts', 'a pattern Redoc no longer renders', /<marquee>/g);
    try {
      expect(() => assertRewritesMatch()).toThrow(
        /1 rewrite\(s\) of Redoc's markup found nothing in the canary reference[\s\S]*src\/somewhere\.ts: a pattern Redoc no longer renders, \/<marquee>\/g/,
      );
    } finally {
      forgetRewrite(stale);
    }
  });
});
