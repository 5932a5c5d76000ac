/**
 * The container reference (the largest page) on the ways in that must keep working while its
 * static markup gets leaner (src/plugins/api-reference/theme/Redoc/compact.ts): JavaScript off,
 * the browser's find over the whole reference, the markup arriving repaired, a reload and Back deep
 * down, the menu, and the example chooser. Where a link to one of its operations lands (loaded
 * afresh, with JavaScript off, or followed from a doc) is anchors.spec.ts's.
 */
import {
  expect,
  hydrated,
  idle,
  LARGEST_PAGE_HYDRATION,
  REFERENCE_RENDER,
  test,
  UNTIL_SIGNAL,
  untilSignal,
} from './fixtures';
import {expectLanded} from './landing';
import {specOperations} from './specs';

const SPEC = 'dmss-container-and-signature-services';
const operations = specOperations(SPEC).map((op) => `tag/${op.tags[0]!}/operation/${op.operationId}`);
const last = operations[operations.length - 1]!;

test.describe('JavaScript off', () => {
  test.use({javaScriptEnabled: false});

  test('the served container reference carries every operation', async ({page}) => {
    await page.goto(`/api/${SPEC}`);
    await expect(page.locator('.redocusaurus-static [id*="/operation/"]')).toHaveCount(operations.length);
  });
});

test('every description and sample of the container reference is text in the page (find)', async ({page}) => {
  await page.goto(`/api/${SPEC}`);
  await hydrated(page);
  // The browser's find (and printing) work on the DOM: all of it is there, once (no html attribute copies).
  const counts = await page.locator('.redocusaurus-static').evaluate((root) => ({
    sections: root.querySelectorAll('[id*="/operation/"]').length,
    samples: root.querySelectorAll('.redoc-json').length,
    copies: root.querySelectorAll('[html]').length,
    text: root.textContent?.length ?? 0,
  }));
  expect(counts.sections).toBe(operations.length);
  expect(counts.samples).toBeGreaterThan(100);
  expect(counts.copies).toBe(0);
  expect(counts.text).toBeGreaterThan(300_000);
  await expect(page.locator(`[id="${last}"]`)).toBeAttached();
});

test('the container reference skips its operations as one group while off screen, as tall as before, and draws them as the reader scrolls down', async ({
  page,
}) => {
  // compact.ts puts the tags and operations in one element; src/css/custom.css skips it while it is off
  // screen, so the sections the parser adds to it cost no frames.
  await page.goto(`/api/${SPEC}`);
  await hydrated(page);
  const group = page.locator('.redocusaurus-static [data-operations]');
  const state = () =>
    group.evaluate((node) => {
      const sections = [...node.querySelectorAll(':scope > [data-section-id]')];
      return {
        contentVisibility: getComputedStyle(node).contentVisibility,
        // A section's content is drawn when it is not skipped (its own content-visibility, or the group's).
        drawn: sections.filter((section) => section.firstElementChild?.checkVisibility({contentVisibilityAuto: true}))
          .length,
        sections: sections.length,
        height: node.getBoundingClientRect().height,
        top: node.getBoundingClientRect().top + window.scrollY,
      };
    });
  const before = await state();
  expect(before.contentVisibility).toBe('auto');
  expect(before.drawn).toBe(0);
  // Every operation, and each tag: as tall as its sections would be, each skipped (1200 px).
  expect(before.sections).toBeGreaterThan(operations.length);
  expect(before.height).toBe(before.sections * 1200);
  // The reader scrolls down to it: its first sections are drawn, the rest stay skipped.
  await page.evaluate((top) => window.scrollTo(0, top - 200), before.top);
  await expect.poll(async () => (await state()).drawn, UNTIL_SIGNAL).toBeGreaterThan(0);
  expect((await state()).drawn).toBeLessThan(before.sections);
});

