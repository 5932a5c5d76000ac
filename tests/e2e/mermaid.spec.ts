/** Every doc with Mermaid blocks renders each of them as an SVG, without errors, once scrolled to. */
import fs from 'node:fs';
import path from 'node:path';
import {allDocIds, docUrl} from '../../src/config/docs';
import {expect, hydrated, test} from './fixtures';

const docsDir = path.resolve(__dirname, '../../docs');

const withDiagrams = allDocIds
  .map((id) => {
    const file = ['.md', '.mdx'].map((ext) => path.join(docsDir, `${id}${ext}`)).find((f) => fs.existsSync(f))!;
    return {id, diagrams: (fs.readFileSync(file, 'utf8').match(/^```mermaid\s*$/gm) ?? []).length};
  })
  .filter((doc) => doc.diagrams > 0);

test('some docs have diagrams', () => {
  expect(withDiagrams.length).toBeGreaterThan(5);
});

for (const doc of withDiagrams) {
  test(`${doc.id}: ${doc.diagrams} Mermaid diagram(s) render as SVG`, async ({page}) => {
    await page.goto(docUrl(doc.id));
    await hydrated(page);
    const rendered = page.locator('.docusaurus-mermaid-container svg');
    // Diagrams render when they come near the viewport: scroll to each remaining placeholder.
    const placeholders = page.locator('[aria-label="Diagram, shown when scrolled into view"]');
    for (let left = await placeholders.count(); left > 0; left = await placeholders.count()) {
      await placeholders.first().scrollIntoViewIfNeeded();
      await expect.poll(() => placeholders.count(), {timeout: 20_000}).toBeLessThan(left);
    }
    await expect(rendered).toHaveCount(doc.diagrams, {timeout: 20_000});
    await expect(page.locator('.docusaurus-mermaid-container', {hasText: /Syntax error|Parse error/i})).toHaveCount(0);
  });
}
