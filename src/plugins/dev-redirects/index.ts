/**
 * The dev-server side of `@docusaurus/plugin-client-redirects`. That plugin
 * writes its redirect pages (a meta refresh) only into a production build, so
 * under `npm start` a redirected path such as `/docs` showed "Page Not Found".
 * In development this plugin adds one exact route per redirect whose
 * component sends the reader on with the router; production builds keep the
 * static redirect pages of client-redirects and get no extra route.
 */
import path from 'node:path';
import type {Plugin} from '@docusaurus/types';

export interface Redirect {
  /** Path that is redirected, e.g. `/docs`. */
  from: string;
  /** Where it goes, e.g. `/docs/Technical%20Requirements`. */
  to: string;
}

export interface DevRedirectsOptions {
  redirects: readonly Redirect[];
  /** Defaults to `process.env.NODE_ENV === 'development'` (set by `docusaurus start`). */
  development?: boolean;
}

export default function devRedirectsPlugin(
  _context: unknown,
  {redirects, development = process.env.NODE_ENV === 'development'}: DevRedirectsOptions,
): Plugin {
  return {
    name: 'portal-dev-redirects',
    async contentLoaded({actions}) {
      if (!development) return;
      for (const {from, to} of redirects) {
        const modulePath = await actions.createData(
          `redirect-${from.replace(/[^a-z0-9]+/gi, '-')}.json`,
          JSON.stringify({to}),
        );
        actions.addRoute({
          path: from,
          exact: true,
          component: path.join(__dirname, 'RedirectTo.tsx'),
          modules: {target: modulePath},
        });
      }
    },
  };
}
