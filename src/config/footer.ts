import type {Footer} from '@docusaurus/theme-common';
import {apiRoute, apiSpecs} from './apiSpecs';
import {type CompanyContacts, telHref} from './contacts';
import {docIds, docUrl} from './docs';

/** The six footer columns, built from the contacts object. */
export function buildFooter(contacts: CompanyContacts): Footer {
  return {
    style: 'dark',
    links: [
      {
        title: 'Install Docs',
        items: [
          docIds.technicalRequirements,
          docIds.archiveService,
          docIds.authenticationService,
          docIds.containerAndSignatureService,
          docIds.digitalStampingService,
          docIds.signBoxSetupGuide,
          docIds.padSignSetupGuide,
        ].map((id) => ({label: id, to: docUrl(id)})),
      },
      {
        title: 'API Docs',
        items: apiSpecs.map((spec) => ({label: spec.label, to: apiRoute(spec.id)})),
      },
      {
        title: 'User Manuals',
        items: [docIds.signBoxUserManual, docIds.padSignUserManual].map((id) => ({label: id, to: docUrl(id)})),
      },
      {
        title: 'Company',
        items: [
          {label: 'Main site', href: contacts.mainSiteUrl},
          {label: 'About us', href: contacts.aboutUrl},
          {label: 'Blog', to: '/blog'},
        ],
      },
      {
        title: 'Products',
        items: [
          {label: 'API Platform', to: apiRoute('dmss-container-and-signature-services')},
          {label: 'Connectors', to: docUrl(docIds.signBoxSetupGuide)},
          {label: 'SignBox', to: docUrl(docIds.signBoxUserManual)},
          {label: 'Authentication Service', to: docUrl(docIds.authenticationService)},
          {label: 'E-sealing service', to: docUrl(docIds.digitalStampingService)},
          {label: 'PadSign', to: docUrl(docIds.padSign)},
        ],
      },
      {
        title: 'Contacts',
        items: [
          {label: `LV: ${contacts.phoneLv}`, href: telHref(contacts.phoneLv)},
          {label: `EE: ${contacts.phoneEe}`, href: telHref(contacts.phoneEe)},
          {label: contacts.salesEmail, href: `mailto:${contacts.salesEmail}`},
        ],
      },
    ],
    copyright: `Copyright © 2025 Developer Portal. Built with Docusaurus.`,
  };
}
