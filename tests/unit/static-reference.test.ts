/**
 * The static reference's markup as the build writes it: Redoc's server HTML without
 * what only a hydration reads (./compact), and with the accessibility repairs already made
 * (repairRedocHtml, the string twin of the in-page repairs of ./a11y). Checked on the fixture spec
 * of tests/unit/redoc-options.test.ts, rendered by the function every API page uses.
 */
import fs from 'node:fs';
import path from 'node:path';
import {parse} from 'yaml';
import {DomUtils, parseDocument} from 'htmlparser2';
import {describe, expect, it} from 'vitest';
import {renderStaticReference} from '../../src/plugins/api-reference/theme/Redoc/renderStatic';
import {REPAIRS, repairRedocHtml, repairRedocMarkup} from '../../src/plugins/api-reference/theme/Redoc/a11y';
import {renderRedoc} from '../../src/plugins/api-reference/theme/Redoc/renderStatic';
import {selectAll} from 'css-select';
import type {Document as HtmlDocument, Element as HtmlElement} from 'domhandler';
import {
  compactMarkup,
  compactStylesheet,
  componentIdsInStyles,
  CSS_CHEVRON_CLASS,
  cssChevrons,
  groupOperations,
  lightenForLoading,
  PARSER_BREAK,
  PARSER_BREAK_SPACING,
  shortClassName,
  shortenClassNames,
} from '../../src/plugins/api-reference/theme/Redoc/compact';
import {OPERATIONS_ATTRIBUTE} from '../../src/config/redoc';
import {JSON_LINE_CLASS, withFewerElements} from '../../src/plugins/api-reference/theme/Redoc/fewerElements';
import type {Spec} from '../../src/plugins/api-reference/theme/Redoc/types';

const spec = parse(fs.readFileSync(path.resolve(__dirname, '../fixtures/redoc-options/spec.yaml'), 'utf8')) as Spec;

describe('compactMarkup', () => {
  it('drops the html attribute, the text separators and component ids no rule names', () => {
    const html =
      '<div html="&lt;p&gt;Hi&lt;/p&gt;" class="sc-a sc-b x1"><p>Hi</p></div>' +
      '<span class="sc-c">a<!-- -->b</span><tr class=""></tr><td class="last ">x</td>';
    expect(compactMarkup(html, new Set(['sc-b']))).toBe(
      '<div class="sc-b x1"><p>Hi</p></div><span>ab</span><tr></tr><td class="last">x</td>',
    );
  });

  it('numbers the tab sets, keeping tabs and panels paired', () => {
    const html =
      '<li role="tab" id="tab_R_2aeq_0" aria-controls="panel_R_2aeq_0" data-rttab="true">A</li>' +
      '<div role="tabpanel" id="panel_R_2aeq_0" aria-labelledby="tab_R_2aeq_0"></div>' +
      '<li role="tab" id="tab_R_9x_1" aria-controls="panel_R_9x_1" data-rttab="true">B</li>';
    expect(compactMarkup(html, new Set())).toBe(
      '<li role="tab" id="tab_r1_0" aria-controls="panel_r1_0">A</li>' +
        '<div role="tabpanel" id="panel_r1_0" aria-labelledby="tab_r1_0"></div>' +
        '<li role="tab" id="tab_r2_1" aria-controls="panel_r2_1">B</li>',
    );
  });

  it('drops the attributes of svg elements that do nothing in HTML', () => {
    const svg =
      '<svg class="a" version="1.1" viewBox="0 0 24 24" x="0" xmlns="http://www.w3.org/2000/svg" y="0px" aria-hidden="true"><polygon x="0" points="1 2"/></svg>';
    expect(compactMarkup(svg, new Set())).toBe(
      '<svg class="a" viewBox="0 0 24 24" aria-hidden="true"><polygon x="0" points="1 2"/></svg>',
    );
  });

  it('keeps the component ids that the stylesheet names', () => {
    const css = '.x1:hover > .sc-b{opacity:1;}/*!sc*/\ndata-styled.g1[id="sc-a"]{content:"x1,"}/*!sc*/\n';
    const styles = compactStylesheet(css);
    expect(styles).toBe('.x1:hover > .sc-b{opacity:1;}\n');
    expect([...componentIdsInStyles(styles)]).toEqual(['sc-b']);
  });
});

