/**
 * One API reference page, made with redocusaurus's docusaurus-plugin-redoc
 * (which loads and bundles the spec) but routed by this wrapper so that:
 * 1. the OpenAPI quality gate runs before any page is made;
 * 2. no spec is part of any page's JavaScript. The stock plugin puts the spec
 *    into the site-wide global data (main.js, every page) and into the page's
 *    route module. Here the page gets only a few small props: the server build
 *    renders the reference from `@portal/server-specs` (see prepare.ts and
 *    src/plugins/redoc-page), and the browser fetches the spec as JSON only
 *    when the interactive reference starts.
 */
import type {LoadContext, Plugin} from '@docusaurus/types';
import redocPlugin from 'docusaurus-plugin-redoc';
import type {ApiPageProps} from '../../theme/Redoc/types';
import {downloadUrl, prepareOpenApi, preparedPaths, renderedSpecUrl} from './prepare';

export interface ApiReferenceOptions {
  /** File name under openapi/ without .yaml; the page is at /api/<specId>. */
  specId: string;
  route: string;
}

type RedocContent = Awaited<ReturnType<NonNullable<ReturnType<typeof redocPlugin>['loadContent']>>> & {
  /** Hash of the rendered spec (see prepare.ts). */
  version: string;
};

const THEME_ID = 'theme-redoc';

function isOptions(value: unknown): value is ApiReferenceOptions {
  const candidate = value as Partial<ApiReferenceOptions> | null;
  return typeof candidate?.specId === 'string' && typeof candidate.route === 'string';
}

export default function apiReferencePlugin(context: LoadContext, options: unknown): Plugin<RedocContent> {
  if (!isOptions(options)) {
    throw new Error(`portal-api-reference needs {specId, route} options, got ${JSON.stringify(options)}`);
  }
  const {specId, route} = options;
  const pluginId = specId.replace(/[^\w-]/g, '_');
  const inner = redocPlugin(context, {
    id: pluginId,
    spec: preparedPaths(context.siteDir).renderedSpec(specId),
    url: downloadUrl(specId, 'yaml'),
    route,
    themeId: THEME_ID,
    layout: {},
    debug: false,
    normalizeUrl: false,
  });
  return {
    name: 'portal-api-reference',
    async loadContent() {
      const versions = await prepareOpenApi(context.siteDir);
      const redoc = await inner.loadContent!();
      return {...redoc, version: versions[specId]!};
    },
    async contentLoaded({content, actions}) {
      const spec = content?.converted as {info?: {title?: unknown}} | undefined;
      if (typeof spec?.info?.title !== 'string') {
        throw new Error(`[portal-api-reference] openapi/${specId}.yaml could not be loaded (no info.title)`);
      }
      const pageProps: ApiPageProps = {
        specId,
        title: spec.info.title,
        url: downloadUrl(specId, 'yaml'),
        // Versioned: after an edit under `npm start`, the open page fetches the new spec.
        specUrl: `${renderedSpecUrl(specId)}?v=${content.version}`,
        themeId: THEME_ID,
      };
      const specProps = await actions.createData(`api-page-${pluginId}.json`, JSON.stringify(pageProps));
      actions.addRoute({
        path: `${context.baseUrl.replace(/\/$/, '')}/${route.replace(/^\//, '')}`,
        component: '@theme/ApiDoc',
        exact: true,
        modules: {specProps},
      });
    },
    getPathsToWatch() {
      return [`${context.siteDir}/openapi/${specId}.yaml`];
    },
  };
}
