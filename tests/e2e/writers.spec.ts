/**
 * The writers' workflow on the built site: "Edit this page" on docs and blog
 * posts, "Edit this API description" on every API page, each pointing at its
 * file in the repository (PORTAL_REPO_URL, PORTAL_REPO_BRANCH, as in the
 * build); "Last updated" from git history; and the facts' source comments kept
 * out of the pages.
 */
import {apiRoute, apiSpecs} from '../../src/config/apiSpecs';
import {allDocIds, docUrl} from '../../src/config/docs';
import {editUrl} from '../../src/config/env';
import type {Page} from '@playwright/test';
import {expect, hydrated, test} from './fixtures';

/** The href values of a served HTML page (the build minifies it: values may be unquoted). */
const hrefs = (html: string): string[] =>
  [...html.matchAll(/\shref=(?:"([^"]*)"|'([^']*)'|([^\s>]+))/g)].map((m) =>
    (m[1] ?? m[2] ?? m[3]!).replace(/&amp;/g, '&'),
  );

test('a doc page links to its file in the repository and shows when and by whom it last changed', async ({page}) => {
  await page.goto(docUrl('Archive Service'));
  const edit = page.getByRole('link', {name: 'Edit this page'});
  await expect(edit).toHaveAttribute('href', editUrl('docs/Archive Service.md'));
  const lastUpdated = page.locator('.theme-last-updated');
  await expect(lastUpdated).toContainText(/Last updated on .+ by .+/);
  await expect(lastUpdated.locator('time')).toHaveAttribute('datetime', /^\d{4}-\d{2}-\d{2}T/);
});

/** What the browser's own Intl.DateTimeFormat writes for a `<time>` element's datetime, in a form of the theme. */
async function intlText(page: Page, iso: string, month: 'short' | 'long'): Promise<string> {
  return page.evaluate(
    ([value, monthForm]) =>
      new Intl.DateTimeFormat('en', {day: 'numeric', month: monthForm, year: 'numeric', timeZone: 'UTC'}).format(
        new Date(value),
      ),
    [iso, month] as const,
  );
}

test("dates read as the browser's Intl.DateTimeFormat writes them, served, hydrated and after client-side navigation", async ({
  page,
}) => {
  // src/lib/dateFormat.ts writes the theme's dates without Intl.DateTimeFormat: the text must not change.
  const docDate = page.locator('.theme-last-updated time');
  const postDate = page.locator('article header time').first();
  await page.goto(docUrl('Archive Service'));
  await hydrated(page);
  const docIso = (await docDate.getAttribute('datetime'))!;
  await expect(docDate).toHaveText(await intlText(page, docIso, 'short'));

  await page.goto('/blog/welcome');
  await hydrated(page);
  const postIso = (await postDate.getAttribute('datetime'))!;
  expect(postIso).toMatch(/^\d{4}-\d{2}-\d{2}T/);
  await expect(postDate).toHaveText(await intlText(page, postIso, 'long'));

  // Rendered in the browser: a client-side navigation from the blog post to a doc.
  await page.getByRole('link', {name: 'Install Docs', exact: true}).first().click();
  await page.waitForURL(/\/docs\//);
  await expect(docDate).toBeVisible();
  const shownIso = (await docDate.getAttribute('datetime'))!;
  await expect(docDate).toHaveText(await intlText(page, shownIso, 'short'));
});

test('every doc has its own edit link and last-updated line', async ({request}) => {
  for (const id of allDocIds) {
    const html = await (await request.get(docUrl(id))).text();
    expect(hrefs(html), id).toContain(editUrl(`docs/${id}.md`));
    expect(html.includes('theme-last-updated'), `${id} shows when it last changed`).toBe(true);
  }
});

test('a blog post links to its file in the repository', async ({page}) => {
  await page.goto('/blog/welcome');
  await expect(page.getByRole('link', {name: 'Edit this page'})).toHaveAttribute(
    'href',
    editUrl('blog/2025-01-15-welcome.mdx'),
  );
});

test('every API page links to its OpenAPI file in the repository', async ({page, request}) => {
  for (const spec of apiSpecs) {
    const html = await (await request.get(apiRoute(spec.id))).text();
    expect(hrefs(html), spec.id).toContain(editUrl(`openapi/${spec.id}.yaml`));
  }
  await page.goto(apiRoute('dmss-archive-service'));
  await expect(page.getByRole('link', {name: 'Edit this API description'})).toHaveAttribute(
    'href',
    editUrl('openapi/dmss-archive-service.yaml'),
  );
});

test('the source comments of the facts stay out of the pages', async ({page, request}) => {
  const html = await (await request.get(docUrl('Technical Requirements'))).text();
  expect(/\{\/\*|\*\/\}|source: [\w.-]+\/[\w.-]+:/.test(html), 'a source comment in the HTML').toBe(false);
  await page.goto(docUrl('Technical Requirements'));
  await expect(page.locator('article')).toContainText('8090');
  await expect(page.locator('article')).not.toContainText('source:');
});
