/**
 * The Markdown of the site's MDX components (src/theme/MDXComponents.tsx, src/components/), for a doc's
 * Markdown (src/lib/markdown/docs.ts): what the component shows, as text or a table. A component used in the
 * docs without an entry here fails the build.
 */
import {displayTextLimits} from './DisplayTextChecker/limits';

export const MDX_COMPONENT_MARKDOWN: Readonly<Record<string, () => string[]>> = {
  DisplayTextChecker: () => [
    '| Field | Longest text (characters) |',
    '|---|---|',
    ...displayTextLimits.map((limit) => `| ${limit.label} | ${limit.max} |`),
  ],
};
