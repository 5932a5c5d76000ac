/**
 * Redoc 2.4 markup that fails axe, repaired in place (the static reference and
 * the interactive one alike, and whatever Redoc renders later):
 * - the side menu nests lists of `role="menuitem"` items inside menu items
 *   (tag groups): each nested list becomes a submenu, `role="menu"` (axe:
 *   aria-required-parent, list);
 * - code samples, JSON samples and description tables scroll sideways: they
 *   get `tabindex="0"` so that keyboard users can scroll them
 *   (scrollable-region-focusable);
 * - the example chooser is a `<select>` without a label (select-name);
 * - inside an operation (an h2) the parameter, authorization and body headings are h5s: they
 *   get `aria-level="3"`, so that heading levels go down one step at a time (heading-order).
 *
 * One table (REPAIRS) holds each repair in both its forms: the selector of the page's elements, and the
 * pattern of the same elements in the server HTML.
 */
import {definePattern, replaceCounted, type PatternRewrite} from './rewrites';

/** One repair, in the two forms it is applied in: on a page's elements and on the server HTML. */
interface Repair {
  /** The attribute set on an element that lacks it, and its value. */
  attribute: string;
  value: string;
  /** An element that has one of these is left as it is (a label given another way). */
  unless?: readonly string[];
  /** The elements to repair, in the page. */
  selector: string;
  /**
   * The same elements in the server HTML: an opening tag with the named groups `tag` and `attributes`,
   * after an optional `before` (context kept as it is), as React writes it (attributes in double quotes).
   */
  html: PatternRewrite;
}

const FILE = 'src/plugins/api-reference/theme/Redoc/a11y.ts';

/** The repairs, one row each: both forms are made from this table, so they cannot drift apart. */
export const REPAIRS: readonly Repair[] = [
  {
    // A nested list of the side menu, inside a menu item after its label: a submenu.
    attribute: 'role',
    value: 'menu',
    selector: 'li[role="menuitem"] > label + ul',
    html: definePattern(
      FILE,
      "the side menu's nested lists",
      /(?<before><\/label>)<(?<tag>ul)\b(?<attributes>[^>]*)>/g,
    ),
  },
  {
    attribute: 'tabindex',
    value: '0',
    selector: 'pre, table',
    html: definePattern(FILE, 'code samples and tables', /<(?<tag>pre|table)\b(?<attributes>[^>]*)>/g),
  },
  {
    // The element that scrolls a JSON sample: the parent of `.redoc-json`.
    attribute: 'tabindex',
    value: '0',
    selector: 'div:has(> .redoc-json)',
    html: definePattern(FILE, 'JSON samples', /<(?<tag>div)\b(?<attributes>[^>]*)>(?=<div class="redoc-json">)/g),
  },
  {
    attribute: 'aria-label',
    value: 'Choose an example',
    unless: ['aria-labelledby'],
    selector: 'select',
    html: definePattern(FILE, 'example choosers', /<(?<tag>select)\b(?<attributes>[^>]*)>/g),
  },
  {
    attribute: 'aria-level',
    value: '3',
    selector: 'h5',
    html: definePattern(FILE, "an operation's h5 headings", /<(?<tag>h5)\b(?<attributes>[^>]*)>/g),
  },
];

const needsRepair = (repair: Repair, has: (name: string) => boolean): boolean =>
  !has(repair.attribute) && !(repair.unless ?? []).some(has);

/** The repairs, on the elements under `root` (the interactive reference, and what Redoc renders later). */
export function repairRedocMarkup(root: ParentNode): void {
  for (const repair of REPAIRS) {
    root.querySelectorAll(repair.selector).forEach((element) => {
      if (needsRepair(repair, (name) => element.hasAttribute(name)))
        element.setAttribute(repair.attribute, repair.value);
    });
  }
}

/**
 * The same repairs on the static reference's HTML as React renders it on the server, so that the page
 * arrives repaired: the browser then has nothing to change, and does not restyle the tables and samples of
 * a long reference once it is shown. The static reference's element carries REPAIRED_ATTRIBUTE, and the
 * in-page repairs skip it.
 */
export function repairRedocHtml(html: string): string {
  let markup = html;
  for (const repair of REPAIRS) {
    markup = replaceCounted(markup, repair.html, (match: string, ...rest: never[]) => {
      // With named groups, the last argument of a replacer is the object of the groups.
      const groups = (rest as unknown[]).at(-1) as {before?: string; tag: string; attributes: string};
      const has = (name: string) => new RegExp(`\\s${name}=`).test(groups.attributes);
      if (!needsRepair(repair, has)) return match;
      return `${groups.before ?? ''}<${groups.tag} ${repair.attribute}="${repair.value}"${groups.attributes}>`;
    });
  }
  return markup;
}

/**
 * Marks a static reference whose markup repairRedocHtml made at build time: it arrives repaired, so
 * the in-page repairs skip it (one pass over the container reference costs about 60 ms at 4x CPU,
 * at hydration).
 */
export const REPAIRED_ATTRIBUTE = 'data-repaired';
/** That mark, as props of the static reference's element. */
export const repairedMark: Record<typeof REPAIRED_ATTRIBUTE, ''> = {[REPAIRED_ATTRIBUTE]: ''};

/**
 * Repairs `root` now (unless it holds a static reference the build repaired) and, after each change
 * Redoc makes, the parts that changed (at most once per frame); returns the stop function.
 */
export function keepRedocMarkupRepaired(root: Element): () => void {
  if (!root.querySelector(`:scope > [${REPAIRED_ATTRIBUTE}]`)) repairRedocMarkup(root);
  let frame = 0;
  // The elements whose children changed: their subtrees are repaired (a repair may concern an
  // element's parent, e.g. the element holding a JSON sample). Changes inside a repaired static
  // reference are not Redoc's (the fetched reference moving in, Try it bars) and are skipped.
  const changed = new Set<Element>();
  const observer = new MutationObserver((records) => {
    for (const record of records) {
      const {target} = record;
      if (record.addedNodes.length > 0 && target instanceof Element && !target.closest(`[${REPAIRED_ATTRIBUTE}]`)) {
        changed.add(target);
      }
    }
    if (frame || changed.size === 0) return;
    frame = requestAnimationFrame(() => {
      frame = 0;
      const targets = [...changed].filter((element) => element.isConnected);
      changed.clear();
      for (const target of targets) {
        if (!targets.some((other) => other !== target && other.contains(target))) repairRedocMarkup(target);
      }
    });
  });
  observer.observe(root, {childList: true, subtree: true});
  return () => {
    observer.disconnect();
    cancelAnimationFrame(frame);
  };
}
