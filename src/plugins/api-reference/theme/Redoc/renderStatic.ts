/**
 * Redoc's markup and CSS for a spec with the given options, rendered to strings: what the server
 * build puts into each API page (StaticRedoc.server.tsx), and what tests/unit/redoc-options.test.ts
 * renders to check that the Redoc options reach the page. The markup arrives with
 * the accessibility repairs made (./a11y) and without what only a hydration would read (./compact).
 */
import {createElement} from 'react';
import {renderToString} from 'react-dom/server';
import {ServerStyleSheet} from 'styled-components';
import {AppStore, Redoc} from 'redoc';
import type {RedocRawOptions} from 'redoc/typings/services/RedocNormalizedOptions';
import type {Spec, StaticReference} from './types';
import {repairRedocHtml} from './a11y';
import {compactStaticReference, generatedClassNames} from './compact';

/**
 * Redoc's own markup and CSS for a spec, as React and styled-components render them, before any rewrite: what
 * renderStaticReference starts from, and what tests/e2e/rewrites.spec.ts compares its result with.
 */
export function renderRedoc(
  spec: Spec,
  url: string,
  options: RedocRawOptions,
): StaticReference & {generated: Set<string>} {
  const store = new AppStore(spec, url, options);
  const sheet = new ServerStyleSheet();
  try {
    const html = renderToString(sheet.collectStyles(createElement(Redoc, {store})));
    return {html, css: sheet.instance.toString(), generated: generatedClassNames(sheet.instance)};
  } finally {
    sheet.seal();
  }
}

export function renderStaticReference(spec: Spec, url: string, options: RedocRawOptions): StaticReference {
  const {html, css, generated} = renderRedoc(spec, url, options);
  return compactStaticReference({html: repairRedocHtml(html), css}, generated);
}
