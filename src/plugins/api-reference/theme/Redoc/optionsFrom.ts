/**
 * The Redoc options of the API pages: the options and the light theme that
 * docusaurus-theme-redoc computes at build time from the site's settings
 * (src/config/redoc.ts, given to it in docusaurus.config.ts) and publishes as
 * its global data. The site is light only, so the dark theme is never used.
 */
import type {RedocRawOptions} from 'redoc/typings/services/RedocNormalizedOptions';

/** The part of docusaurus-theme-redoc's global data read here. */
export interface RedocThemeData {
  options: RedocRawOptions;
  lightTheme: RedocRawOptions['theme'];
}

/**
 * The options a page renders with. A `scrollYOffset` selector (the navbar) is
 * read on every scroll in the browser, so Redoc never keeps a height measured
 * before the navbar had its size; on the server there is no navbar: 0.
 */
export function redocOptionsFrom({options, lightTheme}: RedocThemeData, isBrowser: boolean): RedocRawOptions {
  const offset = options.scrollYOffset;
  const scrollYOffset =
    typeof offset !== 'string' ? offset : isBrowser ? () => document.querySelector(offset)?.clientHeight ?? 0 : 0;
  return {...options, scrollYOffset, theme: lightTheme};
}
