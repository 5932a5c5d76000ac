/**
 * One API reference page: redocusaurus's docusaurus-plugin-redoc, wrapped so
 * that (1) the OpenAPI quality gate runs before any page is made, and (2) the
 * spec is not copied into the site-wide global data. The stock plugin calls
 * setGlobalData(spec), which puts every spec into main.js on every page; the
 * page already receives its own spec as a route module (specProps).
 */
import type {LoadContext, Plugin} from '@docusaurus/types';
import redocPlugin from 'docusaurus-plugin-redoc';
import {downloadUrl, prepareOpenApiOnce, preparedPaths} from './prepare';

export interface ApiReferenceOptions {
  /** File name under openapi/ without .yaml; the page is at /api/<specId>. */
  specId: string;
  route: string;
}

type RedocContent = Awaited<ReturnType<NonNullable<ReturnType<typeof redocPlugin>['loadContent']>>>;

function isOptions(value: unknown): value is ApiReferenceOptions {
  const candidate = value as Partial<ApiReferenceOptions> | null;
  return typeof candidate?.specId === 'string' && typeof candidate.route === 'string';
}

export default function apiReferencePlugin(context: LoadContext, options: unknown): Plugin<RedocContent> {
  if (!isOptions(options)) {
    throw new Error(`portal-api-reference needs {specId, route} options, got ${JSON.stringify(options)}`);
  }
  const {specId, route} = options;
  const inner = redocPlugin(context, {
    id: specId.replace(/[^\w-]/g, '_'),
    spec: preparedPaths(context.siteDir).renderedSpec(specId),
    url: downloadUrl(specId, 'yaml'),
    route,
    themeId: 'theme-redoc',
    layout: {},
    debug: false,
    normalizeUrl: false,
  });
  return {
    name: 'portal-api-reference',
    async loadContent() {
      await prepareOpenApiOnce(context.siteDir);
      return inner.loadContent!();
    },
    async contentLoaded({content, actions}) {
      await inner.contentLoaded!({content, actions: {...actions, setGlobalData: () => undefined}});
    },
    getPathsToWatch() {
      return [`${context.siteDir}/openapi/${specId}.yaml`];
    },
  };
}
