/** Links to the Container and Signature reference that public integration guides already use. */
import {expect, hydrated, test} from './fixtures';

const base = '/api/dmss-container-and-signature-services';
const known = [
  {anchor: 'tag/id-card-sign-controller/operation/generateHashForPDFExistingEndpoint', path: '/api/signing/ic/pdf/'},
  {anchor: 'tag/id-card-sign-controller/operation/generateHashForExistingEndpoint', path: '/generateHash'},
  {anchor: 'tag/id-card-sign-controller/operation/signPDF_3', path: '/api/signing/ic/pdf/'},
  {anchor: 'tag/id-card-sign-controller/operation/signContainer_4', path: '/api/signing/ic/container/'},
];

for (const link of known) {
  test(`${base}#${link.anchor} lands on its operation`, async ({page}) => {
    await page.goto(`${base}#${link.anchor}`);
    await hydrated(page);
    const operation = page.locator(`[id="${link.anchor}"]`).first();
    await expect(operation).toBeInViewport();
    await expect(operation).toContainText(link.path);
  });
}
