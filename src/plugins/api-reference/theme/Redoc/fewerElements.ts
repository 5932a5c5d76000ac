/**
 * Fewer elements in the static reference, with the same look. The browser's work on a
 * page as it loads (parsing, style, layout, paint) grows with its elements, and the container
 * reference had over 42,000. Some of them draw nothing of their own, and go at build time
 * (compactStaticReference):
 *
 * - Wrappers: a `<div>` without attributes adds a block box and nothing else. Where its only
 *   element is another `<div>` (Redoc nests them two and three deep around field descriptions), or
 *   where it is all a table cell holds, its content takes its place. So does the first `<div>` of a
 *   table cell when it holds only `<span>`s (a field's type line): the browser puts inline content
 *   between blocks into a box of its own, the same block the `<div>` made.
 * - A field description's one paragraph, in a table cell, where the description's stylesheet rules
 *   take both margins of its first and last paragraph away (`._c p:first-child{margin-top:0}` and
 *   `…:last-child{margin-bottom:0}`) and no other rule styles a paragraph: its text lines up in the
 *   description's own block just the same.
 * - Empty `<span>`s right before a `<span>` of the same size (Redoc's type prefix, `<span class="_a
 *   _e"></span><span class="_a _d">string</span>`): an empty inline box has no width, and the line's
 *   height is the same with the neighbour alone. Only where every rule naming its classes is a plain
 *   `.class{…}` with colour, font and alignment only, and the classes that set its size are the
 *   neighbour's too.
 * - The JSON samples' hidden parts: each object and array has an ellipsis, shown by Redoc only when
 *   the reader folds it, and the sample's outermost one a fold button that Redoc hides. The static
 *   reference never folds (a click loads the interactive Redoc, which renders its own), so both go,
 *   provided the stylesheet hides them (the build fails if a Redoc update stops doing so).
 * - Each line of a JSON sample is an `<li>` holding a `hoverable` `<div>`: an inline-block with a
 *   padding of 1px by 2px, whose only other use is the highlight Redoc's code puts on it under the
 *   pointer. The `<li>` takes that padding itself (class JSON_LINE_CLASS), and the `<div>` goes: the
 *   line's text and its nested lines stay where they were, since the inline-block's line was as
 *   high as itself. Provided the stylesheet gives those boxes exactly that (JSON_LINE_RULES; the
 *   build fails otherwise). Neighbouring punctuation (`[ ]` then `,`) shares one `<span>`.
 *
 * Only the markup that the static reference alone uses changes: the interactive Redoc renders its
 * own tree. Checked on all eight API pages at 412, 1280 and 1440 px, with JavaScript off: the page
 * heights were the same, every character kept its colour and stood within 1/32 px of its place (the
 * merged punctuation moves by a layout unit, 1/64 px), and screenshots of the whole pages differed
 * only in the faint edges of a few such characters. The container reference has about 7,900
 * elements fewer (of 42,600).
 */
import {type Element, parse} from './markup';
import {type StylesheetRules, stylesheetRules} from './stylesheet';
import type {StaticReference} from './types';
import {counted, defineRewrite, definePattern, replaceCounted} from './rewrites';

const FILE = 'src/plugins/api-reference/theme/Redoc/fewerElements.ts';

