/**
 * Rehype plugin for docs and blog: wraps every Markdown table in a
 * keyboard-focusable, labelled region that scrolls sideways. Wide tables
 * (ports, settings) then stay readable on phones, and keyboard users can
 * scroll them (axe rule scrollable-region-focusable).
 */
interface HastNode {
  type: string;
  tagName?: string;
  properties?: Record<string, unknown>;
  children?: HastNode[];
}

function wrapTables(node: HastNode): void {
  if (!node.children) return;
  node.children = node.children.map((child) => {
    wrapTables(child);
    if (child.type === 'element' && child.tagName === 'table') {
      return {
        type: 'element',
        tagName: 'div',
        properties: {className: ['table-scroll'], tabIndex: 0, role: 'region', ariaLabel: 'Table'},
        children: [child],
      };
    }
    return child;
  });
}

export default function rehypeScrollableTables() {
  return (tree: HastNode): void => wrapTables(tree);
}
