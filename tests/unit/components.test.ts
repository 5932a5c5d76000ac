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

  it('names each region after its columns, numbering repeats (landmarks need distinct names)', () => {
    const cell = (text: string) => ({type: 'element', tagName: 'th', children: [{type: 'text', value: text}]});
    const table = (...columns: string[]) => ({
      type: 'element',
      tagName: 'table',
      children: [
        {
          type: 'element',
          tagName: 'thead',
          children: [{type: 'element', tagName: 'tr', children: columns.map(cell)}],
        },
      ],
    });
    const tree = {
      type: 'root',
      children: [table('Port', 'Service'), table('Key', 'Default'), table('Port', 'Service')],
    };
    rehypeScrollableTables()(tree);
    const labels = tree.children.map((child) => (child as {properties?: {ariaLabel?: string}}).properties?.ariaLabel);
    expect(labels).toEqual(['Table: Port, Service', 'Table: Key, Default', 'Table: Port, Service (2)']);
  });
});
