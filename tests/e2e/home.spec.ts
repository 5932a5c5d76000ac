/** The home page (issue: portal foundation, item 4): title, tagline, one card per area. */
import {apiSpecs} from '../../src/config/apiSpecs';
import {expect, hydrated, test} from './fixtures';

/** The eleven areas in order: [title, link, text the card must say]. */
const expectedCards: readonly [title: string, href: string, text: string | RegExp][] = [
  ['Install docs', '/docs/Technical%20Requirements', /requirements, ports, start order/i],
  ...apiSpecs.map((spec): [string, string, string] => [spec.label, `/api/${spec.id}`, spec.summary]),
  ['User manuals', '/docs/SignBox%20User%20Manual', /SignBox/],
  ['Blog', '/blog', /start-then-poll/],
];

test('home page: title, tagline and one entry card per area', async ({page}) => {
  await page.goto('/');
  await hydrated(page);
  await expect(page.locator('h1')).toHaveText('Developer Portal');
  await expect(page.getByText('Why the product?', {exact: true})).toBeVisible();

  const cards = page.getByRole('region', {name: 'Where do you want to start?'}).getByRole('listitem');
  await expect(cards).toHaveCount(expectedCards.length);
  for (const [index, [title, href, text]] of expectedCards.entries()) {
    const link = cards.nth(index).getByRole('link');
    expect(await link.evaluate((a: HTMLAnchorElement) => a.pathname), `card ${index + 1}`).toBe(href);
    await expect(link, `card ${index + 1}`).toContainText(title);
    await expect(link, `card ${index + 1}`).toContainText(text);
  }
});

test('home page: a card opens its area', async ({page}) => {
  await page.goto('/');
  await hydrated(page);
  const region = page.getByRole('region', {name: 'Where do you want to start?'});
  await region.getByRole('link', {name: /Install docs/}).click();
  await expect(page).toHaveURL(/\/docs\/Technical%20Requirements$/);
  await expect(page.locator('h1').first()).toHaveText('Technical Requirements');
  await page.goBack();
  await region.getByRole('link', {name: /User manuals/}).click();
  await expect(page.locator('h1').first()).toHaveText('SignBox User Manual');
});
