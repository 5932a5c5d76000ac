/**
 * Links to the Container and Signature reference that public integration guides already use.
 * Each one must land on its own operation: the section with the anchor's id is scrolled to just
 * below the navbar and shows that operation's summary, method and full path, as the spec says.
 */
import {expect, LARGEST_PAGE_HYDRATION, test} from './fixtures';
import {directLoad} from './landing';
import {type SpecOperation, specOperations} from './specs';

const specId = 'dmss-container-and-signature-services';
const base = `/api/${specId}`;
const known = [
  'tag/id-card-sign-controller/operation/generateHashForPDFExistingEndpoint',
  'tag/id-card-sign-controller/operation/generateHashForExistingEndpoint',
  'tag/id-card-sign-controller/operation/signPDF_3',
  'tag/id-card-sign-controller/operation/signContainer_4',
];

const operations = new Map(specOperations(specId).map((op) => [op.operationId, op]));

/** The operation an anchor `tag/<tag>/operation/<operationId>` names; throws if the spec has no such operation. */
function operationOf(anchor: string): SpecOperation {
  const [, tag, operationId] = /^tag\/([^/]+)\/operation\/([^/]+)$/.exec(anchor) ?? [];
  const op = operationId ? operations.get(operationId) : undefined;
  if (!tag || !op || !op.tags.includes(tag) || op.summary === '') {
    throw new Error(`${anchor}: openapi/${specId}.yaml has no operation with a summary under that tag and id`);
  }
  return op;
}

/**
 * One test that opens each link as a new document, one after the other in one tab: the reference's scripts come from
 * the browser's cache after the first (a reader following a second link has them too). Each link is a step, so a
 * failing one names its anchor.
 */
test(`the links integration guides use land on their operations of ${base}`, {tag: '@nginx'}, async ({page}) => {
  // Four loads of the largest reference: about a minute on a busy two-core runner.
  test.setTimeout(180_000);
  for (const anchor of known) {
    await test.step(anchor, async () => {
      const op = operationOf(anchor);
      // A new document each time, never a same-document change of the hash.
      await directLoad(page, `${base}#${anchor}`, LARGEST_PAGE_HYDRATION);
      const operation = page.locator(`[id="${anchor}"]`).first();
      await expect(operation, anchor).toBeInViewport();

      // Redoc's operation heading: an icon-only share link, then the summary.
      await expect(operation.locator('h2').first(), anchor).toHaveText(op.summary);
      // Redoc's endpoint element (a button): the method badge, then the full path as written in the spec.
      await expect(operation.locator('button > .http-verb').first(), anchor).toHaveText(op.method);
      await expect(operation.locator('button > .http-verb + span').first(), anchor).toHaveText(op.path);

      // This section is the one scrolled to: its top sits just below the fixed navbar
      // (sections reached by anchor keep a 0.5rem scroll margin below it).
      const navbarBottom = await page.locator('nav.navbar').evaluate((n) => n.getBoundingClientRect().bottom);
      const top = () => operation.evaluate((n) => n.getBoundingClientRect().top);
      await expect.poll(top, {message: anchor}).toBeGreaterThanOrEqual(navbarBottom - 2);
      await expect.poll(top, {message: anchor}).toBeLessThanOrEqual(navbarBottom + 24);
    });
  }
});
