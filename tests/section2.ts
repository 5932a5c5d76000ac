/**
 * The site's map (routes, navbar, footer, docs), written out literally: the expectations the unit tests pin
 * src/config to and the end-to-end tests check in the built pages. Kept here
 * once, apart from the config it checks, so that a typo made consistently in
 * the config still fails.
 */

/** The API rows of the route table: route, then "API reference: <label>". */
export const apiRoutes: readonly [route: string, label: string][] = [
  ['/api/dmss-archive-service', 'Archive Service'],
  ['/api/dmss-authentication-service', 'Authentication Service'],
  ['/api/dmss-container-and-signature-services', 'Container and Signature Service'],
  ['/api/dmss-document-generation-service', 'Document Generation Service'],
  ['/api/dmss-external-gateway', 'External Gateway Service'],
  ['/api/dmss-fallback-service', 'Fallback Service'],
  ['/api/padsign-2.0-server', 'PadSign 2.0'],
  ['/api/dmss-process-and-auditing-service', 'Process and Auditing Service'],
];

/** The doc pages under /docs. */
export const docNames = [
  'Archive Service',
  'Authentication Portal',
  'Authentication Service',
  'Container and Signature Service',
  'Container_Service_Configuration_Guide',
  'Digital Stamping Service',
  'External Portal',
  'luna',
  'PadSign 2.0',
  'PadSign Setup Guide',
  'PadSign User Manual',
  'SignBox Internal Portal',
  'SignBox Setup guide',
  'SignBox User Manual',
  'Technical Requirements',
];

/** The footer's columns, and the items of those whose items the spec names. */
export const footerTitles = ['Install Docs', 'API Docs', 'User Manuals', 'Company', 'Products', 'Contacts'];
export const footerUserManuals = ['SignBox User Manual', 'PadSign User Manual'];
export const footerCompany = ['Main site', 'About us', 'Blog'];
export const footerProducts = [
  'API Platform',
  'Connectors',
  'SignBox',
  'Authentication Service',
  'E-sealing service',
  'PadSign',
];
