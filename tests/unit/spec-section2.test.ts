/**
 * The site's map (routes, navbar, footer, docs) written out literally. The
 * other tests (and the e2e route list) derive their expectations from
 * src/config; this file pins that config to the agreed map, so a typo in a route, a service label or a doc name
 * fails here even if it is consistent everywhere else.
 */
import fs from 'node:fs';
import path from 'node:path';
import {describe, expect, it} from 'vitest';
import {apiRoute, apiSpecs} from '../../src/config/apiSpecs';
import {placeholderContacts} from '../../src/config/contacts';
import {allDocIds, docIds, docsWithoutSidebar, docUrl, siteRedirects} from '../../src/config/docs';
import {buildFooter} from '../../src/config/footer';
import {navbar} from '../../src/config/navbar';
import sidebars from '../../sidebars';
import {apiRoutes, docNames, footerCompany, footerProducts, footerUserManuals} from '../section2';

describe('the site map, literally', () => {
  it('has the eight API routes with their service names, in the order of the route table', () => {
    expect(apiSpecs.map((spec) => [apiRoute(spec.id), spec.label])).toEqual(apiRoutes);
    const dropdown = navbar.items[1] as {items: {label: string; to: string}[]};
    expect(dropdown.items.map((item) => [item.to, item.label])).toEqual(apiRoutes);
  });

  it('has each API route backed by its bundled OpenAPI file', () => {
    for (const [route] of apiRoutes) {
      const file = path.resolve(__dirname, '../../openapi', `${route.replace('/api/', '')}.yaml`);
      expect(fs.existsSync(file), file).toBe(true);
    }
  });

  it('has the fifteen doc pages under /docs, named as the spec names them', () => {
    expect([...allDocIds].sort()).toEqual([...docNames].sort());
    expect(docUrl(docIds.archiveService)).toBe('/docs/Archive%20Service');
    expect(docUrl(docIds.containerServiceConfigurationGuide)).toBe('/docs/Container_Service_Configuration_Guide');
  });

  it('sends /docs to Technical Requirements', () => {
    expect(siteRedirects).toEqual([{from: '/docs', to: '/docs/Technical Requirements'}]);
  });

  it('has a main sidebar opening at Technical Requirements and a user-manual sidebar of the two manuals', () => {
    const docsIn = (items: unknown): string[] =>
      JSON.stringify(items)
        .match(/"(?:id":")?([^"{}[\],:]+)"/g)!
        .map((token) => token.replace(/^"(?:id":")?|"$/g, ''))
        .filter((token) => (docNames as string[]).includes(token));
    const [main, manuals, ...others] = Object.values(sidebars);
    expect(others).toEqual([]);
    expect(docsIn(main)[0]).toBe('Technical Requirements');
    expect(docsIn(manuals)).toEqual(['SignBox User Manual', 'PadSign User Manual']);
    expect([...docsWithoutSidebar].sort()).toEqual([
      'Container_Service_Configuration_Guide',
      'PadSign 2.0',
      'PadSign Setup Guide',
    ]);
  });

  it('has the footer items of the spec: Company and Products columns', () => {
    const footer = buildFooter(placeholderContacts);
    const labels = (title: string) =>
      (
        footer.links.find((column) => 'title' in column && column.title === title) as {items: {label: string}[]}
      ).items.map((item) => item.label);
    expect(labels('Company')).toEqual(footerCompany);
    expect(labels('Products')).toEqual(footerProducts);
    expect(labels('User Manuals')).toEqual(footerUserManuals);
    expect(labels('API Docs')).toEqual(apiRoutes.map(([, label]) => label));
  });
});
