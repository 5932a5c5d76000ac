import type {OpenAPISpec} from 'redoc/typings/types';
import type {RedocRawOptions} from 'redoc/typings/services/RedocNormalizedOptions';

/** What docusaurus-plugin-redoc hands each API page (route module `specProps`). */
export interface SpecProps {
  spec: OpenAPISpec;
  url?: string;
  themeId?: string;
  isSpecFile?: boolean;
  normalizeUrl?: boolean;
}

export interface RedocViewProps {
  spec: OpenAPISpec;
  url?: string;
  options: RedocRawOptions;
}

/** The server-rendered reference of a page: Redoc's markup and its CSS. */
export interface StaticReference {
  html: string;
  css: string;
}
