import {buildEnv} from './env';

/**
 * Company contacts and links shown in the footer. The defaults are obvious
 * placeholders: a real deployment sets the environment variables at build
 * time (see handbook/deploying.md, "Environment variables").
 */
export interface CompanyContacts {
  /** Phone number for Latvia, as displayed. */
  phoneLv: string;
  /** Phone number for Estonia, as displayed. */
  phoneEe: string;
  /** Sales e-mail address (rendered as a mailto: link). */
  salesEmail: string;
  /** Company main site. */
  mainSiteUrl: string;
  /** Company "about us" page. */
  aboutUrl: string;
}

export const placeholderContacts: CompanyContacts = {
  phoneLv: '+371 00 000 000',
  phoneEe: '+372 000 0000',
  salesEmail: 'sales@example.com',
  mainSiteUrl: 'https://example.com',
  aboutUrl: 'https://example.com/about',
};

/** Environment variable for each contact field. */
export const contactEnvVars: Record<keyof CompanyContacts, string> = {
  phoneLv: 'PORTAL_CONTACT_PHONE_LV',
  phoneEe: 'PORTAL_CONTACT_PHONE_EE',
  salesEmail: 'PORTAL_CONTACT_SALES_EMAIL',
  mainSiteUrl: 'PORTAL_COMPANY_URL',
  aboutUrl: 'PORTAL_COMPANY_ABOUT_URL',
};

export function loadContacts(): CompanyContacts {
  const entries = Object.entries(contactEnvVars).map(([key, envVar]) => [
    key,
    buildEnv.read(envVar, placeholderContacts[key as keyof CompanyContacts]),
  ]);
  return Object.fromEntries(entries) as unknown as CompanyContacts;
}

/** `tel:` URI of a displayed phone number (spaces and dashes dropped). */
export const telHref = (phone: string): string => `tel:${phone.replace(/[^+\d]/g, '')}`;
