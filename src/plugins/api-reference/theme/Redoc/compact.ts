/**
 * Leaner markup of the static reference, made at build time. The static HTML is never
 * hydrated: no Redoc or styled-components code reads it back (the interactive Redoc renders its
 * own tree), so what only that code would read can go, while every element, text and attribute
 * the reader, the stylesheet, the accessibility repairs (./a11y) or Try it use stays:
 *
 * - Redoc's Markdown blocks carry their rendered HTML twice: as the element's content and, because
 *   styled-components passes the `html` prop through to the DOM, again in an `html` attribute
 *   (about 290 KB of the container reference's 2.4 MB). The attribute goes.
 * - React's `<!-- -->` markers between neighbouring text nodes exist for hydration; without them
 *   the texts join into one node, which reads and renders the same.
 * - styled-components gives each element two classes: its component's id (`sc-…`), used only
 *   where one component's style targets another (`${Title}:hover`), and the class of its style
 *   rules. Component ids that no rule of the stylesheet names go.
 * - react-tabs names each tab and panel after React's `useId` (`tab_R_2aeq_0`, `panel_R_2aeq_0`), ids
 *   that differ in every operation and so compress badly (about 17 KB of the container page's gzip);
 *   each tab set gets a short serial number instead (`tab_r12_0`), the pairs of ids (a tab's
 *   `aria-controls`, a panel's `aria-labelledby`) still matching. Its `data-rttab` marker is for
 *   its own keyboard handling, which only the interactive reference has.
 * - On `<svg>` elements in HTML, `xmlns`, `version` and the outer `x`/`y` change nothing.
 * - The class names styled-components made (`gBFWRX`, `sc-dIqZL`: about 200 KB of the container
 *   page's class attributes) get short ones, `_a`, `_b`, … `_ab`, the most frequent first, in the
 *   markup and the stylesheet alike. Only the names styled-components reports as its own change,
 *   never Redoc's, react-tabs' or Prism's meaningful classes (`redoc-json`, `token`, `tab-error`).
 * - The stylesheet's `data-styled.g12[id="sc-…"]{content:"…"}` entries (and the `/*!sc*\/`
 *   separators) tell styled-components which rules it already has when it rehydrates a sheet; this
 *   one is never rehydrated, and browsers drop those entries as invalid rules anyway.
 *
 * Then two changes that make the page cheaper to load without changing what it shows
 * (lightenForLoading; both were found in a trace of the container page's load at 4x CPU; the
 * third, a page in ASCII, is src/plugins/ascii-pages):
 * - Redoc's example chooser is a transparent `<select>` over a label that names the chosen example.
 *   Chromium lays the whole page out once for each `<select>` when it finishes parsing: the
 *   container page's eleven cost about 400 ms there. In the static reference it could not switch
 *   examples anyway (only the chosen one is rendered; touching it loads the interactive reference), so it
 *   becomes a `<button>` in the same place, with the same name and class.
 * - Chromium's parser works in slices of up to 500 ms, one long task each, but stops early before a
 *   `<script>` once it has done enough work. An empty, never-run `<script type="text/plain">` before
 *   an outer section (operation, tag, description section) lets the browser paint and answer input
 *   there. One comes every 48 KB of markup or so, at the next outer section: a slice then takes about
 *   40 ms at 4x CPU, under the 50 ms of a long task. A break before every section made the browser
 *   draw so many frames of the half-parsed page that it finished loading about 300 ms later. The
 *   scripts follow no section, so `:last-child` rules still match.
 * - The tags and operations, every outer section after the description's, sit in one `<div
 *   data-operations>` that ends where their parent ends. On a fresh load, while the group is off
 *   screen, the stylesheet skips it as a whole (`content-visibility: auto`, src/css/custom.css), as
 *   it skips each section, with the height of its sections skipped (`--sections`, their number), so
 *   that the page is as tall either way. The sections the parser adds to it then change nothing the
 *   browser draws, and the frames in between cost almost nothing. With each section skipped on its
 *   own, every section added made the page taller, and the browser laid out, painted and checked the
 *   visibility of the half-parsed page again at each of its frames: that was as much work as the
 *   parsing itself, and the container page was hydrated about 300 ms later at 4x CPU. Not on a
 *   reload or a step back or forward: there the browser restores the scroll position while it
 *   parses, and the group would fill up in the viewport, with other heights than the reader had.
 *   A `<div>` it is, so `:last-of-type` and `:last-child` still find the last section, and the
 *   section before it is followed by a `<div>` as before. One rule of the stylesheets went from
 *   `.api-content` down to a section's parts, child by child (redocusaurus's colour of the right
 *   panel's headings): the patch table gives it the group's path. With JavaScript off the pages
 *   look the same to the character (checked on all eight at 412 and 1280 px).
 *
 * And one that draws the same thing with less (cssChevrons): Redoc's chevron, on every response,
 * expandable field and menu entry (829 on the container page), is an `<svg>` with a `<polygon>`.
 * In the static reference it becomes an empty `<i>` of the same classes, cut to the same polygon
 * by `clip-path` and filled with its colour: two elements fewer each, and no SVG `load` event each
 * when the page finishes loading (Chromium sends one to every outermost `<svg>`; React's listener
 * on the page root handles each, about 200 ms at 4x CPU on the container page). The stylesheet's
 * `fill` of a chevron's polygon becomes the `color` of the chevron.
 *
 * Last, the elements that draw nothing of their own go (./fewerElements): plain wrappers, empty
 * spans, a description's one paragraph, the parts of the JSON samples that only Redoc's folding
 * shows, and the box around each of their lines.
 */
