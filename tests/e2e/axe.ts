/** axe-core, injected into the page as it is: its violations of any impact (minor to critical), one line each. */
import fs from 'node:fs';
import type {Page} from '@playwright/test';
import {LAZY_ATTRIBUTE} from '../../src/plugins/anchor-targets/attributes';

const axeSource = fs.readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8');

interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  nodes: {target: string[]}[];
}

/**
 * axe runs on the page drawn whole. A long page skips drawing what is off screen (`content-visibility: auto`
 * while `<html>` has LAZY_ATTRIBUTE, src/css/custom.css), and axe reads colours from what is drawn: a skipped
 * part would have its contrast left unchecked, or judged against whatever is drawn at its place (on a phone, the
 * dark sample panel of another operation). A reader sees each part drawn as it comes into view, so that is what
 * is checked; the attribute is put back afterwards.
 */
export async function axeViolations(page: Page): Promise<string[]> {
  await page.addScriptTag({content: axeSource});
  const violations = await page.evaluate(async (lazyAttribute) => {
    const axe = (
      window as unknown as {axe: {run: (ctx: Document, opts: object) => Promise<{violations: AxeViolation[]}>}}
    ).axe;
    const html = document.documentElement;
    const lazy = html.getAttribute(lazyAttribute);
    html.removeAttribute(lazyAttribute);
    try {
      const result = await axe.run(document, {resultTypes: ['violations']});
      return result.violations;
    } finally {
      if (lazy !== null) html.setAttribute(lazyAttribute, lazy);
    }
  }, LAZY_ATTRIBUTE);
  return violations.map(
    (v) => `${v.impact} ${v.id}: ${v.help} at ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`,
  );
}
