/**
 * Shared links land where they point: the target of a #fragment ends up at the top of the
 * viewport, just below the sticky navbar, on every way in a reader takes:
 * - a direct load of the link in a fresh tab (five h2 headings spread over every doc, all of a
 *   shorter one, and the last entry of its table of contents; at least five operations
 *   spread over each API page), also with JavaScript off and under nginx's policy;
 * - client-side navigation from another doc (by a click, or from the keyboard to the container
 *   reference, the largest page), TOC clicks, and browser back and forward.
 * This is the one home of these journeys.
 * A target near the end of a page that cannot scroll that far must be on screen with the page
 * scrolled to its end.
 */
import type {Page} from '@playwright/test';
import {Parser} from 'htmlparser2';
import {apiRoute, apiSpecs} from '../../src/config/apiSpecs';
import {allDocIds, docUrl} from '../../src/config/docs';
import {expect, idle, LARGEST_PAGE_HYDRATION, test, referenceShown, UNTIL_SIGNAL, untilSignal} from './fixtures';
import {directLoad, expectArrived, expectLanded, LANDING_POLL, miss} from './landing';
import {type SpecOperation, specOperations} from './specs';
import {operationAnchor} from '../../src/lib/openapi/urls';
import {HOLD_ATTRIBUTE, PENDING_ATTRIBUTE, SETTLED_AFTER_MS} from '../../src/lib/anchorHold';

/**
 * Loads `url#target` afresh for each target (each hydrated within `bound`) and returns the targets that did not land
 * (see miss).
 */
async function directLoadMisses(
  page: Page,
  url: string,
  targets: string[],
  bound: {timeout: number} = UNTIL_SIGNAL,
): Promise<string[]> {
  const misses: string[] = [];
  for (const target of targets) {
    await directLoad(page, `${url}#${target}`, bound);
    // Give the target time to land; a target that never does is reported with where it ended up.
    await expect
      .poll(() => miss(page, target), {timeout: 15_000, intervals: LANDING_POLL})
      .toBe('')
      .catch(() => undefined);
    const result = await miss(page, target);
    if (result) misses.push(result);
  }
  return misses;
}

/** `count` items spread over `items` (first, last and evenly between), or all of a shorter list. */
function spread<T>(items: T[], count: number): T[] {
  if (items.length <= count) return items;
  return [...new Set(Array.from({length: count}, (_, i) => Math.round((i * (items.length - 1)) / (count - 1))))].map(
    (index) => items[index]!,
  );
}

/**
 * Ids of five h2 headings spread over a doc (first, last, evenly between) and of the last entry of its table of
 * contents, read from the page's served HTML: the headings and the table of contents are in it (server-rendered), so
 * finding them takes no page load of its own.
 */
async function docTargets(page: Page, url: string): Promise<string[]> {
  const response = await page.request.get(url);
  expect(response.ok(), `${url} answers`).toBe(true);
  const headings: string[] = [];
  const toc: string[] = [];
  let inArticle = 0;
  const parser = new Parser({
    onopentag(name, attributes) {
      if (name === 'article' || inArticle) inArticle += 1;
      if (name === 'h2' && inArticle && attributes.id) headings.push(attributes.id);
      const href = attributes.href;
      if (name === 'a' && href?.startsWith('#') && /\btable-of-contents__link\b/.test(attributes.class ?? '')) {
        toc.push(decodeURIComponent(href.slice(1)));
      }
    },
    onclosetag() {
      if (inArticle) inArticle -= 1;
    },
  });
  parser.end(await response.text());
  return [...new Set([...spread(headings, 5), ...toc.slice(-1)])];
}

test.describe('direct loads of doc headings', () => {
  for (const id of allDocIds) {
    test(`h2 headings spread over ${id}`, async ({page}) => {
      test.setTimeout(240_000);
      const url = docUrl(id);
      const targets = await docTargets(page, url);
      expect(targets.length, 'the doc has h2 headings').toBeGreaterThan(2);
      expect(await directLoadMisses(page, url, targets), `${url}: headings that did not land at the top`).toEqual([]);
    });
  }
});

/** The largest page: its direct loads hydrate within LARGEST_PAGE_HYDRATION. */
const CONTAINER = 'dmss-container-and-signature-services';

const anchorOf = (op: SpecOperation) => operationAnchor(op.tags[0]!, op.operationId);

/** Five operations spread over the page (first, last and evenly between), or all of a shorter spec. */
const spreadOperations = (specId: string): string[] => spread(specOperations(specId), 5).map(anchorOf);

test.describe('direct loads of API operations', () => {
  for (const spec of apiSpecs) {
    test(`operations spread over /api/${spec.id}`, async ({page}) => {
      test.setTimeout(240_000);
      const targets = spreadOperations(spec.id);
      if (spec.id === CONTAINER) {
        // Reported to land 382 px past its section.
        targets.push(anchorOf(specOperations(spec.id).find((op) => op.operationId === 'getSigningSessionStatus_3')!));
      }
      expect(targets.length).toBeGreaterThanOrEqual(Math.min(5, specOperations(spec.id).length));
      const bound = spec.id === CONTAINER ? LARGEST_PAGE_HYDRATION : UNTIL_SIGNAL;
      expect(
        await directLoadMisses(page, apiRoute(spec.id), targets, bound),
        `${apiRoute(spec.id)}: operations that did not land at the top`,
      ).toEqual([]);
    });
  }
});