import {OPERATIONS_ATTRIBUTE} from '../../../../config/redoc';
import type {StaticReference} from './types';
import {withFewerElements} from './fewerElements';
import {parse} from './markup';
import {CLASS_SELECTORS} from './stylesheet';
import {definePattern, matchAllCounted, replaceCounted} from './rewrites';

const FILE = 'src/plugins/api-reference/theme/Redoc/compact.ts';

/** `data-styled.g12[id="sc-abc"]{content:"def,ghi,"}` entries, with the separator after them. */
const REHYDRATION_ENTRY = definePattern(
  FILE,
  "styled-components' rehydration entries",
  /data-styled\.g\d+\[id="[^"]*"\]\{content:"[^"]*"\}(?:\/\*!sc\*\/)?\n?/g,
);
const SEPARATOR = definePattern(FILE, "styled-components' rule separators", /\/\*!sc\*\/\n?/g);
const HTML_ATTRIBUTE = definePattern(FILE, "Markdown blocks' html attribute", / html="[^"]*"/g);
const TEXT_SEPARATOR = definePattern(FILE, "React's text separators", /<!-- -->/g);
const CLASS_ATTRIBUTE = definePattern(FILE, 'class attributes', / class="([^"]*)"/g);
const COMPONENT_ID_IN_CSS = definePattern(FILE, 'component ids in selectors', /\.(sc-[\w-]+)/g);
const TAB_ID = definePattern(FILE, "react-tabs' ids", /"(tab|panel)_(R_\w+?_)(\d+)"/g);
const TABS_MARKER = definePattern(FILE, "react-tabs' marker", / data-rttab="true"/g);
const SVG_TAG = definePattern(FILE, 'svg tags', /<svg\b[^>]*>/g);
const SVG_NO_OPS = definePattern(
  FILE,
  'svg attributes that change nothing',
  / (?:xmlns="http:\/\/www\.w3\.org\/2000\/svg"|version="1\.1"|x="0(?:px)?"|y="0(?:px)?")/g,
);

export function compactStylesheet(css: string): string {
  return replaceCounted(
    replaceCounted(css, REHYDRATION_ENTRY, () => ''),
    SEPARATOR,
    () => '\n',
  );
}

/** The component ids (`sc-…`) that a rule of `css` names in its selector. */
export function componentIdsInStyles(css: string): Set<string> {
  return new Set(matchAllCounted(css, COMPONENT_ID_IN_CSS).map((match) => match[1] ?? ''));
}

export function compactMarkup(html: string, keepComponentIds: ReadonlySet<string>): string {
  const tabSets = new Map<string, number>();
  const serial = (reactId: string): number => {
    const known = tabSets.get(reactId);
    if (known !== undefined) return known;
    tabSets.set(reactId, tabSets.size + 1);
    return tabSets.size;
  };
  let markup = replaceCounted(html, HTML_ATTRIBUTE, () => '');
  markup = replaceCounted(
    markup,
    TAB_ID,
    (_, kind: string, reactId: string, index: string) => `"${kind}_r${serial(reactId)}_${index}"`,
  );
  markup = replaceCounted(markup, TABS_MARKER, () => '');
  markup = replaceCounted(markup, SVG_TAG, (tag) => replaceCounted(tag, SVG_NO_OPS, () => ''));
  markup = replaceCounted(markup, TEXT_SEPARATOR, () => '');
  return replaceCounted(markup, CLASS_ATTRIBUTE, (_, value: string) => {
    const kept = value
      .split(/\s+/)
      .filter((token) => token !== '' && (!token.startsWith('sc-') || keepComponentIds.has(token)));
    return kept.length > 0 ? ` class="${kept.join(' ')}"` : '';
  });
}

