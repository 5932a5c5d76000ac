/**
 * The fifteen docs of the portal. The doc id is the file
 * name under docs/ and the URL segment: /docs/<id>, spaces percent-encoded.
 */
export const docIds = {
  technicalRequirements: 'Technical Requirements',
  archiveService: 'Archive Service',
  authenticationService: 'Authentication Service',
  authenticationPortal: 'Authentication Portal',
  containerAndSignatureService: 'Container and Signature Service',
  containerServiceConfigurationGuide: 'Container_Service_Configuration_Guide',
  digitalStampingService: 'Digital Stamping Service',
  externalPortal: 'External Portal',
  luna: 'luna',
  padSign: 'PadSign 2.0',
  padSignSetupGuide: 'PadSign Setup Guide',
  padSignUserManual: 'PadSign User Manual',
  signBoxInternalPortal: 'SignBox Internal Portal',
  signBoxSetupGuide: 'SignBox Setup guide',
  signBoxUserManual: 'SignBox User Manual',
} as const;

export type DocId = (typeof docIds)[keyof typeof docIds];

export const allDocIds: readonly DocId[] = Object.values(docIds);

/** Docs that belong to no sidebar but stay reachable by links. */
export const docsWithoutSidebar: readonly DocId[] = [
  docIds.containerServiceConfigurationGuide,
  docIds.padSign,
  docIds.padSignSetupGuide,
];

/** URL of a doc, with spaces percent-encoded. */
export const docUrl = (id: DocId): string => `/docs/${encodeURIComponent(id)}`;

/** /docs is the documentation root: it opens the entry doc. */
export const siteRedirects: readonly {from: string; to: string}[] = [
  {from: '/docs', to: `/docs/${docIds.technicalRequirements}`},
];
