import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {describe, expect, it} from 'vitest';
import {
  DIAGRAM_COMPONENT,
  DIAGRAM_STORE_DIR,
  diagramId,
  diagramIdsIn,
  mermaidRendering,
  rehypeMermaidAsHtml,
} from '../../src/plugins/mermaid-prerender';

const fakeBrowser = () => {
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'portal-browser-')), 'chromium');
  fs.writeFileSync(file, '');
  return file;
};

describe('mermaidRendering', () => {
  it('draws at build time when a Chromium is found', () => {
    const rendering = mermaidRendering({CHROME_PATH: fakeBrowser()});
    expect(rendering.mode).toBe('build');
    expect(rendering.rehypePlugins).toHaveLength(2);
  });

  it('falls back to the browser with PORTAL_MERMAID=client', () => {
    expect(mermaidRendering({PORTAL_MERMAID: 'client', CHROME_PATH: fakeBrowser()})).toMatchObject({
      mode: 'client',
      rehypePlugins: [],
    });
  });

  it('rejects an unknown PORTAL_MERMAID value', () => {
    expect(() => mermaidRendering({PORTAL_MERMAID: 'svg'})).toThrow(/PORTAL_MERMAID must be "build" or "client"/);
  });

  it('with PORTAL_MERMAID=build and no Chromium, fails with how to install one', () => {
    // Only meaningful where the standard paths hold no browser; CHROME_PATH points nowhere.
    const rendering = () => mermaidRendering({PORTAL_MERMAID: 'build', CHROME_PATH: '/nonexistent/chromium'});
    if (['/usr/bin/chromium', '/usr/bin/chromium-browser', '/usr/bin/google-chrome'].some((p) => fs.existsSync(p))) {
      expect(rendering().mode).toBe('build');
    } else {
      expect(rendering).toThrow(/apt-get install -y chromium/);
    }
  });
});

describe('rehypeMermaidAsHtml', () => {
  it('replaces each drawn diagram with the MDX component holding its SVG as one string, and leaves other SVG', () => {
    const diagram = {
      type: 'element',
      tagName: 'svg',
      properties: {id: 'mermaid-0', ariaRoledescription: 'flowchart-v2'},
      children: [{type: 'element', tagName: 'text', properties: {}, children: [{type: 'text', value: 'Start'}]}],
    };
    const icon = {type: 'element', tagName: 'svg', properties: {id: 'icon'}, children: []};
    const tree = {
      type: 'root',
      children: [{type: 'element', tagName: 'div', properties: {}, children: [diagram, icon]}],
    };
    rehypeMermaidAsHtml()(tree);
    const [replaced, kept] = tree.children[0]!.children as unknown as Array<Record<string, unknown>>;
    expect(replaced).toMatchObject({type: 'mdxJsxFlowElement', name: DIAGRAM_COMPONENT});
    const [attribute] = replaced!.attributes as Array<{name: string; value: string}>;
    expect(attribute!.name).toBe('svg');
    expect(attribute!.value).toMatch(
      /^<svg id="mermaid-0" aria-roledescription="flowchart-v2"><text>Start<\/text><\/svg>$/,
    );
    expect(kept).toBe(icon);
  });

  it('in production builds stores the SVG under its hash and gives the component only the id', () => {
    const svg = '<svg id="mermaid-1"><text>Stored</text></svg>';
    const tree = {
      type: 'root',
      children: [{type: 'element', tagName: 'svg', properties: {id: 'mermaid-1'}, children: []}],
    };
    // The SVG the plugin stores is what hast-util-to-html makes of the node.
    const expected = '<svg id="mermaid-1"></svg>';
    rehypeMermaidAsHtml({store: true})(tree);
    const [replaced] = tree.children as unknown as Array<{name: string; attributes: {name: string; value: string}[]}>;
    expect(replaced!.name).toBe(DIAGRAM_COMPONENT);
    expect(replaced!.attributes).toEqual([{type: 'mdxJsxAttribute', name: 'id', value: diagramId(expected)}]);
    expect(fs.readFileSync(path.join(DIAGRAM_STORE_DIR, `${diagramId(expected)}.svg`), 'utf8')).toBe(expected);
    expect(diagramId(svg)).toMatch(/^[0-9a-f]{16}$/);
    expect(diagramId(svg)).not.toBe(diagramId(expected));
  });
});

describe('diagramIdsIn', () => {
  it('finds the stored diagrams a built page shows, with or without attribute quotes', () => {
    const html =
      '<div class="d" data-diagram-id=0123456789abcdef><svg></svg></div><div data-diagram-id="fedcba9876543210"></div>';
    expect(diagramIdsIn(html)).toEqual(['0123456789abcdef', 'fedcba9876543210']);
    expect(diagramIdsIn('<div data-testid="mermaid-diagram"></div>')).toEqual([]);
  });
});
