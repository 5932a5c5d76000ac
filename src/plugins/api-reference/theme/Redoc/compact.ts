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
 * - react-tabs names each tab and panel after React's `useId` (`tab_R_2aeq_0`, `panel_R_2aeq_0`), ids
 *   that differ in every operation and so compress badly (about 17 KB of the container page's gzip);
 *   each tab set gets a short serial number instead (`tab_r12_0`), the pairs of ids (a tab's
 *   `aria-controls`, a panel's `aria-labelledby`) still matching. Its `data-rttab` marker is for
 *   its own keyboard handling, which only the interactive reference has.
 * - On `<svg>` elements in HTML, `xmlns`, `version` and the outer `x`/`y` change nothing.
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
const TAB_ID = /"(tab|panel)_(R_\w+?_)(\d+)"/g;
const TABS_MARKER = / data-rttab="true"/g;
const SVG_TAG = /<svg\b[^>]*>/g;
const SVG_NO_OPS = / (?:xmlns="http:\/\/www\.w3\.org\/2000\/svg"|version="1\.1"|x="0(?:px)?"|y="0(?:px)?")/g;

export function compactStylesheet(css: string): string {
  return css.replace(REHYDRATION_ENTRY, '').replace(SEPARATOR, '\n');
}

/** The component ids (`sc-…`) that a rule of `css` names in its selector. */
export function componentIdsInStyles(css: string): Set<string> {
  return new Set([...css.matchAll(COMPONENT_ID_IN_CSS)].map((match) => match[1] ?? ''));
}

export function compactMarkup(html: string, keepComponentIds: ReadonlySet<string>): string {
  const tabSets = new Map<string, number>();
  const serial = (reactId: string): number => {
    const known = tabSets.get(reactId);
    if (known !== undefined) return known;
    tabSets.set(reactId, tabSets.size + 1);
    return tabSets.size;
  };
  return html
    .replace(HTML_ATTRIBUTE, '')
    .replace(TAB_ID, (_, kind: string, reactId: string, index: string) => `"${kind}_r${serial(reactId)}_${index}"`)
    .replace(TABS_MARKER, '')
    .replace(SVG_TAG, (tag) => tag.replace(SVG_NO_OPS, ''))
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