const SHORT_NAME_DIGITS = 'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789';

/** The `index`-th short class name: `_a` … `_9`, then `_aa`, `_ab`, … */
export function shortClassName(index: number): string {
  let name = '';
  let rest = index;
  do {
    name = (SHORT_NAME_DIGITS[rest % SHORT_NAME_DIGITS.length] ?? '') + name;
    rest = Math.floor(rest / SHORT_NAME_DIGITS.length) - 1;
  } while (rest >= 0);
  return `_${name}`;
}

/**
 * Gives the class names of `generated` (styled-components' own) short names, the most frequent in
 * `html` first, in the markup and in the stylesheet. Fails if a short name is a class of the markup
 * already.
 */
export function shortenClassNames({html, css}: StaticReference, generated: ReadonlySet<string>): StaticReference {
  // Component ids (`sc-…`) are styled-components' too, also those of components a selector names
  // but this page never rendered (the sheet registers only rendered ones).
  const isGenerated = (name: string): boolean => generated.has(name) || name.startsWith('sc-');
  const counts = new Map<string, number>();
  const others = new Set<string>();
  for (const match of matchAllCounted(html, CLASS_ATTRIBUTE)) {
    for (const token of (match[1] ?? '').split(/\s+/)) {
      if (isGenerated(token)) counts.set(token, (counts.get(token) ?? 0) + 1);
      else if (token) others.add(token);
    }
  }
  // Names only the stylesheet has (a component this page does not render) are renamed too, last.
  for (const match of matchAllCounted(css, CLASS_SELECTORS)) {
    const name = match[1] ?? '';
    if (isGenerated(name) && !counts.has(name)) counts.set(name, 0);
  }
  const short = new Map<string, string>();
  for (const [name] of [...counts].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))) {
    const next = shortClassName(short.size);
    if (others.has(next)) throw new Error(`[portal-api-reference] the short class name ${next} is used by the markup`);
    short.set(name, next);
  }
  return {
    html: replaceCounted(
      html,
      CLASS_ATTRIBUTE,
      (_, value: string) =>
        ` class="${value
          .split(/\s+/)
          .map((token) => short.get(token) ?? token)
          .join(' ')}"`,
    ),
    css: replaceCounted(css, CLASS_SELECTORS, (selector, name: string) => {
      const renamed = short.get(name);
      return renamed ? `.${renamed}` : selector;
    }),
  };
}

/** The class names styled-components generated in `sheet`: its components' ids and their style classes. */
export function generatedClassNames(sheet: {names: Map<string, Set<string>>; keyframeIds?: Set<string>}): Set<string> {
  const names = new Set<string>();
  for (const [componentId, classes] of sheet.names) {
    if (sheet.keyframeIds?.has(componentId)) continue;
    names.add(componentId);
    for (const name of classes) names.add(name);
  }
  return names;
}

/** Redoc's example chooser, with its options. */
const EXAMPLE_CHOOSER = definePattern(FILE, "Redoc's example chooser", /<select\b([^>]*)>[\s\S]*?<\/select>/g);
/** An outer section of the reference: the only sections whose `id` comes before their `data-section-id`. */
const OUTER_SECTION = definePattern(FILE, 'outer sections', /<div id="([^"]+)" data-section-id="\1"/g);
/** Where the parser may end a slice of work (see above). */
export const PARSER_BREAK = '<script type="text/plain" data-parser-break></script>';
/** The least markup between two parser breaks, in characters (see above). */
export const PARSER_BREAK_SPACING = 48 * 1024;

/** The markup with the changes that make it cheaper to load (see above). */
export function lightenForLoading(html: string, breakSpacing = PARSER_BREAK_SPACING): string {
  let lastBreak = 0;
  const choosers = replaceCounted(
    groupOperations(html),
    EXAMPLE_CHOOSER,
    (_, attributes: string) => `<button type="button"${attributes}></button>`,
  );
  return replaceCounted(choosers, OUTER_SECTION, (tag: string, _id: string, offset: number) => {
    if (offset - lastBreak < breakSpacing) return tag;
    lastBreak = offset;
    return `${PARSER_BREAK}${tag}`;
  });
}

/** The tags and operations in one element, from the first outer section after the description's to their parent's end. */
export function groupOperations(html: string): string {
  const starts = matchAllCounted(html, OUTER_SECTION)
    .filter((match) => !(match[1] ?? '').startsWith('section/'))
    .map((match) => match.index);
  const start = starts[0];
  if (start === undefined) return html;
  const end = endOfParent(html, start);
  const sections = starts.filter((offset) => offset < end).length;
  const group = `<div ${OPERATIONS_ATTRIBUTE}="" style="--sections:${sections}">`;
  return `${html.slice(0, start)}${group}${html.slice(start, end)}</div>${html.slice(end)}`;
}