test('a reload, and Back from another page, show the container reference where the reader was, deep down', async ({
  page,
}) => {
  test.setTimeout(120_000);
  // The browser restores the scroll position in pixels while the page is parsed, and the placeholder
  // heights of the skipped sections above the reader vary with where it scrolled meanwhile. The page
  // therefore puts the section the reader was at back in place (src/plugins/anchor-targets/readingPosition.ts).
  // Here the page loaded from the history is made 700 px taller above everything, so the browser's pixels
  // alone would show another section.
  await page.addInitScript(() => {
    const entry = performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming | undefined;
    if (entry?.type === 'navigate') return;
    const sheet = new CSSStyleSheet();
    sheet.replaceSync('#__docusaurus::before { content: ""; display: block; height: 700px; }');
    document.adoptedStyleSheets = [sheet];
  });
  const sectionAtTop = () =>
    page.evaluate(() => {
      const section = document.elementFromPoint(640, 200)?.closest('[data-section-id]');
      return section ? `${section.id} ${Math.round(section.getBoundingClientRect().top)}` : '';
    });
  await page.setViewportSize({width: 1280, height: 800});
  await page.goto(`/api/${SPEC}`);
  await hydrated(page);
  await expect(page.locator('html[data-fresh-load]')).toHaveCount(1);
  await page.evaluate(() => window.scrollTo(0, 60_000));
  await expect.poll(sectionAtTop, UNTIL_SIGNAL).toMatch(/operation\//);
  const before = await sectionAtTop();
  await page.reload();
  await hydrated(page);
  await expect(page.locator('html[data-fresh-load]')).toHaveCount(0);
  await expect.poll(sectionAtTop, UNTIL_SIGNAL).toBe(before);
  await page.goto('/docs');
  await page.goBack();
  await hydrated(page);
  await expect.poll(sectionAtTop, UNTIL_SIGNAL).toBe(before);
});

test("a click on the last entry of the container reference's menu lands its tag, the group skipped until then", async ({
  page,
}) => {
  // Room for the render of the whole reference (REFERENCE_RENDER) beside the page's load and the landing.
  test.setTimeout(120_000);
  await page.setViewportSize({width: 1280, height: 800});
  await page.goto(`/api/${SPEC}`);
  await hydrated(page);
  const group = page.locator('.redocusaurus-static [data-operations]');
  expect(await group.evaluate((node) => getComputedStyle(node).contentVisibility)).toBe('auto');
  // The last entry the menu shows (the groups start folded): a tag near the end of the reference.
  const entry = page.locator('.menu-content [data-item-id^="tag/"]:visible').last();
  const target = (await entry.getAttribute('data-item-id'))!;
  expect(operations.indexOf(`${target}/operation/containerPing`)).toBe(operations.length - 1);
  // The click also starts the interactive reference, which renders the whole container reference in one task (the
  // wait REFERENCE_RENDER bounds): the landing is checked once it has taken over, as the reader would see it. The
  // click itself is bounded the same way: Playwright's click waits for the navigation it started (the entry's #tag),
  // which on a busy runner can finish only after that task.
  await entry.locator('label').first().click(REFERENCE_RENDER);
  await expect(page.locator('[data-redoc-mode="interactive"]')).toBeAttached(REFERENCE_RENDER);
  await expectLanded(page, target);
});

test('the container reference arrives with its accessibility repairs made: the page changes nothing', async ({
  page,
}) => {
  await page.addInitScript(() => {
    const changed: string[] = [];
    (window as unknown as {__changed: string[]}).__changed = changed;
    new MutationObserver((records) => {
      for (const record of records) {
        const target = record.target as Element;
        if (target.closest?.('.redocusaurus-static') && record.attributeName) changed.push(record.attributeName);
      }
    }).observe(document, {
      subtree: true,
      attributes: true,
      attributeFilter: ['role', 'tabindex', 'aria-label', 'aria-level'],
    });
  });
  await page.goto(`/api/${SPEC}`);
  await hydrated(page);
  // Repairs would come within a frame of hydration: by the time the page is idle they would be recorded.
  await idle(page);
  expect(await page.evaluate(() => (window as unknown as {__changed: string[]}).__changed)).toEqual([]);
});

test('an example chooser of the static reference brings the interactive one, its chooser focused, and it switches examples', async ({
  page,
}) => {
  // The static reference renders the chooser as a button (compact.ts): no <select> to lay out while loading.
  const operation = 'tag/session-controller/operation/getSigningSessionStatus';
  const secondExample = 'PNOEE-00000000000';
  await page.goto(`/api/${SPEC}#${operation}`);
  // A load at an anchor draws the whole page before it hydrates: the largest page's bound, as in anchors.spec.ts.
  await hydrated(page, LARGEST_PAGE_HYDRATION);
  const staticSection = page.locator(`.redocusaurus-static [id="${operation}"]`);
  await expect(staticSection.locator('select')).toHaveCount(0);
  await expect(staticSection.locator('.redoc-json').first()).not.toContainText(secondExample);
  const specUrl = `/openapi/rendered/${SPEC}.json`;
  const specArrived = page.waitForResponse((response) => new URL(response.url()).pathname === specUrl, UNTIL_SIGNAL);
  await staticSection.getByRole('button', {name: 'Choose an example'}).first().click();

  // The upgrade of the largest reference is followed signal by signal, each within the bound: it started,
  // the spec arrived, the interactive reference is there, its chooser has the focus.
  await expect(page.locator('[data-redoc-mode="upgrading"], [data-redoc-mode="interactive"]')).toBeAttached();
  await untilSignal(
    `the body of ${specUrl}`,
    specArrived.then((response) => response.finished()),
  );
  await expect(page.locator('[data-redoc-mode="interactive"]')).toBeAttached(REFERENCE_RENDER);
  const section = page.locator(`.redocusaurus-interactive [id="${operation}"]`);
  const chooser = section.getByRole('combobox', {name: 'Choose an example'}).first();
  await expect(chooser).toBeFocused(UNTIL_SIGNAL);
  await chooser.selectOption({label: 'Signed and stored'});
  await expect(section.locator('.redoc-json').first()).toContainText(secondExample);

  // The chooser itself is transparent: the keyboard focus shows on the label beside it.
  const label = chooser.locator('xpath=following-sibling::label[1]');
  await chooser.blur();
  await expect(label).toHaveCSS('outline-style', 'none');
  await section.getByText('Content type', {exact: true}).first().click();
  await page.keyboard.press('Tab');
  await expect(chooser).toBeFocused();
  await expect(label).toHaveCSS('outline-style', 'solid');
});