describe('shortenClassNames', () => {
  it('counts short names in base 62 after an underscore', () => {
    expect([0, 1, 61, 62, 63, 62 + 62 * 62].map(shortClassName)).toEqual(['_a', '_b', '_9', '_aa', '_ab', '_aaa']);
  });

  it("renames styled-components' classes only, the most frequent first, in markup and stylesheet", () => {
    const html =
      '<div class="gBFWRX redoc-json"><span class="sc-b kqJXdD">a</span></div>' +
      '<span class="kqJXdD token">b</span><i class="kqJXdD">c</i>';
    const css =
      '.gBFWRX{padding:0.9em;}.gBFWRX .redoc-json{margin:.5em;}.gBFWRX:hover>.sc-b{opacity:1;}.kqJXdD{color:red;}' +
      '@media print{.kqJXdD{color:black;}}';
    const generated = new Set(['gBFWRX', 'kqJXdD', 'sc-b', 'unused']);
    expect(shortenClassNames({html, css}, generated)).toEqual({
      html:
        '<div class="_b redoc-json"><span class="_c _a">a</span></div>' +
        '<span class="_a token">b</span><i class="_a">c</i>',
      css:
        '._b{padding:0.9em;}._b .redoc-json{margin:.5em;}._b:hover>._c{opacity:1;}._a{color:red;}' +
        '@media print{._a{color:black;}}',
    });
  });

  it('fails when a short name is already a class of the markup', () => {
    expect(() => shortenClassNames({html: '<p class="kqJXdD _a"></p>', css: ''}, new Set(['kqJXdD']))).toThrow(
      /_a is used by the markup/,
    );
  });
});

describe('lightenForLoading', () => {
  it('turns the example chooser into a button with the same name and class, keeping the label', () => {
    const html =
      '<div class="w"><select aria-label="Choose an example" class="dropdown-select">' +
      '<option value="A" selected="">A</option><option value="B">B</option></select><label>A</label></div>';
    expect(lightenForLoading(html)).toBe(
      '<div class="w"><button type="button" aria-label="Choose an example" class="dropdown-select"></button>' +
        '<label>A</label></div>',
    );
  });

  it('puts a parser break before an outer section once enough markup has passed since the last one', () => {
    const section = (id: string) =>
      `<div id="tag/a/operation/${id}" data-section-id="tag/a/operation/${id}" class="o">` +
      `<div data-section-id="operation/${id}" id="operation/${id}">${'x'.repeat(50)}</div></div>`;
    const html = `<p>${'i'.repeat(70)}</p>${section('a')}${section('b')}${section('c')}${section('d')}`;
    // Sections start at 77, 265, 453 and 641. At least 250 characters apart: before b and d only.
    const lightened = lightenForLoading(html, 250);
    expect(lightened.split(PARSER_BREAK).length - 1).toBe(2);
    // The operations sit in one group (groupOperations), which the breaks do not count.
    expect(lightened).toContain(`</p><div ${OPERATIONS_ATTRIBUTE}="" style="--sections:4"><div id="tag/a/operation/a"`);
    expect(lightened).toContain(`${PARSER_BREAK}<div id="tag/a/operation/b"`);
    expect(lightened).toContain(`</div></div><div id="tag/a/operation/c"`);
    expect(lightened).toContain(`${PARSER_BREAK}<div id="tag/a/operation/d"`);
    // Inner sections (data-section-id first) never get one.
    expect(lightenForLoading(html, 0).split(PARSER_BREAK).length - 1).toBe(4);
    expect(PARSER_BREAK).toMatch(/^<script type="text\/plain"[^>]*><\/script>$/);
  });
});

