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
import {createHash} from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import {createRequire} from 'node:module';
import type {Plugin} from '@docusaurus/types';
import {htmlFiles} from '../../lib/buildOutput';
import {CHROMIUM_CANDIDATES, CHROMIUM_INSTALL_HINT, findChromium} from '../../lib/chromium.mjs';
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

/** Where production builds keep the drawn diagrams, one `<id>.svg` each (removed by `docusaurus clear`). */
export const DIAGRAM_STORE_DIR = path.resolve(__dirname, '../../../node_modules/.cache/portal-diagrams');

/** URL path of the diagrams in the built site: `/diagrams/<id>.svg`. */
export const DIAGRAM_URL_DIR = 'diagrams';

/** A diagram's id: a hash of its SVG, so that a changed diagram gets a new file and URL. */
export const diagramId = (svg: string): string => createHash('sha256').update(svg).digest('hex').slice(0, 16);

/**
 * Rehype plugin, after rehype-mermaid: hands each drawn diagram to the
 * MermaidDiagram component. As JSX, the SVG would be hydrated node by node,
 * and the production HTML minifier's changes to its text and style nodes make
 * React throw the page's server HTML away (#418).
 *
 * - Production builds (`store`): the SVG goes to DIAGRAM_STORE_DIR and the
 *   component gets only its id. The server build reads the SVG from there
 *   into the HTML (src/plugins/mermaid-prerender/store.server.ts), so the
 *   page's JavaScript does not carry a copy (several KB gzip per diagram);
 *   after a client-side navigation the component fetches /diagrams/<id>.svg,
 *   which the plugin below copies into the build.
 * - Development: the component gets the SVG as one string (no server render).
 */
export function rehypeMermaidAsHtml(options: {store?: boolean} = {}) {
  const {toHtml} = createRequire(__filename)('hast-util-to-html') as {toHtml: (node: HastNode) => string};
  const store = options.store ?? process.env.NODE_ENV === 'production';
  const attribute = (svg: string) => {
    if (!store) return {type: 'mdxJsxAttribute', name: 'svg', value: svg};
    const id = diagramId(svg);
    fs.mkdirSync(DIAGRAM_STORE_DIR, {recursive: true});
    fs.writeFileSync(path.join(DIAGRAM_STORE_DIR, `${id}.svg`), svg);
    return {type: 'mdxJsxAttribute', name: 'id', value: id};
  };
  const replace = (node: HastNode): void => {
    if (!node.children) return;
    node.children = node.children.map((child) => {
      if (
        child.type === 'element' &&
        child.tagName === 'svg' &&
        String(child.properties?.id ?? '').startsWith('mermaid')
      ) {
        // The drawing's size, so that its box has its final height before the SVG is in (no layout shift).
        const viewBox = child.properties?.viewBox;
        const size = typeof viewBox === 'string' ? [{type: 'mdxJsxAttribute', name: 'viewBox', value: viewBox}] : [];
        return {
          type: 'mdxJsxFlowElement',
          name: DIAGRAM_COMPONENT,
          attributes: [attribute(toHtml(child)), ...size],
          children: [],
        } as HastNode;
      }
      replace(child);
      return child;
    });
  };
  return (tree: HastNode) => replace(tree);
}

/** Ids of the stored diagrams a built page shows (MermaidDiagram marks them with data-diagram-id). */
export const diagramIdsIn = (html: string): string[] =>
  [...html.matchAll(/data-diagram-id="?([0-9a-f]{16})/g)].map((match) => match[1]!);

/**
 * Docusaurus plugin for stored diagrams: `@portal/diagrams` resolves to the
 * reader of DIAGRAM_STORE_DIR in the server build and to an empty stub in the
 * browser's; after the build, every diagram a page shows is copied to
 * /diagrams/<id>.svg for client-side navigation.
 */
export function mermaidDiagramsPlugin(): Plugin {
  return {
    name: 'portal-mermaid-diagrams',
    configureWebpack(_config, isServer, {currentBundler}) {
      return {
        plugins: isServer
          ? [new currentBundler.instance.DefinePlugin({__PORTAL_DIAGRAM_STORE__: JSON.stringify(DIAGRAM_STORE_DIR)})]
          : [],
      };
    },
    async postBuild({outDir}) {
      const ids = new Set<string>();
      for (const file of htmlFiles(outDir)) diagramIdsIn(fs.readFileSync(file, 'utf8')).forEach((id) => ids.add(id));
      const target = path.join(outDir, DIAGRAM_URL_DIR);
      fs.mkdirSync(target, {recursive: true});
      for (const id of ids) {
        const source = path.join(DIAGRAM_STORE_DIR, `${id}.svg`);
        if (!fs.existsSync(source))
          throw new Error(`[mermaid] diagram ${id} is in the pages but not in ${DIAGRAM_STORE_DIR}`);
        fs.copyFileSync(source, path.join(target, `${id}.svg`));
      }
    },
  };
}

export interface MermaidRendering {
  /** 'build': SVG in the HTML; 'client': Docusaurus's theme-mermaid draws in the browser. */
  mode: 'build' | 'client';
  /** Why this mode, for the build log. */
  reason: string;
  /** rehype plugins for the docs and blog (empty in client mode). */
  rehypePlugins: PluggableList;
}

/**
 * Options of every diagram, at build time and in the client-side fallback
 * (themeConfig.mermaid): the light theme, and sequence diagrams that wrap
 * long messages instead of growing wide. A diagram wider than the doc column
 * is scaled down to fit it; unwrapped, the sequence diagrams of the docs came
 * out at 0.45x (7 px text), wrapped at about 0.6x.
 */
export const MERMAID_CONFIG = {
  theme: 'default',
  sequence: {wrap: true, width: 190, actorMargin: 20, mirrorActors: false},
} as const;

export function mermaidRendering(env: NodeJS.ProcessEnv = process.env): MermaidRendering {
  const requested = (env.PORTAL_MERMAID ?? '').trim();
  if (requested !== '' && requested !== 'build' && requested !== 'client') {
    throw new Error(`PORTAL_MERMAID must be "build" or "client", got "${requested}"`);
  }
  if (requested === 'client') {
    return {mode: 'client', reason: 'PORTAL_MERMAID=client', rehypePlugins: []};
  }
  const browser = findChromium(env);
  if (!browser) {
    if (requested === 'build') {
      throw new Error(
        `PORTAL_MERMAID=build needs a Chromium (looked at CHROME_PATH, ${CHROMIUM_CANDIDATES.join(', ')}). ` +
          CHROMIUM_INSTALL_HINT,
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
