/**
 * The diagram store in the server build (twin of store.client.ts): reads a stored diagram's SVG, so that
 * the page's HTML has it while its JavaScript does not (see rehypeMermaidAsHtml).
 */
import fs from 'node:fs';
import path from 'node:path';

/** Set by src/plugins/mermaid-prerender (DefinePlugin): the folder rehypeMermaidAsHtml wrote the diagrams to. */
declare const __PORTAL_DIAGRAM_STORE__: string;

export function readDiagram(id: string): string | null {
  const file = path.join(__PORTAL_DIAGRAM_STORE__, `${id}.svg`);
  if (!fs.existsSync(file)) {
    throw new Error(
      `[mermaid] diagram ${id} is not in ${__PORTAL_DIAGRAM_STORE__}: the bundler cache is out of step with it; ` +
        'run `npm run clear` and build again',
    );
  }
  return fs.readFileSync(file, 'utf8');
}
