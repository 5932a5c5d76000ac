/**
 * Leaner markup of the static reference, made at build time (issue 21). The static HTML is never
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
 * - The stylesheet's `data-styled.g12[id="sc-…"]{content:"…"}` entries (and the `/*!sc*\/`
 *   separators) tell styled-components which rules it already has when it rehydrates a sheet; this
 *   one is never rehydrated, and browsers drop those entries as invalid rules anyway.
 */
import type {StaticReference} from './types';

/** `data-styled.g12[id="sc-abc"]{content:"def,ghi,"}` entries, with the separator after them. */
const REHYDRATION_ENTRY = /data-styled\.g\d+\[id="[^"]*"\]\{content:"[^"]*"\}(?:\/\*!sc\*\/)?\n?/g;
const SEPARATOR = /\/\*!sc\*\/\n?/g;
const HTML_ATTRIBUTE = / html="[^"]*"/g;
const TEXT_SEPARATOR = /<!-- -->/g;
const CLASS_ATTRIBUTE = / class="([^"]*)"/g;
const COMPONENT_ID_IN_CSS = /\.(sc-[\w-]+)/g;

export function compactStylesheet(css: string): string {
  return css.replace(REHYDRATION_ENTRY, '').replace(SEPARATOR, '\n');
}

/** The component ids (`sc-…`) that a rule of `css` names in its selector. */
export function componentIdsInStyles(css: string): Set<string> {
  return new Set([...css.matchAll(COMPONENT_ID_IN_CSS)].map((match) => match[1] ?? ''));
}

export function compactMarkup(html: string, keepComponentIds: ReadonlySet<string>): string {
  return html
    .replace(HTML_ATTRIBUTE, '')
    .replace(TEXT_SEPARATOR, '')
    .replace(CLASS_ATTRIBUTE, (_, value: string) => {
      const kept = value
        .split(/\s+/)
        .filter((token) => token !== '' && (!token.startsWith('sc-') || keepComponentIds.has(token)));
      return kept.length > 0 ? ` class="${kept.join(' ')}"` : '';
    });
}

export function compactStaticReference({html, css}: StaticReference): StaticReference {
  const styles = compactStylesheet(css);
  return {html: compactMarkup(html, componentIdsInStyles(styles)), css: styles};
}
