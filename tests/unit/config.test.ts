import {afterEach, describe, expect, it, vi} from 'vitest';
import config from '../../docusaurus.config';
import {mermaidRendering, rehypeMermaidAsHtml} from '../../src/plugins/mermaid-prerender';
import siteSearchPlugin, {SITE_SEARCH_STATIC_DIR} from '../../src/plugins/site-search';

const themeConfig = config.themeConfig;

describe('docusaurus.config.ts', () => {
  it('has the site identity', () => {
    expect(config.title).toBe('Developer Portal');
    expect(config.tagline).toBe('Why the product?');
    expect(config.baseUrl).toBe('/');
    expect(config.trailingSlash).toBe(false);
    expect(config.i18n).toEqual({defaultLocale: 'en', locales: ['en']});
  });

  it('fixes the colour mode to light', () => {
    expect(themeConfig.colorMode).toEqual({
      defaultMode: 'light',
      disableSwitch: true,
      respectPrefersColorScheme: false,
    });
  });

  it('keeps the docs sidebar visible and its categories open, TOC h2 to h3', () => {
    expect(themeConfig.docs).toEqual({sidebar: {hideable: false, autoCollapseCategories: false}});
    expect(themeConfig.tableOfContents).toEqual({minHeadingLevel: 2, maxHeadingLevel: 3});
  });

  it('has a dismissible announcement bar with an id', () => {
    expect(themeConfig.announcementBar.isCloseable).toBe(true);
    expect(themeConfig.announcementBar.id).toMatch(/\S/);
  });

  it('applies the broken-link settings', () => {
    expect(config.onBrokenLinks).toBe('ignore');
    expect(config.markdown.hooks.onBrokenMarkdownLinks).toBe('warn');
  });

  describe('the bundler', () => {
    /** The site config as it is read with PORTAL_BUNDLER set to `value` (loaded afresh, as a build does). */
    const configWith = async (value: string) => {
      vi.stubEnv('PORTAL_BUNDLER', value);
      vi.resetModules();
      return (await import('../../docusaurus.config')).default;
    };
    afterEach(() => {
      vi.unstubAllEnvs();
      vi.resetModules();
    });

    it('is Rspack (@docusaurus/faster) unless PORTAL_BUNDLER says otherwise', async () => {
      for (const value of ['', 'rspack']) {
        const built = await configWith(value);
        expect(built.future.faster, `PORTAL_BUNDLER=${value}`).toBe(true);
        expect(built.future.v4).toBe(true);
      }
    });

    it('is webpack with PORTAL_BUNDLER=webpack', async () => {
      expect((await configWith('webpack')).future.faster).toBe(false);
    });
  });

  it('stores preferences in local storage without a key suffix', () => {
    expect(config.storage).toEqual({type: 'localStorage', namespace: false});
  });

  it('renders Mermaid (at build time when a Chromium is here, else in the browser) and uses a local search', () => {
    const rendering = mermaidRendering();
    const docs = (config.presets[0] as [string, {docs: {rehypePlugins: unknown[]}}])[1].docs;
    if (rendering.mode === 'build') {
      expect(config.markdown.mermaid).toBe(false);
      expect(config.themes).not.toContain('@docusaurus/theme-mermaid');
      expect(docs.rehypePlugins).toContain(rehypeMermaidAsHtml);
    } else {
      expect(config.markdown.mermaid).toBe(true);
      expect(config.themes).toContain('@docusaurus/theme-mermaid');
      expect(docs.rehypePlugins).not.toContain(rehypeMermaidAsHtml);
    }
    // The site search's index is in a static directory, so `npm start` serves it as the build does.
    expect(config.themes).toContain(siteSearchPlugin);
    expect(config.staticDirectories).toContain(SITE_SEARCH_STATIC_DIR);
  });
});