describe('groupOperations', () => {
  const outer = (id: string, inner: string) => `<div id="${id}" data-section-id="${id}" class="s">${inner}</div>`;
  const intro = outer('section/Intro', '<p>Read me first.</p>');
  const tag = outer('tag/a', '<div data-section-id="tag/a/x" id="tag/a/x">An inner section</div>');
  const operation = outer('tag/a/operation/b', '<p>Uploads<br>a file</p><img src="x.png" alt="">');
  const group = (inner: string, sections = 2) =>
    `<div ${OPERATIONS_ATTRIBUTE}="" style="--sections:${sections}">${inner}</div>`;

  it("puts the tags and operations in one element that ends where their parent ends, the description's sections before it", () => {
    const html = `<div class="menu"><a href="#tag/a">a</a></div><div class="api-content">${intro}${tag}${operation}</div><div class="after"></div>`;
    expect(groupOperations(html)).toBe(
      `<div class="menu"><a href="#tag/a">a</a></div><div class="api-content">${intro}${group(tag + operation)}</div><div class="after"></div>`,
    );
    // The last section is still the last child of its parent, and the one before the group is followed by a <div>.
    const document = parseDocument(groupOperations(html));
    const last = DomUtils.findOne((element) => element.attribs.id === 'tag/a/operation/b', document.children);
    expect(last?.parent && DomUtils.getChildren(last.parent).at(-1)).toBe(last);
  });

  it('groups up to the end of the markup when the sections have no parent, and changes nothing without an operation', () => {
    expect(groupOperations(`${intro}${tag}${operation}`)).toBe(`${intro}${group(tag + operation)}`);
    expect(groupOperations(`<div class="api-content">${intro}</div>`)).toBe(`<div class="api-content">${intro}</div>`);
    expect(groupOperations('<p>No sections</p>')).toBe('<p>No sections</p>');
  });

  it('fails the build when the parent of the operations has no end tag', () => {
    expect(() => groupOperations(`<ul><li>${tag}<li>next</ul>`)).toThrow(
      /the parent of the reference's operations has no end tag/,
    );
  });
});

describe('cssChevrons', () => {
  const chevron = (attributes: string) =>
    `<svg ${attributes}><polygon points="17.3 8.3 12 13.6 6.7 8.3 5.3 9.7 12 16.4 18.7 9.7 "></polygon></svg>`;

  it("draws Redoc's chevron as an <i> of the same classes, with the polygon's fill as its colour", () => {
    const html =
      `<button>${chevron('class="_j _q" style="margin-right:-25px" viewBox="0 0 24 24" aria-hidden="true"')}</button>` +
      `<div class="_ad">${chevron('class="_j" viewBox="0 0 24 24" aria-hidden="true"')}</div>` +
      '<svg class="_x" viewBox="0 0 24 24"><polyline points="6 9 12 15 18 9"></polyline></svg>';
    const css =
      '._q{height:1.5em;float:left;}._q polygon{fill:#a4161a;}' +
      '._ad ._j polygon{fill:#666;}._x polygon{fill:red;}._x{color:blue;}';
    const drawn = cssChevrons({html, css});
    expect(drawn.html).toBe(
      `<button><i class="${CSS_CHEVRON_CLASS} _j _q" style="margin-right:-25px" aria-hidden="true"></i></button>` +
        `<div class="_ad"><i class="${CSS_CHEVRON_CLASS} _j" aria-hidden="true"></i></div>` +
        // Not Redoc's chevron: stays an svg.
        '<svg class="_x" viewBox="0 0 24 24"><polyline points="6 9 12 15 18 9"></polyline></svg>',
    );
    // The shape comes first, so that the chevrons' own classes (size, float, colour) override it.
    expect(drawn.css.startsWith(`.${CSS_CHEVRON_CLASS}{display:inline-block;color:#000;`)).toBe(true);
    expect(drawn.css).toContain(
      'clip-path:polygon(72.083% 34.583%,50% 56.667%,27.917% 34.583%,22.083% 40.417%,50% 68.333%,77.917% 40.417%)',
    );
    expect(drawn.css).toContain('._q polygon{fill:#a4161a;}._q{color:#a4161a;}');
    expect(drawn.css).toContain('._ad ._j polygon{fill:#666;}._ad ._j{color:#666;}');
    // `_x` is no chevron's class: its polygons keep their fill, and its colour is left alone.
    expect(drawn.css).toContain('._x polygon{fill:red;}._x{color:blue;}');
  });

  it('leaves a reference without chevrons as it is', () => {
    const reference = {html: '<p>x</p>', css: 'p polygon{fill:red;}'};
    expect(cssChevrons(reference)).toEqual(reference);
  });
});

