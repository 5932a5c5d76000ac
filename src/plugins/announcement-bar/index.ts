/**
 * Docusaurus hides a dismissed announcement bar before hydration with an
 * inline script that reads only the "dismissed" flag. When the bar's id has
 * changed since the visitor dismissed an older bar, React shows the new bar
 * after hydration, but the html attribute set by that script keeps it hidden
 * by CSS. This tag runs right after, compares the stored id with the current
 * one, and lifts the attribute for a new announcement, so a new bar shows
 * from the first paint (dismissal remembered, reset when the
 * bar's id changes).
 */
import type {LoadContext, Plugin} from '@docusaurus/types';
import type {ThemeConfig} from '@docusaurus/preset-classic';

export default function announcementBarPlugin(context: LoadContext): Plugin {
  const id = (context.siteConfig.themeConfig as ThemeConfig).announcementBar?.id;
  return {
    name: 'portal-announcement-bar',
    injectHtmlTags() {
      if (!id) return {};
      return {
        preBodyTags: [
          {
            tagName: 'script',
            innerHTML: `(function(){try{if(localStorage.getItem('docusaurus.announcement.id')!==${JSON.stringify(id)}){document.documentElement.setAttribute('data-announcement-bar-initially-dismissed','false')}}catch(e){}})();`,
          },
        ],
      };
    },
  };
}
