import {describe, expect, it} from 'vitest';
import {checkDisplayText} from '../../src/components/DisplayTextChecker/limits';
import rehypeScrollableTables from '../../src/plugins/rehype-scrollable-tables';

describe('display text checker', () => {
  it('compares the text with the 60, 200 and 300 character limits', () => {
    const checks = checkDisplayText('x'.repeat(61));
    expect(checks.map((c) => [c.max, c.fits, c.remaining])).toEqual([
      [60, false, -1],
      [200, true, 139],
      [300, true, 239],
    ]);
  });

  it('counts characters, not UTF-16 units', () => {
    expect(checkDisplayText('õ😀')[0]!.remaining).toBe(58);
  });
});

describe('rehype-scrollable-tables', () => {
  it('wraps each table in a focusable region', () => {
    const tree = {type: 'root', children: [{type: 'element', tagName: 'table', children: []}]};
    rehypeScrollableTables()(tree);
    expect(tree.children[0]).toMatchObject({
      tagName: 'div',
      properties: {className: ['table-scroll'], tabIndex: 0, role: 'region'},
      children: [{tagName: 'table'}],
    });
  });
});
