/**
 * Where an anchor's target lands, for the tests of every way in to an anchor (anchors.spec.ts,
 * reference-journeys.spec.ts): at the top of the viewport, just below the sticky navbar.
 */
import type {Page} from '@playwright/test';
import {expect, hydrated, UNTIL_SIGNAL} from './fixtures';
import {HOLD_ATTRIBUTE, PENDING_ATTRIBUTE} from '../../src/lib/anchorHold';
import {ANCHOR_ATTRIBUTE} from '../../src/plugins/anchor-targets/attributes';

/** Where the element with `id` is: its top relative to the navbar's bottom edge, and the page's scroll state. */
async function placement(page: Page, id: string) {
  return page.evaluate(
    ({targetId, markers}) => {
      const target = document.getElementById(targetId);
      if (!target) return null;
      const navbarBottom = document.querySelector('.navbar')?.getBoundingClientRect().bottom ?? 0;
      const rect = target.getBoundingClientRect();
      const scroller = document.scrollingElement!;
      const html = document.documentElement;
      return {
        offset: Math.round(rect.top - navbarBottom),
        visible: rect.top >= navbarBottom - 1 && rect.top < window.innerHeight,
        atEnd: Math.ceil(window.scrollY + window.innerHeight) >= scroller.scrollHeight - 1,
        // For the message of a miss: where the page is, and what the anchor scripts are doing.
        state: `scrollY ${Math.round(window.scrollY)} of ${scroller.scrollHeight - window.innerHeight}, ${
          markers.filter((name) => html.hasAttribute(name)).join(' and ') ||
          'no hold, not drawn in full, nothing on its way'
        }, scroll restoration ${window.history.scrollRestoration}`,
      };
    },
    {targetId: id, markers: [HOLD_ATTRIBUTE, ANCHOR_ATTRIBUTE, PENDING_ATTRIBUTE]},
  );
}

/**
 * The target's top sits within 0-24 px below the navbar (anchors keep a 0.5rem margin), or, at the
 * end of a page too short to scroll it there, it is visible. Returns a description of a miss, or ''.
 */
export async function miss(page: Page, id: string): Promise<string> {
  const where = await placement(page, id);
  if (!where) return `#${id}: no such element`;
  if (where.offset >= -2 && where.offset <= 24) return '';
  if (where.atEnd && where.visible) return '';
  return `#${id}: ${where.offset} px from the top of the content area${where.atEnd ? ' (page at its end)' : ''}; ${where.state}`;
}

/**
 * Waits until the target has landed and the page has settled (src/plugins/anchor-targets holds a
 * target in place while the page still grows above it and marks that with `html[data-anchor-hold]`),
 * then checks that it is still there.
 */
export async function expectLanded(page: Page, id: string): Promise<void> {
  await expectArrived(page, id);
  // In the page, each frame: the hold ends within a frame or two of the target's landing.
  await page.waitForFunction((hold) => !document.documentElement.hasAttribute(hold), HOLD_ATTRIBUTE, {
    timeout: 15_000,
  });
  expect(await miss(page, id), 'still in place once the page has settled').toBe('');
}

/**
 * Waits until the target has landed, without waiting for the page to settle: for a walk of many targets on a page
 * drawn in full, where the next click ends the hold (see expectLanded for the whole check).
 */
export async function expectArrived(page: Page, id: string): Promise<void> {
  await expect.poll(() => miss(page, id), {timeout: 10_000, intervals: LANDING_POLL}).toBe('');
}

/**
 * How often a landing is checked: every 50 ms, about three frames. A scroll takes a few hundred milliseconds,
 * and Playwright's default (100, 250, 500 ms, then every second) would notice most landings up to a second late.
 */
export const LANDING_POLL = [50];

/**
 * Loads `url` as a new document (never a same-document hash change) and waits for hydration, within `bound`
 * (LARGEST_PAGE_HYDRATION for the container reference's page).
 */
export async function directLoad(page: Page, url: string, bound: {timeout: number} = UNTIL_SIGNAL): Promise<void> {
  await page.goto('about:blank');
  await page.goto(url);
  await hydrated(page, bound);
}