/** Every element of a parsed document in order, with its attributes sorted: two documents compare equal when they only differ in attribute order. */
const elementsOf = (document: HtmlDocument): string[] =>
  DomUtils.findAll(() => true, document.children).map(
    (element) =>
      `${element.name} ${JSON.stringify(Object.entries(element.attribs).sort(([a], [b]) => a.localeCompare(b)))}`,
  );

/** A parsed document as the in-page repairs see a page: querySelectorAll, hasAttribute, setAttribute. */
const asPage = (document: HtmlDocument): ParentNode =>
  ({
    querySelectorAll: (selector: string) =>
      selectAll<HtmlDocument | HtmlElement, HtmlElement>(selector, document).map((element) => ({
        hasAttribute: (name: string) => name in element.attribs,
        setAttribute: (name: string, value: string) => {
          element.attribs[name] = value;
        },
      })),
  }) as unknown as ParentNode;

describe('the repairs of Redoc markup', () => {
  it('repair the same elements in the server HTML as in the page (one table, two forms)', () => {
    const {html} = renderRedoc(spec, '/fixture.yaml', {jsonSampleExpandLevel: 'all'});
    const inPage = parseDocument(html);
    repairRedocMarkup(asPage(inPage));
    const atBuild = parseDocument(repairRedocHtml(html));
    expect(elementsOf(atBuild)).toEqual(elementsOf(inPage));
    // Every repair has something to do on the fixture, so that the comparison covers it.
    for (const repair of REPAIRS) {
      expect(selectAll(repair.selector, parseDocument(html)).length, repair.html.name).toBeGreaterThan(0);
    }
  });
});

describe('repairRedocHtml', () => {
  it('makes the repairs of repairRedocMarkup in the HTML', () => {
    const html =
      '<ul role="menu"><li role="menuitem"><label>Group</label><ul class="m"><li role="menuitem">x</li></ul></li></ul>' +
      '<pre class="p">x</pre><table class="t"></table><table tabindex="-1"></table>' +
      '<div class="s"><div class="redoc-json">{}</div></div>' +
      '<select class="e"></select><select aria-label="Other"></select><h5 class="h">Body</h5>';
    expect(repairRedocHtml(html)).toBe(
      '<ul role="menu"><li role="menuitem"><label>Group</label><ul role="menu" class="m"><li role="menuitem">x</li></ul></li></ul>' +
        '<pre tabindex="0" class="p">x</pre><table tabindex="0" class="t"></table><table tabindex="-1"></table>' +
        '<div tabindex="0" class="s"><div class="redoc-json">{}</div></div>' +
        '<select aria-label="Choose an example" class="e"></select><select aria-label="Other"></select>' +
        '<h5 aria-level="3" class="h">Body</h5>',
    );
  });
});

