/** axe-core, injected into the page as it is: its violations of any impact (minor to critical), one line each. */
import fs from 'node:fs';
import type {Page} from '@playwright/test';

const axeSource = fs.readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8');

interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  nodes: {target: string[]}[];
}

export async function axeViolations(page: Page): Promise<string[]> {
  await page.addScriptTag({content: axeSource});
  const violations = await page.evaluate(async () => {
    const axe = (
      window as unknown as {axe: {run: (ctx: Document, opts: object) => Promise<{violations: AxeViolation[]}>}}
    ).axe;
    const result = await axe.run(document, {resultTypes: ['violations']});
    return result.violations;
  });
  return violations.map(
    (v) => `${v.impact} ${v.id}: ${v.help} at ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`,
  );
}
