import {apiSpecs} from '../../src/config/apiSpecs';
import {docUrl} from '../../src/config/docs';
import {apiRoute, changesUrl} from '../../src/lib/openapi/urls';
import {placeholderContacts} from '../../src/config/contacts';
import {footerProducts, footerTitles, footerUserManuals} from '../section2';
import {expect, hydrated, test} from './fixtures';

test.describe('navbar', () => {
  test('items from left to right: install docs, API Docs, user manuals, search', async ({page}) => {
    await page.goto('/');
    await hydrated(page);
    const items = page.locator('.navbar__items:not(.navbar__items--right) > *');
    await expect(items.locator('xpath=self::*[contains(@class,"navbar__brand")]')).toHaveCount(1);
    const labels = await page
      .locator('.navbar__items:not(.navbar__items--right) > .navbar__item:not(.navbar__brand)')
      .evaluateAll((nodes) => nodes.map((n) => (n.querySelector(':scope > a') ?? n).textContent?.trim()));
    expect(labels.slice(0, 3)).toEqual(['Install Docs', 'API Docs', 'User Manuals']);
    // The search box is the last item, right of the others.
    const lefts = await page
      .locator('.navbar__items:not(.navbar__items--right) > .navbar__item:not(.navbar__brand)')
      .evaluateAll((nodes) => nodes.map((n) => n.getBoundingClientRect().left));
    const searchLeft = await page.locator('.navbar__search').evaluate((n) => n.getBoundingClientRect().left);
    expect([...lefts].sort((a, b) => a - b)).toEqual(lefts);
    expect(searchLeft).toBeGreaterThan(lefts[lefts.length - 1]!);
    await page.locator('.navbar').getByRole('link', {name: 'Install Docs'}).click();
    await expect(page.locator('h1')).toHaveText('Technical Requirements');
    await page.locator('.navbar').getByRole('link', {name: 'User Manuals', exact: true}).click();
    await expect(page.locator('h1')).toHaveText('SignBox User Manual');
  });

  test('the logo is drawn inline, named, and links home: no image is fetched for it', async ({page}) => {
    // src/theme/Logo: an SVG image would cost the browser a document of its own on every page load.
    for (const url of ['/', '/docs/Technical%20Requirements', '/api/dmss-archive-service']) {
      await page.goto(url);
      await hydrated(page);
      const brand = page.locator('.navbar__brand');
      await expect(brand).toHaveAttribute('href', '/');
      await expect(brand.getByRole('img', {name: 'Developer Portal home'})).toHaveJSProperty('tagName', 'svg');
      await expect(brand.locator('svg')).toHaveJSProperty('clientWidth', 32);
      await expect(brand.locator('img')).toHaveCount(0);
      const images = await page.evaluate(() =>
        performance.getEntriesByType('resource').map((entry) => new URL(entry.name).pathname),
      );
      expect(
        images.filter((name) => name.endsWith('/logo.svg')),
        url,
      ).toEqual([]);
    }
  });

  test('API Docs dropdown lists the eight references by service name', async ({page}) => {
    await page.goto('/');
    await hydrated(page);
    await page.locator('.navbar__item.dropdown').hover();
    const links = page.locator('.navbar__item.dropdown .dropdown__menu a');
    await expect(links).toHaveCount(8);
    for (const [index, spec] of apiSpecs.entries()) {
      await expect(links.nth(index)).toHaveText(spec.label);
      await expect(links.nth(index)).toHaveAttribute('href', `/api/${spec.id}`);
    }
  });
});

test('footer: six columns with their items, contacts and copyright', async ({page}) => {
  await page.goto('/');
  await hydrated(page);
  const titles = page.locator('.footer__title');
  await expect(titles).toHaveText(footerTitles);
  const column = (title: string) =>
    page.locator('.footer__col').filter({has: page.locator('.footer__title', {hasText: title})});
  await expect(column('Install Docs').locator('a')).toHaveText([
    'Technical Requirements',
    'Archive Service',
    'Authentication Service',
    'Container and Signature Service',
    'Digital Stamping Service',
    'SignBox Setup guide',
    'PadSign Setup Guide',
  ]);
  await expect(column('API Docs').locator('a')).toHaveCount(8);
  await expect(column('User Manuals').locator('a')).toHaveText(footerUserManuals);
  const company = column('Company').locator('a');
  await expect(company).toHaveText([/Main site/, /About us/, /Blog/]);
  await expect(company.nth(0)).toHaveAttribute('href', placeholderContacts.mainSiteUrl);
  await expect(company.nth(1)).toHaveAttribute('href', placeholderContacts.aboutUrl);
  await expect(company.nth(2)).toHaveAttribute('href', '/blog');
  await expect(column('Products').locator('a')).toHaveText(footerProducts);
  const contacts = column('Contacts').locator('a');
  await expect(contacts).toHaveCount(3);
  await expect(contacts.nth(0)).toContainText(placeholderContacts.phoneLv);
  await expect(contacts.nth(0)).toHaveAttribute('href', /^tel:\+371/);
  await expect(contacts.nth(1)).toContainText(placeholderContacts.phoneEe);
  await expect(contacts.nth(1)).toHaveAttribute('href', /^tel:\+372/);
  await expect(contacts.nth(2)).toHaveAttribute('href', `mailto:${placeholderContacts.salesEmail}`);
  await expect(page.locator('.footer__copyright')).toContainText('2025');
});

