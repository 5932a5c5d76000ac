/**
 * Rehype plugin for docs and blog: wraps every Markdown table in a
 * keyboard-focusable region, named after its columns, that scrolls sideways. Wide tables
 * (ports, settings) then stay readable on phones, and keyboard users can
 * scroll them (axe rule scrollable-region-focusable).
 */
interface HastNode {
  type: string;
  tagName?: string;
  properties?: Record<string, unknown>;
  children?: HastNode[];
}

/** Text of a node and its descendants. */
function textOf(node: HastNode & {value?: string}): string {
  if (node.type === 'text') return node.value ?? '';
  return (node.children ?? []).map(textOf).join('');
}

/** The header cells of a table's first row, e.g. "Port, Service, Purpose". */
function headerLabel(table: HastNode): string {
  const rows: HastNode[] = [];
  const collect = (node: HastNode) => {
    if (node.type === 'element' && node.tagName === 'tr') rows.push(node);
    else node.children?.forEach(collect);
  };
  collect(table);
  const cells = (rows[0]?.children ?? []).filter((cell) => cell.type === 'element' && cell.tagName === 'th');
  return cells
    .map((cell) => textOf(cell).trim())
    .filter(Boolean)
    .join(', ');
}

/**
 * Each region is named after its table's columns ("Table: Port, Service, Purpose"), numbered when
 * two tables of a page have the same columns: landmarks of one page need distinct names.
 */
function wrapTables(node: HastNode, used: Map<string, number>): void {
  if (!node.children) return;
  node.children = node.children.map((child) => {
    wrapTables(child, used);
    if (child.type === 'element' && child.tagName === 'table') {
      const columns = headerLabel(child);
      const base = columns ? `Table: ${columns}` : 'Table';
      const count = (used.get(base) ?? 0) + 1;
      used.set(base, count);
      return {
        type: 'element',
        tagName: 'div',
        properties: {
          className: ['table-scroll'],
          tabIndex: 0,
          role: 'region',
          ariaLabel: count === 1 ? base : `${base} (${count})`,
        },
        children: [child],
      };
    }
    return child;
  });
}

export default function rehypeScrollableTables() {
  return (tree: HastNode): void => wrapTables(tree, new Map());
}
