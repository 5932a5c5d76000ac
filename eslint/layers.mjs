/**
 * The layers of the site's code, enforced by ESLint (rule `portal/layers`, turned on in
 * eslint.config.mjs; handbook/architecture.md has the table). From the bottom:
 *
 *   lib (src/lib) < config (src/config) < components (src/components, src/theme)
 *     < plugins (src/plugins, each with its theme) < pages (src/pages) < scripts (scripts/)
 *
 * A module may import from its own layer and the layers below it, never from one above. A plugin
 * may import only its own folder among the plugins: what two plugins share belongs in a lower layer.
 * The root files (docusaurus.config.ts, sidebars.ts), the tests and the benchmark sit above all
 * layers and are not checked. Imports are resolved from the importing file (`./`, `../`) or the
 * site root (`@site/`); package imports and theme aliases (`@theme/…`) are not the site's layers.
 */
import path from 'node:path';
import {fileURLToPath} from 'node:url';

const SITE_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** The layers, bottom first, with the folders (relative to the site) that make each. */
export const LAYERS = [
  {name: 'lib', dirs: ['src/lib']},
  {name: 'config', dirs: ['src/config']},
  {name: 'components', dirs: ['src/components', 'src/theme']},
  {name: 'plugins', dirs: ['src/plugins']},
  {name: 'pages', dirs: ['src/pages']},
  {name: 'scripts', dirs: ['scripts']},
];

const ORDER = LAYERS.map((layer) => layer.name).join(' < ');

/**
 * Where a file is: its layer's index and name, and for a plugin's file the plugin's folder name;
 * undefined outside the layers.
 */
export function placeOf(file, siteDir = SITE_DIR) {
  const relative = path.relative(siteDir, file).split(path.sep).join('/');
  for (const [rank, layer] of LAYERS.entries()) {
    for (const dir of layer.dirs) {
      if (relative === dir || relative.startsWith(`${dir}/`)) {
        const plugin = layer.name === 'plugins' ? relative.slice(dir.length + 1).split('/')[0] : undefined;
        return {rank, name: layer.name, plugin};
      }
    }
  }
  return undefined;
}

/** The file an import names, or undefined for a package or an alias outside the site's folders. */
function targetOf(specifier, importer, siteDir) {
  if (specifier.startsWith('./') || specifier.startsWith('../')) return path.resolve(path.dirname(importer), specifier);
  if (specifier.startsWith('@site/')) return path.join(siteDir, specifier.slice('@site/'.length));
  return undefined;
}

/** @type {import('eslint').Rule.RuleModule} */
const layersRule = {
  meta: {
    type: 'problem',
    docs: {description: 'An import may not reach a higher layer, nor another plugin (eslint/layers.mjs)'},
    schema: [],
    messages: {
      upward:
        'A module of {{from}} may not import from {{to}} ("{{specifier}}"): the layers are ' +
        `${ORDER}, and imports go down only (handbook/architecture.md).`,
      otherPlugin:
        'The plugin {{from}} may not import from the plugin {{to}} ("{{specifier}}"): move what both use to ' +
        'src/lib, src/config or a component under src/components (handbook/architecture.md).',
    },
  },
  create(context) {
    const siteDir = SITE_DIR;
    const importer = context.filename;
    const from = placeOf(importer, siteDir);
    if (!from) return {};
    const check = (node) => {
      if (!node || node.type !== 'Literal' || typeof node.value !== 'string') return;
      const file = targetOf(node.value, importer, siteDir);
      const to = file && placeOf(file, siteDir);
      if (!to) return;
      if (to.rank > from.rank) {
        context.report({node, messageId: 'upward', data: {from: from.name, to: to.name, specifier: node.value}});
      } else if (from.plugin !== undefined && to.plugin !== undefined && from.plugin !== to.plugin) {
        context.report({
          node,
          messageId: 'otherPlugin',
          data: {from: from.plugin, to: to.plugin, specifier: node.value},
        });
      }
    };
    return {
      ImportDeclaration: (node) => check(node.source),
      ExportNamedDeclaration: (node) => check(node.source),
      ExportAllDeclaration: (node) => check(node.source),
      ImportExpression: (node) => check(node.source),
      CallExpression: (node) => {
        const callee = node.callee;
        const isRequire =
          (callee.type === 'Identifier' && callee.name === 'require') ||
          (callee.type === 'MemberExpression' &&
            callee.object.type === 'Identifier' &&
            callee.object.name === 'require' &&
            callee.property.type === 'Identifier' &&
            callee.property.name === 'resolve');
        if (isRequire) check(node.arguments[0]);
      },
    };
  },
};

export default {rules: {layers: layersRule}};
