/**
 * The static reference's markup as the build writes it (issue 21): Redoc's server HTML without
 * what only a hydration reads (./compact), and with the accessibility repairs already made
 * (repairRedocHtml, the string twin of the in-page repairs of ./a11y). Checked on the fixture spec
 * of tests/unit/redoc-options.test.ts, rendered by the function every API page uses.
 */
import fs from 'node:fs';
import path from 'node:path';
import {parse} from 'yaml';
import {describe, expect, it} from 'vitest';
import {renderStaticReference} from '../../src/plugins/api-reference/theme/Redoc/renderStatic';
import {repairRedocHtml} from '../../src/plugins/api-reference/theme/Redoc/a11y';
import {
  compactMarkup,
  compactStylesheet,
  componentIdsInStyles,
} from '../../src/plugins/api-reference/theme/Redoc/compact';
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

describe('the rendered static reference', () => {
  const {html, css} = renderStaticReference(spec, '/fixture.yaml', {jsonSampleExpandLevel: 'all'});

  it('holds every description once, as rendered text', () => {
    expect(html).not.toMatch(/ html="/);
    expect(html).not.toContain('<!-- -->');
    expect(html).toContain('partNumberRequired');
  });

  it('names in class attributes only the component ids its stylesheet uses', () => {
    const used = componentIdsInStyles(css);
    const ids = [...html.matchAll(/ class="([^"]*)"/g)]
      .flatMap((m) => (m[1] ?? '').split(' '))
      .filter((c) => c.startsWith('sc-'));
    expect(ids.every((id) => used.has(id))).toBe(true);
    expect(css).not.toContain('data-styled');
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

  it('arrives with the accessibility repairs made', () => {
    expect(html).not.toMatch(/<h5(?![^>]*aria-level=)/);
    expect(html).not.toMatch(/<(pre|table)(?![^>]*tabindex=)/);
    expect(html).toMatch(/<div tabindex="0"[^>]*><div class="redoc-json">/);
  });
});