/** The stylesheet rules that hide what goes from the JSON samples (see above). */
const HIDDEN_ELLIPSIS = /\s\.ellipsis\{display:none;?\}/;
const HIDDEN_OUTER_FOLD = /\.redoc-json code>\.collapser\{display:none;/;
const ELLIPSIS = '<span class="ellipsis"></span>';
const ELLIPSES = defineRewrite(FILE, "the JSON samples' ellipses", ELLIPSIS);
const OUTER_FOLD = definePattern(
  FILE,
  "the JSON samples' outer fold button",
  /(<div class="redoc-json"><code>)<button class="collapser" aria-label="collapse"><\/button>/g,
);

/** Redoc's rules for a JSON sample's line (see above): all must be there for its `<div>` to go. */
const JSON_LINE_RULES = [
  /\s\.hoverable\{padding-top:1px;padding-bottom:1px;padding-left:2px;padding-right:2px;border-radius:2px;\}/,
  /\s\.hoverable\{display:inline-block;\}/,
  /\sli\{position:relative;display:block;\}/,
];
/** The class of a JSON sample's line that took its `hoverable` box's padding (not one styled-components makes). */
export const JSON_LINE_CLASS = 'json-line';
const JSON_LINE_STYLE = `.redoc-json li.${JSON_LINE_CLASS}{padding:1px 2px;}`;
const NEIGHBOURING_PUNCTUATION = definePattern(
  FILE,
  'neighbouring punctuation',
  /(<span class="token punctuation">[^<]*)<\/span><span class="token punctuation">/g,
);
/** The tree edits (see above), each counted as a rewrite of its own. */
const JSON_LINE_BOXES = defineRewrite(FILE, "the JSON samples' line boxes", '<li><div class="hoverable">');
const EMPTY_INLINES = defineRewrite(FILE, 'empty type prefixes', '<span class="…"></span><span class="…">');
const WRAPPERS = defineRewrite(FILE, 'plain wrappers', '<div> around one <div>, or all of a table cell');
const PARAGRAPHS = defineRewrite(FILE, "a field description's one paragraph", '<td>…<div class="…"><p>');

/** Declarations that size an empty inline box without giving it a width: the neighbour must share the classes that set them. */
const SIZING = new Set(['vertical-align', 'font-size', 'line-height', 'font-family', 'font-weight']);
/** Those and its colour: all that an empty inline box's rules may set (see above). */
const INLINE_METRICS = new Set(['color', ...SIZING]);

/** A change to the markup: the characters from `start` to `end` become `text`. */
type Edit = [start: number, end: number, text: string];

/** The reference with the elements described above taken out. */
export function withFewerElements({html, css}: StaticReference): StaticReference {
  const rules = stylesheetRules(css);
  const markup = replaceCounted(withoutHiddenJsonParts(html, css), NEIGHBOURING_PUNCTUATION, (_, text: string) => text);
  const {html: lean, jsonLines} = withoutEmptyBoxes(markup, rules);
  if (jsonLines && !JSON_LINE_RULES.every((rule) => rule.test(css))) {
    throw new Error(
      '[portal-api-reference] the stylesheet no longer gives the JSON samples\' lines the boxes fewerElements.ts expects (".hoverable", "li")',
    );
  }
  return {html: lean, css: jsonLines ? `${css}\n${JSON_LINE_STYLE}` : css};
}

function withoutHiddenJsonParts(html: string, css: string): string {
  const parts = html.split(ELLIPSIS);
  counted(ELLIPSES, parts.length - 1);
  const withoutEllipses = parts.join('');
  if (withoutEllipses !== html && !HIDDEN_ELLIPSIS.test(css)) {
    throw new Error('[portal-api-reference] the stylesheet no longer hides the JSON samples\' ".ellipsis"');
  }
  const withoutFolds = replaceCounted(withoutEllipses, OUTER_FOLD, (_, start: string) => start);
  if (withoutFolds !== withoutEllipses && !HIDDEN_OUTER_FOLD.test(css)) {
    throw new Error('[portal-api-reference] the stylesheet no longer hides the JSON samples\' outermost ".collapser"');
  }
  return withoutFolds;
}

function withoutEmptyBoxes(html: string, rules: StylesheetRules): {html: string; jsonLines: boolean} {
  const edits: Edit[] = [];
  let jsonLines = false;
  // In document order, each decision seeing the tree as the earlier ones left it.
  for (const element of parse(html)) {
    const parent = element.parent;
    if (!parent || element.close[0] < 0) continue;
    if (isJsonLineBox(element, parent)) {
      jsonLines = true;
      counted(JSON_LINE_BOXES);
      edits.push([parent.open[0], parent.open[1], `<li class="${JSON_LINE_CLASS}">`]);
    } else if (isEmptyInline(element, parent, rules)) {
      counted(EMPTY_INLINES);
      edits.push([element.open[0], element.close[1], '']);
      parent.children.splice(parent.children.indexOf(element), 1);
      continue;
    } else if (isWrapper(element, parent)) {
      counted(WRAPPERS);
    } else if (isPlainParagraph(element, parent, rules)) {
      counted(PARAGRAPHS);
    } else {
      continue;
    }
    parent.children.splice(parent.children.indexOf(element), 1, ...element.children);
    for (const child of element.children) if (child !== true) child.parent = parent;
    edits.push([element.open[0], element.open[1], ''], [element.close[0], element.close[1], '']);
  }
  edits.sort((a, b) => a[0] - b[0]);
  let out = '';
  let from = 0;
  for (const [start, end, text] of edits) {
    out += html.slice(from, start) + text;
    from = end;
  }
  return {html: out + html.slice(from), jsonLines};
}

const hasNoAttributes = (element: Element): boolean => Object.keys(element.attributes).length === 0;
const classesOf = (element: Element): string[] => (element.attributes.class ?? '').split(/\s+/).filter(Boolean);

/** Whether a `<div>` without attributes can give its place to its content (see above). */
function isWrapper(div: Element, parent: Element): boolean {
  if (div.name !== 'div' || !hasNoAttributes(div)) return false;
  const only = div.children.length === 1 ? div.children[0] : undefined;
  if (only !== undefined && only !== true && only.name === 'div') return true;
  if (parent.name !== 'td' || parent.children.includes(true)) return false;
  if (parent.children.length === 1) return true;
  return (
    parent.children[0] === div &&
    div.children.length > 0 &&
    div.children.every((child) => child !== true && child.name === 'span')
  );
}

/** A JSON sample's `hoverable` box, all that its line's `<li>` holds. */
function isJsonLineBox(div: Element, li: Element): boolean {
  return (
    div.name === 'div' &&
    div.attributes.class === 'hoverable' &&
    Object.keys(div.attributes).length === 1 &&
    li.name === 'li' &&
    hasNoAttributes(li) &&
    li.children.length === 1 &&
    li.close[0] >= 0
  );
}

/** A description's only paragraph, in a table cell, with no margins and no style of its own. */
function isPlainParagraph(p: Element, description: Element, rules: StylesheetRules): boolean {
  if (p.name !== 'p' || !hasNoAttributes(p) || description.children.length !== 1) return false;
  if (!classesOf(description).some((name) => rules.paragraphMarginsRemoved.has(name))) return false;
  let inCell = false;
  for (let ancestor: Element | undefined = description; ancestor; ancestor = ancestor.parent) {
    if (classesOf(ancestor).some((name) => rules.paragraphStyled.has(name))) return false;
    if (ancestor.name === 'td') inCell = true;
  }
  return inCell && !rules.paragraphsStyledElsewhere;
}

/** An empty `<span>` right before a `<span>` with the classes that size it (see above). */
function isEmptyInline(span: Element, parent: Element, rules: StylesheetRules): boolean {
  if (span.name !== 'span' || span.children.length > 0 || Object.keys(span.attributes).join() !== 'class') return false;
  const next = parent.children[parent.children.indexOf(span) + 1];
  if (next === undefined || next === true || next.name !== 'span' || next.open[0] !== span.close[1]) return false;
  if (!next.children.includes(true)) return false;
  const neighbour = new Set(classesOf(next));
  return classesOf(span).every((name) => {
    const declarations = rules.plainDeclarations.get(name);
    if (!declarations || rules.inOtherSelectors.has(name)) return false;
    if (!declarations.every((property) => INLINE_METRICS.has(property))) return false;
    return neighbour.has(name) || !declarations.some((property) => SIZING.has(property));
  });
}
