import type {OpenAPISpec} from 'redoc/typings/types';
import type {RedocRawOptions} from 'redoc/typings/services/RedocNormalizedOptions';

/**
 * What each API page receives as its route module `specProps` (from
 * src/plugins/api-reference): a few strings, never the spec itself.
 */
export interface ApiPageProps {
  /** File name under openapi/ without .yaml. */
  specId: string;
  /** The service's name (src/config/apiSpecs.ts). */
  label: string;
  /** One line on what the service does: the page's meta description. */
  summary: string;
  /** info.title of the spec. */
  title: string;
  /** The hand-written spec's download URL (YAML), shown by Redoc's Download button. */
  url: string;
  /** The spec as Redoc renders it (with code samples), as JSON: fetched for the interactive reference. */
  specUrl: string;
  /**
   * The page's spec in `@portal/server-specs`: the spec id, or `<id>/tag/<slug>` for a tag page of a reference
   * cut into one page per tag (src/lib/openapi/pages.ts).
   */
  pageKey: string;
  /** On the overview of such a reference: where each tag's fragments go (tagPageRedirect in src/lib/openapi/pages.ts). */
  tagRoutes?: Record<string, string>;
}

export interface RedocViewProps {
  specId: string;
  pageKey: string;
  url: string;
  options: RedocRawOptions;
}

export interface InteractiveRedocProps extends RedocViewProps {
  specUrl: string;
  onReady?: () => void;
  /** Called instead of showing the error box when the spec does not load. */
  onError?: (error: Error) => void;
}

/** A parsed spec, as Redoc's AppStore takes it. */
export type Spec = OpenAPISpec;

/** The server-rendered reference of a page: Redoc's markup and its CSS. */
export interface StaticReference {
  html: string;
  css: string;
}

/**
 * The static reference fetched after a client-side navigation: the element of the fetched page
 * that holds the reference (parsed once, its nodes are moved into the page) and the CSS.
 */
export interface FetchedReference {
  content: Element;
  css: string;
}
