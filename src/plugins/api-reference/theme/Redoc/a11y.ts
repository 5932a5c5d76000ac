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

/** Repairs `root` now and after every change Redoc makes to it (at most once per frame); returns the stop function. */
export function keepRedocMarkupRepaired(root: Element): () => void {
  repairRedocMarkup(root);
  let frame = 0;
  const observer = new MutationObserver(() => {
    if (frame) return;
    frame = requestAnimationFrame(() => {
      frame = 0;
      repairRedocMarkup(root);
    });
  });
  observer.observe(root, {childList: true, subtree: true});
  return () => {
    observer.disconnect();
    cancelAnimationFrame(frame);
  };
}
