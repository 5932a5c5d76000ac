import type {SidebarsConfig} from '@docusaurus/plugin-content-docs';
import {docIds} from './src/config/docs';

/**
 * Two sidebars: the main install-and-integration sidebar and
 * the user-manual sidebar. Container_Service_Configuration_Guide, PadSign 2.0
 * and PadSign Setup Guide are deliberately in neither: they are reached by
 * links from the pages that introduce them.
 */
const sidebars = {
  main: [
    docIds.technicalRequirements,
    {
      type: 'category',
      label: 'Services',
      collapsed: false,
      items: [
        docIds.archiveService,
        docIds.authenticationService,
        docIds.containerAndSignatureService,
        docIds.digitalStampingService,
        docIds.luna,
      ],
    },
    {
      type: 'category',
      label: 'Portals and integration',
      collapsed: false,
      items: [
        docIds.authenticationPortal,
        docIds.externalPortal,
        docIds.signBoxInternalPortal,
        docIds.signBoxSetupGuide,
      ],
    },
  ],
  userManuals: [docIds.signBoxUserManual, docIds.padSignUserManual],
} satisfies SidebarsConfig;

export default sidebars;
