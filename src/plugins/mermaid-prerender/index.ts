/**
 * Mermaid diagrams drawn at build time. rehype-mermaid renders each
 * ```mermaid block in a headless Chromium while the site builds and puts the
 * SVG into the page: readers get the diagram with the HTML, and no page loads
 * Mermaid's JavaScript (about 190 KB gzip, and a long main-thread task per
 * diagram on a phone). A diagram that does not parse fails the build, naming
 * the file.
 *
 * Without a Chromium on the machine (e.g. `npm start` on a laptop without
 * one), or with PORTAL_MERMAID=client, the site falls back to Docusaurus's
 * own client-side Mermaid (@docusaurus/theme-mermaid, see src/theme/Mermaid).
 */
import fs from 'node:fs';
import {createRequire} from 'node:module';
import type {PluggableList} from 'unified';
import type RehypeMermaid from 'rehype-mermaid';
import type {RehypeMermaidOptions} from 'rehype-mermaid';

/**
 * rehype-mermaid is an ES module that uses import.meta: load it with Node's
 * own require (which loads ES modules on Node 20.19 and later), not through
 * the transpiler Docusaurus reads this config with.
 */
const loadRehypeMermaid = (): typeof RehypeMermaid =>
  (createRequire(__filename)('rehype-mermaid') as {default: typeof RehypeMermaid}).default;

interface HastNode {
  type: string;
  tagName?: string;
  properties?: Record<string, unknown>;
  children?: HastNode[];
}

/** MDX component that shows a drawn diagram (registered in src/theme/MDXComponents). */
export const DIAGRAM_COMPONENT = 'MermaidDiagram';

/**
 * Rehype plugin, after rehype-mermaid: hands each drawn diagram to the
 * MermaidDiagram component as one SVG string. As JSX, the SVG would be
 * hydrated node by node, and the production HTML minifier's changes to its
 * text and style nodes make React throw the page's server HTML away (#418);
 * as a string it is set once and never compared.
 */
export function rehypeMermaidAsHtml() {
  const {toHtml} = createRequire(__filename)('hast-util-to-html') as {toHtml: (node: HastNode) => string};
  const replace = (node: HastNode): void => {
    if (!node.children) return;
    node.children = node.children.map((child) => {
      if (
        child.type === 'element' &&
        child.tagName === 'svg' &&
        String(child.properties?.id ?? '').startsWith('mermaid')
      ) {
        return {
          type: 'mdxJsxFlowElement',
          name: DIAGRAM_COMPONENT,
          attributes: [{type: 'mdxJsxAttribute', name: 'svg', value: toHtml(child)}],
          children: [],
        } as HastNode;
      }
      replace(child);
      return child;
    });
  };
  return (tree: HastNode) => replace(tree);
}

/** Where a Chromium may be, in order: CHROME_PATH, then Debian's and other distributions' paths. */
const BROWSER_CANDIDATES = ['/usr/bin/chromium', '/usr/bin/chromium-browser', '/usr/bin/google-chrome'];

export function findBuildBrowser(env: NodeJS.ProcessEnv = process.env): string | undefined {
  return [env.CHROME_PATH, ...BROWSER_CANDIDATES].find(
    (candidate): candidate is string => Boolean(candidate) && fs.existsSync(candidate!),
  );
}

export interface MermaidRendering {
  /** 'build': SVG in the HTML; 'client': Docusaurus's theme-mermaid draws in the browser. */
  mode: 'build' | 'client';
  /** Why this mode, for the build log. */
  reason: string;
  /** rehype plugins for the docs and blog (empty in client mode). */
  rehypePlugins: PluggableList;
}

/** The same light theme the client-side diagrams use (themeConfig.mermaid). */
export const MERMAID_CONFIG = {theme: 'default'} as const;

export function mermaidRendering(env: NodeJS.ProcessEnv = process.env): MermaidRendering {
  const requested = (env.PORTAL_MERMAID ?? '').trim();
  if (requested !== '' && requested !== 'build' && requested !== 'client') {
    throw new Error(`PORTAL_MERMAID must be "build" or "client", got "${requested}"`);
  }
  if (requested === 'client') {
    return {mode: 'client', reason: 'PORTAL_MERMAID=client', rehypePlugins: []};
  }
  const browser = findBuildBrowser(env);
  if (!browser) {
    if (requested === 'build') {
      throw new Error(
        `PORTAL_MERMAID=build needs a Chromium (looked at CHROME_PATH, ${BROWSER_CANDIDATES.join(', ')}). ` +
          'Install one with: sudo apt-get install -y chromium',
      );
    }
    return {mode: 'client', reason: 'no Chromium found to draw them at build time', rehypePlugins: []};
  }
  const options: RehypeMermaidOptions = {
    strategy: 'inline-svg',
    mermaidConfig: MERMAID_CONFIG,
    launchOptions: {executablePath: browser, args: ['--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage']},
  };
  return {
    mode: 'build',
    reason: `drawn at build time with ${browser}`,
    rehypePlugins: [[loadRehypeMermaid(), options], rehypeMermaidAsHtml],
  };
}