test('the skip-to-content link is the first focusable element', async ({page}) => {
  await page.goto('/docs/Archive%20Service');
  await hydrated(page);
  await page.keyboard.press('Tab');
  const focused = page.locator(':focus');
  await expect(focused).toHaveText(/skip to main content/i);
  await page.keyboard.press('Enter');
  // The link moves the keyboard's starting point to the main content: the next Tab lands inside <main>.
  await page.keyboard.press('Tab');
  expect(await page.evaluate(() => document.activeElement?.closest('main') !== null)).toBe(true);
});

test.describe('colour mode stays light', () => {
  test.use({colorScheme: 'dark'});

  test('with prefers-color-scheme dark and a stored dark choice', async ({page}) => {
    await page.addInitScript(() => window.localStorage.setItem('theme', 'dark'));
    let flashedDark = false;
    await page.exposeFunction('reportTheme', (theme: string) => {
      if (theme === 'dark') flashedDark = true;
    });
    await page.addInitScript(() => {
      new MutationObserver(() => {
        (window as unknown as {reportTheme: (t: string | null) => void}).reportTheme(
          document.documentElement.getAttribute('data-theme'),
        );
      }).observe(document, {attributes: true, subtree: true, attributeFilter: ['data-theme']});
    });
    await page.goto('/');
    await hydrated(page);
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'light');
    expect(flashedDark).toBe(false);
    await expect(page.locator('[class*="colorModeToggle"]')).toHaveCount(0);
  });
});

test.describe('announcement bar', {tag: '@nginx'}, () => {
  test('dismissal is remembered, and the bar returns when its id changes', async ({page}) => {
    await page.goto('/');
    await hydrated(page);
    const bar = page.getByRole('banner').filter({hasText: 'Developer Portal is live'});
    await expect(bar).toBeVisible();
    await bar.getByRole('button', {name: /close/i}).click();
    await expect(bar).toHaveCount(0);
    await page.reload();
    await hydrated(page);
    await expect(page.getByText('Developer Portal is live')).toBeHidden();
    // A visitor who dismissed an older bar (another id) sees the current one.
    await page.evaluate(() => window.localStorage.setItem('docusaurus.announcement.id', 'an-older-announcement'));
    await page.reload();
    await hydrated(page);
    await expect(page.getByText('Developer Portal is live')).toBeVisible();
  });
});

test.describe('mobile layout (below 996 px)', () => {
  test.use({viewport: {width: 390, height: 844}});

  test('hamburger opens the sidebar; Back closes it without leaving the page', async ({page}) => {
    // Arrive by a client-side navigation, so the previous history entry is in the same app.
    await page.goto('/');
    await hydrated(page);
    await page.locator('.footer__col').first().getByRole('link', {name: 'Archive Service'}).click();
    await expect(page.locator('h1')).toHaveText('Archive Service');
    await expect(page.locator('.navbar__items .navbar__item', {hasText: 'API Docs'})).toBeHidden();
    await page.getByRole('button', {name: /toggle navigation bar/i}).click();
    const sidebar = page.locator('.navbar-sidebar');
    await expect(page.locator('.navbar-sidebar--show')).toHaveCount(1);
    await expect(sidebar.getByText('API Docs')).toBeVisible();
    await page.goBack();
    await expect(page.locator('.navbar-sidebar--show')).toHaveCount(0);
    // The browser does go back one entry; the sidebar's history handler then closes the sidebar and
    // returns to the page's entry (history's go(1)), which on a busy machine lands a moment later.
    await expect(page).toHaveURL((url) => url.pathname === '/docs/Archive%20Service');
    await expect(page.locator('h1')).toHaveText('Archive Service');
  });

  test('on a 320 px phone no page of any template scrolls sideways', async ({page, problems}) => {
    // The not-found page is among them, answered with its 404.
    problems.allow.push(/404/);
    await page.setViewportSize({width: 320, height: 700});
    // One page of each template, the longest where there is a choice; the compare page is the first one the
    // container history links to.
    const pages = [
      '/',
      docUrl('Container and Signature Service'),
      apiRoute('dmss-container-and-signature-services'),
      changesUrl(),
      changesUrl('dmss-container-and-signature-services'),
      '/search?q=archive%20a%20document',
      '/blog',
      '/blog/long-blog-post',
      '/no-such-page',
    ];
    const wide: string[] = [];
    const visit = async (url: string) => {
      await page.goto(url);
      await hydrated(page);
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      if (overflow > 0) wide.push(`${url}: ${overflow} px wider than the screen`);
    };
    for (const url of pages) await visit(url);
    await page.goto(changesUrl('dmss-container-and-signature-services'));
    const compare = await page.locator('main a[href*="/changes/compare/"]').first().getAttribute('href');
    await visit(compare!);
    expect(wide).toEqual([]);
  });

  test('the sidebar is forced closed when the layout becomes desktop', async ({page}) => {
    await page.goto('/');
    await hydrated(page);
    await page.getByRole('button', {name: /toggle navigation bar/i}).click();
    await expect(page.locator('.navbar-sidebar--show')).toHaveCount(1);
    await page.setViewportSize({width: 1200, height: 800});
    await expect(page.locator('.navbar-sidebar--show')).toHaveCount(0);
  });
});
