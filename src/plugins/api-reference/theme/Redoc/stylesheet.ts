/**
 * Reading the static reference's stylesheet at build time: the class selectors it names (renamed
 * by ./compact) and the rules ./fewerElements must know before it takes an element out.
 */

import {definePattern} from './rewrites';

/** A class selector in a stylesheet (`.gBFWRX`, `.sc-dIqZL`), not a number (`0.9em`). */
export const CLASS_SELECTOR = /\.(-?[_a-zA-Z][\w-]*)/g;
/** The same, as the rewrite of ./compact that renames them. */
export const CLASS_SELECTORS = definePattern(
  'src/plugins/api-reference/theme/Redoc/stylesheet.ts',
  'class selectors',
  CLASS_SELECTOR,
);

export interface StylesheetRules {
  /** For each class with plain rules (`.name{…}`), the properties they set. */
  plainDeclarations: Map<string, string[]>;
  /** Classes that a selector names together with something else. */
  inOtherSelectors: Set<string>;
  /** Classes whose rules take both margins of their first and last paragraph away. */
  paragraphMarginsRemoved: Set<string>;
  /** Classes with any other rule for paragraphs inside them. */
  paragraphStyled: Set<string>;
  /** Whether a rule styles paragraphs in some other way (`p{…}`, `td p{…}`). */
  paragraphsStyledElsewhere: boolean;
}

const RULE = /([^{}]+)\{([^{}]*)\}/g;
const PARAGRAPH_IN_SELECTOR = /(?:^|[\s>+~(,])p(?![\w-])/;
const PARAGRAPH_RULE = /^\.([\w-]+) p(:first-child|:last-child)?$/;

/** What ./fewerElements needs to know of the reference's stylesheet (rules inside `@media` count too). */
export function stylesheetRules(css: string): StylesheetRules {
  const rules: StylesheetRules = {
    plainDeclarations: new Map(),
    inOtherSelectors: new Set(),
    paragraphMarginsRemoved: new Set(),
    paragraphStyled: new Set(),
    paragraphsStyledElsewhere: false,
  };
  const firstZeroed = new Set<string>();
  const lastZeroed = new Set<string>();
  for (const [, selectors = '', body = ''] of css.matchAll(RULE)) {
    const declarations = body.split(';').filter((declaration) => declaration.trim() !== '');
    const properties = declarations.map((declaration) => declaration.split(':')[0]?.trim() ?? '');
    for (const selector of selectors
      .trim()
      .split(',')
      .map((part) => part.trim())) {
      const plain = /^\.([\w-]+)$/.exec(selector)?.[1];
      if (plain) {
        rules.plainDeclarations.set(plain, [...(rules.plainDeclarations.get(plain) ?? []), ...properties]);
      } else {
        for (const [, name = ''] of selector.matchAll(CLASS_SELECTOR)) rules.inOtherSelectors.add(name);
      }
      if (!PARAGRAPH_IN_SELECTOR.test(selector)) continue;
      const paragraph = PARAGRAPH_RULE.exec(selector);
      const only = declarations.length === 1 ? declarations[0]?.replace(/\s/g, '') : undefined;
      if (paragraph?.[2] === ':first-child' && only === 'margin-top:0') firstZeroed.add(paragraph[1] ?? '');
      else if (paragraph?.[2] === ':last-child' && only === 'margin-bottom:0') lastZeroed.add(paragraph[1] ?? '');
      else if (paragraph) rules.paragraphStyled.add(paragraph[1] ?? '');
      else rules.paragraphsStyledElsewhere = true;
    }
  }
  for (const name of firstZeroed) if (lastZeroed.has(name)) rules.paragraphMarginsRemoved.add(name);
  return rules;
}
