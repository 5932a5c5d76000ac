/**
 * The layers of handbook/architecture.md, as ESLint enforces them (eslint/layers.mjs, turned on in
 * eslint.config.mjs): the site's own ESLint configuration lints small fixtures placed in the layers,
 * and an import up a layer or into another plugin is an error, one down is not.
 */
import path from 'node:path';
import {ESLint} from 'eslint';
import {describe, expect, it} from 'vitest';

const root = path.resolve(__dirname, '../..');
const eslint = new ESLint({cwd: root});

/** The layer errors ESLint reports for `code` as if it were the file `file` (relative to the site). */
async function layerErrors(file: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, {filePath: path.join(root, file)});
  return (result?.messages ?? []).filter((m) => m.ruleId === 'portal/layers').map((m) => m.message);
}

describe('the layers rule', () => {
  it('rejects an import of src/config from src/lib', async () => {
    const errors = await layerErrors(
      'src/lib/openapi/fixture.ts',
      "import {redocOptions} from '../../config/redoc';\nexport const depth = redocOptions.generatedPayloadSamplesMaxDepth;\n",
    );
    expect(errors).toEqual([expect.stringContaining('A module of lib may not import from config')]);
  });

  it('rejects an import of a plugin from src/config, by relative path or @site/', async () => {
    const errors = await layerErrors(
      'src/config/fixture.ts',
      "export {patchedExport} from '../plugins/dependency-patches';\n" +
        "export {anchorTargets} from '@site/src/plugins/anchor-targets';\n",
    );
    expect(errors).toHaveLength(2);
    for (const error of errors) expect(error).toContain('A module of config may not import from plugins');
  });

  it("rejects a plugin's import from another plugin, its theme included", async () => {
    const errors = await layerErrors(
      'src/plugins/api-reference/theme/Redoc/fixture.ts',
      "import {keepTargetInPlace} from '../../../anchor-targets/client';\nexport const hold = keepTargetInPlace;\n",
    );
    expect(errors).toEqual([
      expect.stringContaining('The plugin api-reference may not import from the plugin anchor-targets'),
    ]);
  });

  it('accepts imports down the layers and inside one plugin', async () => {
    const errors = await layerErrors(
      'src/plugins/api-reference/theme/Redoc/fixture.ts',
      [
        "import {keepTargetInPlace} from '../../../../lib/anchorHold';",
        "import {redocOptions} from '@site/src/config/redoc';",
        "import KeepServerHtml from '@site/src/components/KeepServerHtml';",
        "import {OPERATIONS} from './compact';",
        'export const all = [keepTargetInPlace, redocOptions, KeepServerHtml, OPERATIONS];',
        '',
      ].join('\n'),
    );
    expect(errors).toEqual([]);
  });

  it('leaves the tests and the root files unchecked', async () => {
    expect(
      await layerErrors('tests/unit/fixture.ts', "export {redocOptions} from '../../src/config/redoc';\n"),
    ).toEqual([]);
  });
});