describe('withFewerElements', () => {
  const hiding = '.x .ellipsis{display:none;}.x .redoc-json code>.collapser{display:none;pointer-events:none;}';
  const lines =
    '._M .hoverable{padding-top:1px;padding-bottom:1px;padding-left:2px;padding-right:2px;border-radius:2px;}\n' +
    '._M li{position:relative;display:block;}\n._M .hoverable{display:inline-block;}';
  const described =
    '._c p:last-child{margin-bottom:0;}\n._c p:first-child{margin-top:0;}\n._m p{display:inline-block;}';
  const typeLine = '._a{vertical-align:middle;font-size:13px;line-height:20px;}\n._e{color:#595959;}\n._d{color:#333;}';
  const lean = (html: string, css = '') => withFewerElements({html, css}).html;
  /** Each of `cases` comes out as it went in. */
  const expectKept = (cases: string[], css = '') => {
    for (const html of cases) expect(lean(html, css), html).toBe(html);
  };

  it('gives the place of a plain div to the one div it wraps, however deep', () => {
    expect(lean('<section><div><div> <div class="_b"><p>Text</p></div></div></div></section>')).toBe(
      '<section> <div class="_b"><p>Text</p></div></section>',
    );
  });

  it("unwraps a table cell's only div, and its first div when that holds only spans", () => {
    const cell =
      '<td class="_i"><div><div><span class="_a">string</span></div> <div><span class="_a">Example:</span> ' +
      '<span class="_k">x</span></div><div><div class="_c"><p>About it.</p></div></div></div></td>';
    expect(lean(cell)).toBe(
      '<td class="_i"><span class="_a">string</span> <div><span class="_a">Example:</span> ' +
        '<span class="_k">x</span></div><div class="_c"><p>About it.</p></div></td>',
    );
  });

  it('keeps divs that carry an attribute, hold text, or sit beside text or other content', () => {
    const kept = [
      '<div class="_a"><div>x</div></div>',
      '<div role="tabpanel"><div>x</div></div>',
      '<div>text <div>x</div></div>',
      '<div><div>x</div><div>y</div></div>',
      '<div><span>x</span></div>',
      '<td>Text <div><span>x</span></div></td>',
      '<td><span>a</span><div><span>x</span></div></td>',
      '<td><div><span>x</span>y</div><div>z</div></td>',
    ];
    expectKept(kept);
  });

  it('unwraps inside Markdown the parser closes for itself, and keeps what it cannot pair', () => {
    expect(lean('<div><div><p>One<p>Two<br></div></div>')).toBe('<div><p>One<p>Two<br></div>');
    // The outer div has no end tag: it stays, whole.
    expect(lean('<span><div><div>x</div>')).toBe('<span><div><div>x</div>');
  });

  it("drops the JSON samples' ellipses and outermost fold button, which the stylesheet hides", () => {
    const sample =
      '<div class="redoc-json"><code><button class="collapser" aria-label="collapse"></button>' +
      '<span class="token punctuation">{</span><span class="ellipsis"></span><ul class="obj collapsible"><li>' +
      '<div class="hoverable"><span class="property token string">"a"</span>: ' +
      '<button class="collapser" aria-label="collapse"></button><span class="token punctuation">[</span>' +
      '<span class="ellipsis"></span><ul class="array collapsible"></ul><span class="token punctuation">]</span>' +
      '</div></li></ul><span class="token punctuation">}</span></code></div>';
    const {html, css} = withFewerElements({html: sample, css: hiding + lines});
    expect(html).toBe(
      '<div class="redoc-json"><code><span class="token punctuation">{</span><ul class="obj collapsible">' +
        `<li class="${JSON_LINE_CLASS}"><span class="property token string">"a"</span>: ` +
        '<button class="collapser" aria-label="collapse"></button><span class="token punctuation">[</span>' +
        '<ul class="array collapsible"></ul><span class="token punctuation">]</span>' +
        '</li></ul><span class="token punctuation">}</span></code></div>',
    );
    // The line takes the padding of the box it held.
    expect(css).toBe(`${hiding + lines}\n.redoc-json li.${JSON_LINE_CLASS}{padding:1px 2px;}`);
  });

  it('fails the build when the stylesheet stops hiding them, or stops giving the lines their boxes', () => {
    const ellipsis = '<div class="redoc-json"><code><span class="ellipsis"></span></code></div>';
    expect(() => lean(ellipsis)).toThrow(/no longer hides the JSON samples' "\.ellipsis"/);
    const fold = '<div class="redoc-json"><code><button class="collapser" aria-label="collapse"></button></code></div>';
    expect(() => lean(fold, '.x .ellipsis{display:none;}')).toThrow(/outermost "\.collapser"/);
    expect(lean(fold, hiding)).toBe('<div class="redoc-json"><code></code></div>');
    const line = '<ul><li><div class="hoverable"><span>"a"</span></div></li></ul>';
    expect(lean(line, lines)).toBe(`<ul><li class="${JSON_LINE_CLASS}"><span>"a"</span></li></ul>`);
    for (const changed of [lines.replace('2px;border', '3px;border'), lines.replace('inline-block', 'inline-flex')]) {
      expect(() => lean(line, changed)).toThrow(/JSON samples' lines the boxes/);
    }
  });

  it('keeps a JSON line whose box holds more, or carries more than its class', () => {
    const kept = [
      '<ul><li><div class="hoverable">a</div><div class="hoverable">b</div></li></ul>',
      '<ul><li><div class="hoverable selected">a</div></li></ul>',
      '<ul><li class="x"><div class="hoverable">a</div></li></ul>',
      '<ul><li>x<div class="hoverable">a</div></li></ul>',
    ];
    expectKept(kept, lines);
  });

  it('lets neighbouring punctuation share one span', () => {
    const punctuation = '<span class="token punctuation">[ ]</span><span class="token punctuation">,</span>';
    expect(lean(punctuation)).toBe('<span class="token punctuation">[ ],</span>');
    const apart = '<span class="token punctuation">}</span>,<span class="token punctuation">{</span>';
    expect(lean(apart)).toBe(apart);
  });

  it('drops an empty type prefix before the type that has its size, and keeps what could show', () => {
    const cell = '<td><span class="_a _e"></span><span class="_a _d">string</span> <div>x</div></td>';
    expect(lean(cell, typeLine)).toBe('<td><span class="_a _d">string</span> <div>x</div></td>');
    const kept = [
      // It has text, or the neighbour lacks its size class, or is not right after it, or is empty.
      '<td><span class="_a _e">Array of </span><span class="_a _d">string</span></td>',
      '<td><span class="_a _e"></span><span class="_d">string</span></td>',
      '<td><span class="_a _e"></span> <span class="_a _d">string</span></td>',
      '<td><span class="_a _e"></span><span class="_a _d"></span>x</td>',
      '<td><span class="_a _e" title="t"></span><span class="_a _d">string</span></td>',
    ];
    expectKept(kept, typeLine);
    // A rule that gives it a width, or names its class beside another, keeps it.
    const cell2 = '<td><span class="_a _e"></span><span class="_a _d">string</span></td>';
    expect(lean(cell2, `${typeLine}\n._e{margin-right:4px;}`)).toBe(cell2);
    expect(lean(cell2, `${typeLine}\n._x ._e{color:red;}`)).toBe(cell2);
    expect(lean(cell2, `${typeLine}\n._e::before{content:'*';}`)).toBe(cell2);
  });

  it("unwraps a description's one paragraph in a table cell, where its rules take the margins away", () => {
    const cell =
      '<td class="_i"><span class="_d">string</span> <div class="_b _c"><p>About <code>it</code>.</p>\n</div></td>';
    expect(lean(cell, described)).toBe(
      '<td class="_i"><span class="_d">string</span> <div class="_b _c">About <code>it</code>.\n</div></td>',
    );
    const kept = [
      // Two paragraphs; a paragraph with an attribute; not in a cell; a description whose paragraphs keep margins.
      '<td><div class="_c"><p>One</p><p>Two</p></div></td>',
      '<td><div class="_c"><p class="x">One</p></div></td>',
      '<section><div class="_c"><p>One</p></div></section>',
      '<td><div class="_b"><p>One</p></div></td>',
      // Inside an element whose rules give paragraphs a style of their own.
      '<div class="_m"><table><tr><td><div class="_c"><p>One</p></div></td></tr></table></div>',
    ];
    expectKept(kept, described);
    // Any other rule for paragraphs keeps them all.
    const simple = '<td><div class="_c"><p>One</p></div></td>';
    expect(lean(simple, `${described}\ntd p{text-align:center;}`)).toBe(simple);
  });
});

describe('the rendered static reference', () => {
  const {html, css} = renderStaticReference(spec, '/fixture.yaml', {jsonSampleExpandLevel: 'all'});

  it('holds its tags and operations in one group, up to the end of their parent', () => {
    const document = parseDocument(html);
    const group = DomUtils.findOne((element) => OPERATIONS_ATTRIBUTE in element.attribs, document.children);
    const sections = DomUtils.getChildren(group ?? document).filter((node) => DomUtils.isTag(node));
    expect(sections.map((section) => DomUtils.getAttributeValue(section, 'id'))).toEqual([
      'tag/things',
      'tag/things/operation/addPart',
    ]);
    // As tall as its two sections, skipped (src/css/custom.css).
    expect(group && DomUtils.getAttributeValue(group, 'style')).toBe('--sections:2');
    const parent = group?.parent;
    expect(parent && DomUtils.isTag(parent) ? parent.attribs.class : '').toMatch(/api-content/);
    expect(group?.next).toBeNull();
  });

  it('holds every description once, as rendered text', () => {
    expect(html).not.toMatch(/ html="/);
    expect(html).not.toContain('<!-- -->');
    expect(html).toContain('partNumberRequired');
  });

  it("gives styled-components' classes short names, the same in markup and stylesheet", () => {
    const classes = [...html.matchAll(/ class="([^"]*)"/g)].flatMap((m) => (m[1] ?? '').split(' '));
    const short = new Set(classes.filter((c) => c.startsWith('_')));
    expect(short.size).toBeGreaterThan(20);
    expect(classes.filter((c) => c.startsWith('sc-'))).toEqual([]);
    // The most frequent name is styled in the stylesheet under the same short name.
    expect(short.has('_a')).toBe(true);
    expect(css).toMatch(/\._a\b/);
    expect(css).not.toMatch(/\.sc-/);
    expect(css).not.toContain('data-styled');
    // Redoc's meaningful classes stay as they are.
    expect(classes).toContain('redoc-json');
  });

  it('draws the chevrons with CSS: no polygon is left', () => {
    expect(html).toContain(`<i class="${CSS_CHEVRON_CLASS} `);
    expect(html).not.toContain('<polygon');
    expect(css).toMatch(new RegExp(`^\\.${CSS_CHEVRON_CLASS}\\{`));
  });

  it('has no parser break in a small reference, and a button for the example chooser', () => {
    expect(html.length).toBeLessThan(PARSER_BREAK_SPACING);
    expect(html).not.toContain(PARSER_BREAK);
    // The fixture's request body has two examples: the chooser is a button, the first example is shown.
    expect(html).not.toContain('<select');
    expect(html).toMatch(
      /<button type="button" aria-label="Choose an example" class="dropdown-select"><\/button><label>A bolt — the first example<\/label>/,
    );
  });

  it('pairs every tab with its panel', () => {
    const tabs = [...html.matchAll(/<li [^>]*role="tab" id="([^"]+)"[^>]*aria-controls="([^"]+)"/g)];
    expect(tabs.length).toBeGreaterThan(0);
    for (const [, tab, panel] of tabs) {
      expect(html).toContain(`id="${panel}" aria-labelledby="${tab}"`);
    }
    const ids = [...html.matchAll(/ id="([^"]+)"/g)].map((m) => m[1]);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('has no plain wrapper left, and none of the hidden parts of the JSON samples', () => {
    expect(html).toContain('<div class="redoc-json">');
    expect(html).not.toContain('class="ellipsis"');
    expect(html).not.toContain('<code><button class="collapser"');
    // A field's cell: its type line and its description, with no wrapper around either.
    // A field's cell: its type (the empty prefix before it gone) and its description's text, directly.
    expect(html).toMatch(/<td class="\w+"><span class="[\w ]+">string<\/span> <div class="[\w ]+">[A-Z]/);
    // Each line of a JSON sample is one element, with the padding of the box it held.
    expect(html).toContain(`<li class="${JSON_LINE_CLASS}">`);
    expect(html).not.toContain('class="hoverable"');
    expect(css).toContain(`li.${JSON_LINE_CLASS}{padding:1px 2px;}`);
    expect(html).not.toMatch(/<td[^>]*><div>/);
  });

  it('arrives with the accessibility repairs made', () => {
    expect(html).not.toMatch(/<h5(?![^>]*aria-level=)/);
    expect(html).not.toMatch(/<(pre|table)(?![^>]*tabindex=)/);
    expect(html).toMatch(/<div tabindex="0"[^>]*><div class="redoc-json">/);
  });
});
