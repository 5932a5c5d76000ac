import fs from 'node:fs';
import {expect, hydrated, test} from './fixtures';

const axeSource = fs.readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8');

interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  nodes: {target: string[]}[];
}

for (const path of ['/', '/docs', '/blog/long-blog-post', '/no-such-page']) {
  test(`axe finds no serious or critical violation on ${path}`, async ({page, problems}) => {
    problems.allow.push(/404/);
    await page.goto(path);
    await hydrated(page);
    await page.addScriptTag({content: axeSource});
    const violations = await page.evaluate(async () => {
      const axe = (
        window as unknown as {axe: {run: (ctx: Document, opts: object) => Promise<{violations: AxeViolation[]}>}}
      ).axe;
      const result = await axe.run(document, {resultTypes: ['violations']});
      return result.violations;
    });
    const severe = violations
      .filter((v) => v.impact === 'serious' || v.impact === 'critical')
      .map((v) => `${v.impact} ${v.id}: ${v.help} at ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
    expect(severe).toEqual([]);
  });
}