test.describe('JavaScript off', () => {
  test.use({javaScriptEnabled: false});

  test('a direct load lands the last operation of the container reference (the browser scrolls by itself)', async ({
    page,
  }) => {
    const spec = CONTAINER;
    const last = anchorOf(specOperations(spec).at(-1)!);
    await page.goto(`${apiRoute(spec)}#${last}`);
    await expect(page.locator(`[id="${last}"]`)).toBeInViewport();
  });
});

test(
  'client-side navigation to a far heading of another doc, then back and forward',
  {tag: '@nginx'},
  async ({page}) => {
    const from = docUrl('Container and Signature Service');
    await directLoad(page, from);
    // A link in the doc's text to a heading far down the configuration guide.
    const link = page.locator('article a[href="/docs/Container_Service_Configuration_Guide#lvrtc-eparaksts"]').first();
    await link.scrollIntoViewIfNeeded();
    // The blocks near the link are drawn as it comes into view: the click waits until they are, so that it lands on
    // the link and not where the link was a moment before (seen on a busy runner).
    await idle(page);
    await link.click();
    await expect(page).toHaveURL(/Container_Service_Configuration_Guide#lvrtc-eparaksts$/);
    await expectLanded(page, 'lvrtc-eparaksts');
    // It landed without drawing either page in full: the hold kept the target in place while the
    // blocks near it were drawn. Anchors within the page shown are drawn in full (below).
    await expect(page.locator('html[data-anchor-nav]')).toHaveCount(0);

    // A TOC click on the new page, then back to the heading the link opened, then forward again.
    const tocTarget = await page
      .locator('.table-of-contents a[href^="#"]')
      .last()
      .evaluate((a) => decodeURIComponent(a.getAttribute('href')!.slice(1)));
    await page.locator('.table-of-contents a[href^="#"]').last().click();
    await expectLanded(page, tocTarget);
    await expect(page.locator('html[data-anchor-nav]')).toHaveCount(1);
    await page.goBack();
    await expect(page).toHaveURL(/#lvrtc-eparaksts$/);
    await expectLanded(page, 'lvrtc-eparaksts');
    await page.goForward();
    await expectLanded(page, tocTarget);

    // Back across routes: to the doc the link was on, at the top (it was opened without a hash).
    await page.goBack();
    await page.goBack();
    await expect(page).toHaveURL(new RegExp(`${from.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`));
    await page.goForward();
    await expect(page).toHaveURL(/#lvrtc-eparaksts$/);
    await expectLanded(page, 'lvrtc-eparaksts');
  },
);

test('TOC clicks land every entry of a long doc at the top, in both directions', async ({page}) => {
  test.setTimeout(120_000);
  await directLoad(page, docUrl('Container and Signature Service'));
  const entries = await page
    .locator('.table-of-contents a[href^="#"]')
    .evaluateAll((links) => links.map((a) => decodeURIComponent(a.getAttribute('href')!.slice(1))));
  expect(entries.length).toBeGreaterThan(10);
  // Far jumps first (last entry, then first), then every entry in reverse order. The far jumps and the last click
  // also wait for the page to settle (a second each) and check the target again; the other entries are clicked as a
  // reader skimming the page would, each as soon as the one before has landed (the click ends that one's hold).
  const walk = [entries.at(-1)!, entries[0]!, ...entries.slice().reverse()];
  for (const [i, target] of walk.entries()) {
    await page.locator(`.table-of-contents a[href="#${target}"]`).click();
    if (i < 2 || i === walk.length - 1) await expectLanded(page, target);
    else await expectArrived(page, target);
  }
});

test('client-side navigation to an API operation lands it at the top', async ({page}) => {
  await directLoad(page, '/');
  // The navbar's API dropdown leads to the page; a doc link leads to an operation.
  await directLoad(page, docUrl('Archive Service'));
  const link = page.locator('article a[href*="/api/dmss-archive-service#tag/"]').last();
  const href = await link.getAttribute('href');
  const target = decodeURIComponent(new URL(href!, 'http://x').hash.slice(1));
  await link.scrollIntoViewIfNeeded();
  await link.click();
  await referenceShown(page);
  await expectLanded(page, target);
  await page.goBack();
  await expect(page).toHaveURL(/Archive%20Service/);
  await page.goForward();
  await expectLanded(page, target);
});

test('a link from a doc to the last operation of the container reference, followed from the keyboard, lands; back and forward land again', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const spec = CONTAINER;
  const operations = specOperations(spec);
  const last = anchorOf(operations.at(-1)!);
  await directLoad(page, docUrl('Container and Signature Service'));
  // Followed from the keyboard: the focused link takes Enter wherever the page has moved it (in a busy
  // run a mouse click on a link that the page was still moving started no navigation at all).
  await page.locator(`article a[href$="#${last}"]`).first().focus();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL((url) => decodeURIComponent(url.hash) === `#${last}`, UNTIL_SIGNAL);
  // The signal: the page shows the fetched static reference, every operation of it.
  const shown = page.locator('[data-redoc-mode="static"] .redocusaurus-static [id*="/operation/"]');
  await expect(shown).toHaveCount(operations.length, UNTIL_SIGNAL);
  await expectLanded(page, last);
  // On the way it drew only the sections near the target: the fetched reference keeps skipping the
  // others (drawing all of them took seconds on a phone), and the doc page it left was not drawn in
  // full either (no `data-anchor-nav` on a navigation to another page).
  await expect(page.locator('html[data-anchor-nav]')).toHaveCount(0);
  const firstSection = page.locator('.redocusaurus-static[data-fetched] [data-section-id]').first();
  expect(await firstSection.evaluate((node) => getComputedStyle(node).contentVisibility)).toBe('auto');
  // Its operations are not skipped as one group (that would hide the target's place): it arrived whole.
  const group = page.locator('.redocusaurus-static[data-fetched] [data-operations]');
  expect(await group.evaluate((node) => getComputedStyle(node).contentVisibility)).toBe('visible');
  await page.goBack();
  await expect(page.locator('article h1')).toBeVisible();
  await page.goForward();
  await expect(shown).toHaveCount(operations.length, UNTIL_SIGNAL);
  await expectLanded(page, last);
});

/**
 * Goes to the home page by the navbar's brand (a client-side navigation) and waits until the home page is shown, not
 * only its address: the router keeps the page it leaves until the next one's chunks are in, and a Back before that
 * returns to a page that was never left.
 */
async function leaveForHome(page: Page): Promise<void> {
  await page.locator('.navbar__brand').click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page).toHaveTitle(/^Home \|/, UNTIL_SIGNAL);
}

test.describe('a shared link opened in a new tab, then another page, then Back', () => {
  const cases = [
    {name: 'a long doc', url: `${docUrl('Container and Signature Service')}#api-reference`},
    {name: 'another long doc', url: `${docUrl('Archive Service')}#troubleshooting`},
  ];
  for (const {name, url} of cases) {
    // Also under nginx (@nginx): the anchor scripts run under the Content-Security-Policy there.
    test(`lands the heading of ${name} again`, {tag: '@nginx'}, async ({page}) => {
      const id = url.split('#')[1]!;
      await directLoad(page, url);
      await expectLanded(page, id);
      await leaveForHome(page);
      await page.goBack();
      await expect(page).toHaveURL(new RegExp(`#${id}$`));
      await expectLanded(page, id);
      await page.goForward();
      await page.goBack();
      await expectLanded(page, id);
    });
  }

  test('lands the heading of a long doc again when its code blocks arrive late', async ({page}) => {
    // After a client-side navigation a doc's code blocks wait for their chunk as placeholders much smaller than
    // the blocks. On a busy machine the chunk and the blocks' render can take longer than the hold's settling
    // time with nothing changing size; here the chunk is held back for twice that time.
    const id = 'api-reference';
    await directLoad(page, `${docUrl('Container and Signature Service')}#${id}`);
    await expectLanded(page, id);
    let served: () => void = () => undefined;
    const chunkServed = new Promise<void>((resolve) => (served = resolve));
    await page.route(/\/code-block-interactive\.[0-9a-f]+\.js$/, async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 2 * SETTLED_AFTER_MS));
      await route.continue();
      served();
    });
    await leaveForHome(page);
    await page.goBack();
    await expectLanded(page, id);
    await untilSignal('the code blocks asking for their chunk, served late', chunkServed);
    // Once the blocks are in (no placeholder left) and the page has settled again, the heading is where it landed.
    for (const attribute of [PENDING_ATTRIBUTE, HOLD_ATTRIBUTE]) {
      await page.waitForFunction((name) => !document.documentElement.hasAttribute(name), attribute, UNTIL_SIGNAL);
    }
    await expect(page.locator('[data-code-block="live"] pre').first()).toBeAttached();
    expect(await miss(page, id), 'in place once the code blocks are in').toBe('');
  });

  test('lands an operation of the container reference again', async ({page}) => {
    test.setTimeout(120_000);
    const anchor = anchorOf(specOperations(CONTAINER).at(-1)!);
    await directLoad(page, `${apiRoute(CONTAINER)}#${anchor}`, LARGEST_PAGE_HYDRATION);
    await expectLanded(page, anchor);
    await leaveForHome(page);
    await page.goBack();
    await expect(page).toHaveURL((url) => decodeURIComponent(url.hash) === `#${anchor}`);
    await referenceShown(page);
    await expectLanded(page, anchor);
  });
});

test('a new history entry with a fragment (pushState, then popstate) lands its target', async ({page}) => {
  await directLoad(page, docUrl('Container and Signature Service'));
  await page.evaluate(() => {
    window.history.pushState(null, '', '#api-reference');
    window.dispatchEvent(new PopStateEvent('popstate', {state: null}));
  });
  await expectLanded(page, 'api-reference');
});
