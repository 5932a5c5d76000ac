/**
 * Fewer elements in the static reference, with the same look (issue 21). The browser's work on a
 * page as it loads (parsing, style, layout, paint) grows with its elements, and the container
 * reference has over 40,000. Some of them draw nothing, and go at build time (compactStaticReference):
 *
 * - Wrappers: a `<div>` without attributes adds a block box and nothing else. Where its only
 *   element is another `<div>` (Redoc nests them two and three deep around field descriptions), or
 *   where it is all a table cell holds, its content takes its place. So does the first `<div>` of a
 *   table cell when it holds only `<span>`s (a field's type line): the browser puts inline content
 *   between blocks into a box of its own, the same block the `<div>` made.
 * - The JSON samples' hidden parts: each object and array has an ellipsis, shown by Redoc only when
 *   the reader folds it, and the sample's outermost one a fold button that Redoc hides. The static
 *   reference never folds (a click loads the interactive Redoc, which renders its own), so both go,
 *   provided the stylesheet hides them (the build fails if a Redoc update stops doing so).
 *
 * Only the markup that the static reference alone uses changes: the interactive Redoc renders its
 * own tree. Checked on all eight API pages at a phone's and a desktop's width, with JavaScript
 * off: every text and every remaining element had the same box and colours before and after. The
 * container reference has about 4,000 elements fewer (of 42,600).
 */
import {Parser} from 'htmlparser2';

/** The stylesheet rules that hide what goes from the JSON samples (see above). */
const HIDDEN_ELLIPSIS = /\s\.ellipsis\{display:none;?\}/;
const HIDDEN_OUTER_FOLD = /\.redoc-json code>\.collapser\{display:none;/;
const ELLIPSIS = '<span class="ellipsis"></span>';
const OUTER_FOLD = /(<div class="redoc-json"><code>)<button class="collapser" aria-label="collapse"><\/button>/g;

interface Element {
  name: string;
  hasAttributes: boolean;
  /** Where its start tag begins and ends, and its end tag; -1 for an end tag the parser implied. */
  open: [number, number];
  close: [number, number];
  parent: Element | undefined;
  /** Its elements, and `true` for each text that is not only white space. */
  children: (Element | true)[];
}

/** The markup without the wrappers and hidden parts of the JSON samples described above. */
export function withFewerElements(html: string, css: string): string {
  return unwrapPlainDivs(withoutHiddenJsonParts(html, css));
}

function withoutHiddenJsonParts(html: string, css: string): string {
  const withoutEllipses = html.split(ELLIPSIS).join('');
  if (withoutEllipses !== html && !HIDDEN_ELLIPSIS.test(css)) {
    throw new Error('[portal-api-reference] the stylesheet no longer hides the JSON samples\' ".ellipsis"');
  }
  const withoutFolds = withoutEllipses.replace(OUTER_FOLD, '$1');
  if (withoutFolds !== withoutEllipses && !HIDDEN_OUTER_FOLD.test(css)) {
    throw new Error('[portal-api-reference] the stylesheet no longer hides the JSON samples\' outermost ".collapser"');
  }
  return withoutFolds;
}

function unwrapPlainDivs(html: string): string {
  const root: Element = {name: '', hasAttributes: true, open: [0, 0], close: [-1, -1], parent: undefined, children: []};
  const divs: Element[] = [];
  let current = root;
  const parser: Parser = new Parser({
    onopentag(name, attributes) {
      const element: Element = {
        name,
        hasAttributes: Object.keys(attributes).length > 0,
        open: [parser.startIndex, parser.endIndex + 1],
        close: [-1, -1],
        parent: current,
        children: [],
      };
      current.children.push(element);
      current = element;
      if (name === 'div' && !element.hasAttributes) divs.push(element);
    },
    onclosetag(_name, isImplied) {
      if (!isImplied) current.close = [parser.startIndex, parser.endIndex + 1];
      current = current.parent ?? root;
    },
    ontext(text) {
      if (text.trim() !== '') current.children.push(true);
    },
  });
  parser.end(html);

  // In document order, each decision seeing the tree as the earlier ones left it.
  const cuts: [number, number][] = [];
  for (const div of divs) {
    const parent = div.parent;
    if (!parent || div.close[0] < 0 || !isWrapper(div, parent)) continue;
    parent.children.splice(parent.children.indexOf(div), 1, ...div.children);
    for (const child of div.children) if (child !== true) child.parent = parent;
    cuts.push(div.open, div.close);
  }
  cuts.sort((a, b) => a[0] - b[0]);
  let out = '';
  let from = 0;
  for (const [start, end] of cuts) {
    out += html.slice(from, start);
    from = end;
  }
  return out + html.slice(from);
}

/** Whether a `<div>` without attributes can give its place to its content (see above). */
function isWrapper(div: Element, parent: Element): boolean {
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
