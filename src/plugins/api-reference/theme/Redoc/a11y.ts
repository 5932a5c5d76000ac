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
 */
import {definePattern, replaceCounted} from './rewrites';

export function repairRedocMarkup(root: ParentNode): void {
  root.querySelectorAll('li[role="menuitem"] > ul:not([role])').forEach((list) => list.setAttribute('role', 'menu'));
  const scrollers = new Set<Element>(root.querySelectorAll('pre, table'));
  root.querySelectorAll('.redoc-json').forEach((json) => json.parentElement && scrollers.add(json.parentElement));
  scrollers.forEach((element) => {
    if (!element.hasAttribute('tabindex')) element.setAttribute('tabindex', '0');
  });
  root.querySelectorAll('select:not([aria-label]):not([aria-labelledby])').forEach((select) => {
    select.setAttribute('aria-label', 'Choose an example');
  });
  root.querySelectorAll('h5:not([aria-level])').forEach((heading) => heading.setAttribute('aria-level', '3'));
}

const FILE = 'src/plugins/api-reference/theme/Redoc/a11y.ts';
/** A nested list of the side menu directly follows its menu item's label. */
const NESTED_MENU = definePattern(FILE, "the side menu's nested lists", /<\/label><ul\b([^>]*)>/g);
const SCROLLER = definePattern(FILE, 'code samples and tables', /<(pre|table)\b([^>]*)>/g);
const JSON_SCROLLER = definePattern(FILE, 'JSON samples', /<div\b([^>]*)>(?=<div class="redoc-json">)/g);
const CHOOSER = definePattern(FILE, 'example choosers', /<select\b([^>]*)>/g);
const PARAMETER_HEADING = definePattern(FILE, "an operation's h5 headings", /<h5\b([^>]*)>/g);

/**
 * The same repairs on the static reference's HTML as React renders it on the server (attributes in
 * double quotes), so that the page arrives repaired: the browser then has nothing to change, and
 * does not restyle the tables and samples of a long reference once it is shown. The in-page
 * repairs above run for the interactive reference and what Redoc renders later; the static
 * reference's element carries REPAIRED_ATTRIBUTE, and they skip it.
 */
export function repairRedocHtml(html: string): string {
  const lacks = (attributes: string, name: string) => !new RegExp(`\\s${name}=`).test(attributes);
  let markup = replaceCounted(html, NESTED_MENU, (tag, attributes: string) =>
    lacks(attributes, 'role') ? `</label><ul role="menu"${attributes}>` : tag,
  );
  markup = replaceCounted(markup, SCROLLER, (tag, name: string, attributes: string) =>
    lacks(attributes, 'tabindex') ? `<${name} tabindex="0"${attributes}>` : tag,
  );
  markup = replaceCounted(markup, JSON_SCROLLER, (tag, attributes: string) =>
    lacks(attributes, 'tabindex') ? `<div tabindex="0"${attributes}>` : tag,
  );
  markup = replaceCounted(markup, CHOOSER, (tag, attributes: string) =>
    lacks(attributes, 'aria-label') && lacks(attributes, 'aria-labelledby')
      ? `<select aria-label="Choose an example"${attributes}>`
      : tag,
  );
  return replaceCounted(markup, PARAMETER_HEADING, (tag, attributes: string) =>
    lacks(attributes, 'aria-level') ? `<h5 aria-level="3"${attributes}>` : tag,
  );
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
