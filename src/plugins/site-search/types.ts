/** What the theme components read from the plugin's global data. */
export interface SiteSearchGlobalData {
  indexUrl: string;
  count: number;
}
