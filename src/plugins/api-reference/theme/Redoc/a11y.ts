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

/**
 * The same repairs on the static reference's HTML as React renders it on the server (attributes in
 * double quotes), so that the page arrives repaired: the browser then has nothing to change, and
 * does not restyle the tables and samples of a long reference once it is shown. The in-page
 * repairs above still run, for the interactive reference and as a safety net.
 */
export function repairRedocHtml(html: string): string {
  const lacks = (attributes: string, name: string) => !new RegExp(`\\s${name}=`).test(attributes);
  return (
    html
      // A nested list of the side menu directly follows its menu item's label.
      .replace(/<\/label><ul\b([^>]*)>/g, (tag, attributes: string) =>
        lacks(attributes, 'role') ? `</label><ul role="menu"${attributes}>` : tag,
      )
      .replace(/<(pre|table)\b([^>]*)>/g, (tag, name: string, attributes: string) =>
        lacks(attributes, 'tabindex') ? `<${name} tabindex="0"${attributes}>` : tag,
      )
      .replace(/<div\b([^>]*)>(?=<div class="redoc-json">)/g, (tag, attributes: string) =>
        lacks(attributes, 'tabindex') ? `<div tabindex="0"${attributes}>` : tag,
      )
      .replace(/<select\b([^>]*)>/g, (tag, attributes: string) =>
        lacks(attributes, 'aria-label') && lacks(attributes, 'aria-labelledby')
          ? `<select aria-label="Choose an example"${attributes}>`
          : tag,
      )
      .replace(/<h5\b([^>]*)>/g, (tag, attributes: string) =>
        lacks(attributes, 'aria-level') ? `<h5 aria-level="3"${attributes}>` : tag,
      )
  );
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
