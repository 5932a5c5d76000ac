import type {Navbar} from '@docusaurus/theme-common';
import {apiRoute, apiSpecs} from './apiSpecs';
import {docIds} from './docs';

/** Top navigation, left to right, then the search box. */
export const navbar = {
  title: 'Developer Portal',
  logo: {
    alt: 'Developer Portal home',
    src: 'img/logo.svg',
    width: 32,
    height: 32,
  },
  hideOnScroll: false,
  items: [
    {
      type: 'doc',
      docId: docIds.technicalRequirements,
      label: 'Install Docs',
      position: 'left',
    },
    {
      type: 'dropdown',
      label: 'API Docs',
      position: 'left',
      items: apiSpecs.map((spec) => ({label: spec.label, to: apiRoute(spec.id)})),
    },
    {
      type: 'doc',
      docId: docIds.signBoxUserManual,
      label: 'User Manuals',
      position: 'left',
    },
    {type: 'search', position: 'right'},
  ],
} satisfies Omit<Navbar, 'style' | 'hideOnScroll'> & {hideOnScroll: boolean};
