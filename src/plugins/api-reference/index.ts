/**
 * The API reference, as one unit: this plugin builds the eight API pages and
 * owns the theme components they render (./theme: the page `ApiDoc`, the
 * static and interactive `Redoc`, and the Try it bar and console).
 *
 * - Before any page is made, prepare.ts runs the OpenAPI quality gate and
 *   writes what the pages and downloads are made from (generated/).
 * - Each page is a route whose props are a few strings, never the spec: the
 *   server build renders the reference from `@portal/server-specs` (an alias
 *   that exists in the server build only), and the browser fetches the spec
 *   as JSON only when the interactive reference starts.
 * - ./theme overrides docusaurus-theme-redoc's `@theme/ApiDoc` and
 *   `@theme/Redoc`: this plugin is listed after that theme in
 *   docusaurus.config.ts, and later theme paths win.
 *
 * What docusaurus-theme-redoc (redocusaurus) still does for the site: the
 * bundler settings Redoc needs in the browser, Redoc's light theme computed
 * from the site's primary colour (its global data, read by
 * ./theme/Redoc/options.ts), its stylesheet, and its client-side CSS module.
 */
import path from 'node:path';
import type {LoadContext, Plugin} from '@docusaurus/types';
import {specDownloadUrl, renderedSpecUrl} from '../../lib/openapi/urls';
import {specSource, type ApiSpec} from '../../config/apiSpecs';
import type {ApiPageProps} from './theme/Redoc/types';
import {prepareOpenApi, type PreparedSpecs} from './prepare';
import {preparedPaths} from './outputs';

export interface ApiReferenceOptions {
  /** The APIs this plugin builds, one page each at `route` (src/config/apiSpecs.ts). */
  specs: readonly (ApiSpec & {route: string})[];
}

/** What the browser knows of the API pages (./client.ts): their paths. */
export interface ApiReferenceGlobalData {
  pages: string[];
}

export default function apiReferencePlugin(context: LoadContext, options: ApiReferenceOptions): Plugin<PreparedSpecs> {
  const {siteDir} = context;
  return {
    name: 'portal-api-reference',
    loadContent() {
      return prepareOpenApi(siteDir, options.specs);
    },
    async contentLoaded({content, actions}) {
      const pages: string[] = [];
      for (const {id, route, label, summary} of options.specs) {
        const prepared = content[id];
        if (!prepared) throw new Error(`[portal-api-reference] ${id} was not prepared`);
        const base = {specId: id, label, summary, title: prepared.title, url: specDownloadUrl(id, 'yaml')};
        // A reference cut into tag pages: /api/<id> is their overview, and sends a fragment of its own
        // one-page days (#tag/<Tag>/operation/...) on to the tag page that holds it.
        const pagesOfSpec: {route: string; props: ApiPageProps}[] = [
          {
            route,
            props: {
              ...base,
              pageKey: id,
              // Versioned: after an edit under `npm start`, the open page fetches the new spec.
              specUrl: `${renderedSpecUrl(id)}?v=${prepared.version}`,
              ...(prepared.tagRoutes ? {tagRoutes: prepared.tagRoutes} : {}),
            },
          },
          ...(prepared.tagPages ?? []).map((page) => ({
            route: page.route,
            props: {
              ...base,
              title: `${page.tag} | ${prepared.title}`,
              pageKey: page.key,
              specUrl: `${renderedSpecUrl(page.key)}?v=${page.version}`,
            },
          })),
        ];
        for (const page of pagesOfSpec) {
          const specProps = await actions.createData(
            `api-page-${page.props.pageKey.replace(/\//g, '-')}.json`,
            JSON.stringify(page.props),
          );
          const pagePath = `${context.baseUrl.replace(/\/$/, '')}/${page.route.replace(/^\//, '')}`;
          pages.push(pagePath);
          actions.addRoute({path: pagePath, component: '@theme/ApiDoc', exact: true, modules: {specProps}});
        }
      }
      const globalData: ApiReferenceGlobalData = {pages};
      actions.setGlobalData(globalData);
    },
    getClientModules() {
      return [path.join(__dirname, 'client.ts')];
    },
    configureWebpack(_config, isServer) {
      // The rendered specs resolve in the server build only: a browser chunk that imported them would fail to build.
      return isServer ? {resolve: {alias: {'@portal/server-specs': preparedPaths(siteDir).serverSpecsModule}}} : {};
    },
    getThemePath() {
      return path.join(__dirname, 'theme');
    },
    getPathsToWatch() {
      return [
        ...new Set([
          path.join(siteDir, 'openapi', '*.yaml'),
          ...options.specs.map((spec) => path.join(siteDir, specSource(spec))),
        ]),
        path.join(siteDir, 'api-changes', '*.yaml'),
      ];
    },
  };
}
