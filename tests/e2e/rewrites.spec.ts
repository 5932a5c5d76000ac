/**
 * The rewrites of Redoc's markup (src/plugins/api-reference/theme/Redoc: compact.ts, fewerElements.ts, a11y.ts)
 * change what the browser has to do, never what a reader sees: with JavaScript off, in a built API page, the
 * rewritten reference of the build's canary (which uses every rewrite) puts every character in the same place,
 * in the same colour, as Redoc's own markup of the same spec, and is as tall.
 */
import type {Page} from '@playwright/test';
import {redocOptions} from '../../src/config/redoc';
import {CANARY_SPEC} from '../../src/plugins/api-reference/theme/Redoc/canary';
import {renderRedoc, renderStaticReference} from '../../src/plugins/api-reference/theme/Redoc/renderStatic';
import type {Spec, StaticReference} from '../../src/plugins/api-reference/theme/Redoc/types';
import {expect, test} from './fixtures';

test.use({javaScriptEnabled: false});

/** Each visible character of the reference: the character, its box (to 1/8 px) and its colour. */
async function characters(page: Page, reference: StaticReference): Promise<{height: number; glyphs: string[]}> {
  return page.evaluate(({html, css}) => {
    const container = document.querySelector('.redocusaurus-static')!;
    const style = document.querySelector('style.redocusaurus-static-styles')!;
    style.textContent = css;
    container.innerHTML = html;
    const eighth = (value: number) => Math.round(value * 8) / 8;
    const glyphs: string[] = [];
    const walker = document.createTreeWalker(container, NodeFilter.SHOW_TEXT);
    const range = document.createRange();
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const text = node.textContent ?? '';
      const colour = getComputedStyle(node.parentElement!).color;
      for (let index = 0; index < text.length; index++) {
        if (/\s/.test(text[index]!)) continue;
        range.setStart(node, index);
        range.setEnd(node, index + 1);
        const box = range.getClientRects()[0];
        if (!box || box.width === 0) continue; // not drawn (an <option> of Redoc's chooser)
        glyphs.push(
          `${text[index]} ${eighth(box.x)},${eighth(box.y)} ${eighth(box.width)}x${eighth(box.height)} ${colour}`,
        );
      }
    }
    return {height: container.getBoundingClientRect().height, glyphs};
  }, reference);
}

for (const width of [412, 1280]) {
  test(`the rewritten reference looks like Redoc's own, to the character (${width} px, JavaScript off)`, async ({
    page,
  }) => {
    await page.setViewportSize({width, height: 900});
    await page.goto('/api/dmss-document-generation-service');
    const options = {...redocOptions, scrollYOffset: 0};
    const spec = CANARY_SPEC as unknown as Spec;
    const raw = renderRedoc(spec, '/openapi/canary.yaml', options);
    const own = await characters(page, {html: raw.html, css: raw.css});
    const rewritten = await characters(page, renderStaticReference(spec, '/openapi/canary.yaml', options));
    expect(own.glyphs.length).toBeGreaterThan(500);
    expect(rewritten.height).toBe(own.height);
    expect(rewritten.glyphs).toEqual(own.glyphs);
  });
}
