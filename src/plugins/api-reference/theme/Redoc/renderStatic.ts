/**
 * Redoc's markup and CSS for a spec with the given options, rendered to strings: what the server
 * build puts into each API page (StaticRedoc.server.tsx), and what tests/unit/redoc-options.test.ts
 * renders to check that the Redoc options of spec section 9 reach the page. The markup arrives with
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

export function renderStaticReference(spec: Spec, url: string, options: RedocRawOptions): StaticReference {
  const store = new AppStore(spec, url, options);
  const sheet = new ServerStyleSheet();
  try {
    const html = renderToString(sheet.collectStyles(createElement(Redoc, {store})));
    return compactStaticReference(
      {html: repairRedocHtml(html), css: sheet.instance.toString()},
      generatedClassNames(sheet.instance),
    );
  } finally {
    sheet.seal();
  }
}
