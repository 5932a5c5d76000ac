import fs from 'node:fs';
import path from 'node:path';
import {afterEach, describe, expect, it, vi} from 'vitest';
import {apiSpecs} from '../../src/config/apiSpecs';
import {contactEnvVars, loadContacts, placeholderContacts, telHref} from '../../src/config/contacts';
import {buildFooter} from '../../src/config/footer';
import {navbar} from '../../src/config/navbar';
import {footerTitles} from '../section2';

describe('navbar', () => {
  it('lists install docs, the API dropdown, user manuals, then search', () => {
    expect(navbar.items.map((item) => item.type ?? 'link')).toEqual(['doc', 'dropdown', 'doc', 'search']);
    expect(navbar.items[0]).toMatchObject({docId: 'Technical Requirements', label: 'Install Docs'});
    expect(navbar.items[2]).toMatchObject({docId: 'SignBox User Manual', label: 'User Manuals'});
  });

  it('draws the logo file the config names, inline (src/theme/Logo imports it)', () => {
    const root = path.resolve(__dirname, '../..');
    const logoComponent = fs.readFileSync(path.join(root, 'src/theme/Logo/index.tsx'), 'utf8');
    const imported = /^import Mark from '@site\/static\/([^']+)';$/m.exec(logoComponent)?.[1];
    expect(imported).toBe(navbar.logo.src);
    expect(fs.readFileSync(path.join(root, 'static', navbar.logo.src), 'utf8')).toMatch(/^<svg [^>]*viewBox=/);
  });

  it('has the eight API routes in the dropdown, labelled by service', () => {
    const dropdown = navbar.items[1] as {label: string; items: {label: string; to: string}[]};
    expect(dropdown.label).toBe('API Docs');
    expect(dropdown.items).toEqual(apiSpecs.map((spec) => ({label: spec.label, to: `/api/${spec.id}`})));
    expect(dropdown.items).toHaveLength(8);
  });
});

describe('footer', () => {
  const footer = buildFooter(placeholderContacts);

  it('has the six columns', () => {
    expect(footer.links.map((column) => ('title' in column ? column.title : ''))).toEqual(footerTitles);
  });

  it('builds contacts as tel: and mailto: links from the contacts object', () => {
    const contacts = footer.links[5] as {items: {label: string; href: string}[]};
    expect(contacts.items).toEqual([
      {label: `LV: ${placeholderContacts.phoneLv}`, href: telHref(placeholderContacts.phoneLv)},
      {label: `EE: ${placeholderContacts.phoneEe}`, href: telHref(placeholderContacts.phoneEe)},
      {label: placeholderContacts.salesEmail, href: `mailto:${placeholderContacts.salesEmail}`},
    ]);
    expect(footer.copyright).toContain('2025');
  });
});

describe('contacts', () => {
  afterEach(() => vi.unstubAllEnvs());

  it('defaults to obvious placeholders (zero phone numbers, example.com)', () => {
    expect(loadContacts()).toEqual(placeholderContacts);
    expect(placeholderContacts.phoneLv.replace(/\D/g, '')).toMatch(/^3710+$/);
    expect(placeholderContacts.phoneEe.replace(/\D/g, '')).toMatch(/^3720+$/);
    expect(placeholderContacts.salesEmail).toMatch(/@example\.com$/);
  });

  it('takes every field from its environment variable at build time', () => {
    vi.stubEnv(contactEnvVars.phoneLv, '+371 11 111 111');
    vi.stubEnv(contactEnvVars.salesEmail, 'sales@company.test');
    const contacts = loadContacts();
    expect(contacts.phoneLv).toBe('+371 11 111 111');
    expect(contacts.salesEmail).toBe('sales@company.test');
    expect(contacts.phoneEe).toBe(placeholderContacts.phoneEe);
    expect(telHref(contacts.phoneLv)).toBe('tel:+37111111111');
  });
});
