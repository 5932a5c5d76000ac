/**
 * The head of a page, written by Helmet (patched in src/plugins/dependency-patches/patches.ts):
 * while a page hydrates, the tags the server rendered stay where they are (Helmet writes the head
 * once the page has mounted, not from a partial list of tags between React's slices of work), and a
 * client-side navigation, then Back, give the head of each page in turn.
 */
import {expect, hydrated, referenceShown, test} from './fixtures';
import type {Page} from '@playwright/test';

const REFERENCE = '/api/dmss-container-and-signature-services';
const REFERENCE_TITLE = 'Container and Signature Service API | Developer Portal';
const DOC = '/docs/Container%20and%20Signature%20Service';
const DOC_TITLE = 'Container and Signature Service | Developer Portal';

declare global {
  interface Window {
    __headRemoved?: string[];
  }
}

/** The title and the canonical address the page's head names now. */
const headOf = (page: Page) =>
  page.evaluate(() => ({
    title: document.title,
    canonical: new URL(document.querySelector<HTMLLinkElement>('link[rel="canonical"]')?.href ?? '').pathname,
    titles: document.head.querySelectorAll('title').length,
    canonicals: document.head.querySelectorAll('link[rel="canonical"]').length,
  }));

test('the container reference keeps the head the server rendered while it hydrates', async ({page}) => {
  await page.addInitScript(() => {
    const removed: string[] = [];
    window.__headRemoved = removed;
    // Watch <head> from the moment the parser creates it (no script of the page has run by then).
    new MutationObserver((_, self) => {
      if (!document.head) return;
      self.disconnect();
      new MutationObserver((records) => {
        for (const record of records) {
          for (const node of record.removedNodes) {
            const element = node as Element;
            removed.push(`${node.nodeName} ${element.getAttribute?.('name') ?? element.getAttribute?.('rel') ?? ''}`);
          }
        }
      }).observe(document.head, {childList: true});
    }).observe(document, {childList: true, subtree: true});
  });
  await page.goto(REFERENCE);
  await hydrated(page);
  expect(await page.evaluate(() => window.__headRemoved)).toEqual([]);
  expect(await headOf(page)).toEqual({title: REFERENCE_TITLE, canonical: REFERENCE, titles: 1, canonicals: 1});
});

test('a client-side navigation and Back give each page its own head', async ({page}) => {
  await page.goto(DOC);
  await hydrated(page);
  expect(await headOf(page)).toEqual({title: DOC_TITLE, canonical: DOC, titles: 1, canonicals: 1});

  await page.locator(`article a[href^="${REFERENCE}"]`).first().click();
  // The reference page has mounted (a signal, however long a busy machine takes), so its head is due.
  await referenceShown(page);
  await expect(page).toHaveTitle(REFERENCE_TITLE);
  expect(await headOf(page)).toEqual({title: REFERENCE_TITLE, canonical: REFERENCE, titles: 1, canonicals: 1});

  await page.goBack();
  await expect(page).toHaveTitle(DOC_TITLE);
  expect(await headOf(page)).toEqual({title: DOC_TITLE, canonical: DOC, titles: 1, canonicals: 1});
});
