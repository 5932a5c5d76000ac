/**
 * Client module: when a client-side navigation to an API page begins, the request for its static
 * reference (the page's server HTML, see theme/Redoc/sections.ts) starts at once, alongside the
 * page's chunks, instead of after the page has rendered. The container reference's HTML is the
 * larger part of following a link to one of its operations.
 */
import type {ClientModule} from '@docusaurus/types';
import globalData from '@generated/globalData';
import {requestStaticReference} from './theme/Redoc/sections';
import type {ApiReferenceGlobalData} from './index';

const withoutSlash = (pathname: string): string => pathname.replace(/(.)\/$/, '$1');

const apiPages = new Set(
  ((globalData['portal-api-reference']?.default as ApiReferenceGlobalData | undefined)?.pages ?? []).map(withoutSlash),
);

const clientModule: ClientModule = {
  onRouteUpdate({location, previousLocation}) {
    if (!previousLocation || previousLocation.pathname === location.pathname) return;
    if (process.env.NODE_ENV === 'development') return; // `npm start` renders the interactive reference.
    if (apiPages.has(withoutSlash(location.pathname))) requestStaticReference(location.pathname);
  },
};

export default clientModule;