/** Where the end tag of the parent of the element starting at `offset` begins (the markup's end at the top level). */
function endOfParent(html: string, offset: number): number {
  const parent = parse(html).find((element) => element.open[0] === offset)?.parent;
  if (!parent) throw new Error(`[portal-api-reference] no element starts at ${offset} of the reference's markup`);
  if (parent.name === '') return html.length;
  if (parent.close[0] < 0)
    throw new Error("[portal-api-reference] the parent of the reference's operations has no end tag");
  return parent.close[0];
}

/** The points of Redoc's chevron polygon (ShelfIcon), in its 24 × 24 view box. */
export const CHEVRON_POINTS = [17.3, 8.3, 12, 13.6, 6.7, 8.3, 5.3, 9.7, 12, 16.4, 18.7, 9.7] as const;
/** The class of a chevron drawn with CSS (not one styled-components makes: those start with `_` or `sc-`). */
export const CSS_CHEVRON_CLASS = 'css-chevron';
const CHEVRON_SVG = definePattern(
  FILE,
  "Redoc's chevron",
  new RegExp(
    `<svg((?: [\\w-]+="[^"]*")*)><polygon points="${CHEVRON_POINTS.join(' ').replace(/\./g, '\\.')} ?"(?:/>|></polygon>)</svg>`,
    'g',
  ),
);
const VIEW_BOX = / viewBox="[^"]*"/;
/** A rule whose one declaration is a `fill`: `<selectors>{fill:<colour>;}`. */
const FILL_RULE = definePattern(
  FILE,
  'rules whose one declaration is a fill',
  /(?<=^|[{}])([^{}]+)\{fill:([^;{}]+);?\}/g,
);
/** A selector of a chevron's polygon: `<… .class> polygon`. */
const CHEVRON_POLYGON_SELECTOR = /^(.*\.([\w-]+))\s+polygon$/;

/** The chevrons as CSS-drawn `<i>` elements (see above). */
export function cssChevrons({html, css}: StaticReference): StaticReference {
  const chevronClasses = new Set<string>();
  const markup = replaceCounted(html, CHEVRON_SVG, (_, attributes: string) => {
    const classes = (/ class="([^"]*)"/.exec(attributes)?.[1] ?? '').split(/\s+/).filter(Boolean);
    for (const name of classes) chevronClasses.add(name);
    const rest = attributes.replace(VIEW_BOX, '').replace(/ class="[^"]*"/, '');
    return `<i class="${[CSS_CHEVRON_CLASS, ...classes].join(' ')}"${rest}></i>`;
  });
  if (chevronClasses.size === 0) return {html, css};
  // The `fill` of a chevron's polygon (`._q polygon`, `._ad ._j polygon`) becomes the chevron's
  // `color`, where every selector of the rule ends in a class of a chevron.
  const colours = replaceCounted(css, FILL_RULE, (rule: string, selectors: string, colour: string) => {
    const chevrons = selectors.split(',').map((selector) => CHEVRON_POLYGON_SELECTOR.exec(selector.trim()));
    const all = chevrons.every((match) => match !== null && chevronClasses.has(match[2] ?? ''));
    return all ? `${rule}${chevrons.map((match) => match?.[1] ?? '').join(',')}{color:${colour};}` : rule;
  });
  const corners: string[] = [];
  for (let index = 0; index + 1 < CHEVRON_POINTS.length; index += 2) {
    corners.push(`${percent(CHEVRON_POINTS[index] ?? 0)} ${percent(CHEVRON_POINTS[index + 1] ?? 0)}`);
  }
  // First in the sheet: the classes after it (size, float, rotation, colour) override it.
  const chevronRule =
    `.${CSS_CHEVRON_CLASS}{display:inline-block;color:#000;background-color:currentColor;` +
    `clip-path:polygon(${corners.join(',')});}`;
  return {html: markup, css: `${chevronRule}\n${colours}`};
}

/** A coordinate of the 24 × 24 view box as a percentage of the box. */
function percent(value: number): string {
  return `${Number(((value / 24) * 100).toFixed(3))}%`;
}

/** The static reference, compacted; `generated` holds styled-components' class names (generatedClassNames). */
export function compactStaticReference({html, css}: StaticReference, generated: ReadonlySet<string>): StaticReference {
  const styles = compactStylesheet(css);
  const short = shortenClassNames({html: compactMarkup(html, componentIdsInStyles(styles)), css: styles}, generated);
  const lean = withFewerElements(cssChevrons(short));
  return {html: lightenForLoading(lean.html), css: lean.css};
}
