import {describe, expect, it} from 'vitest';
import type {RouteConfig} from '@docusaurus/types';
import devRedirectsPlugin from '../../src/plugins/dev-redirects';

const redirects = [{from: '/docs', to: '/docs/Technical%20Requirements'}];

async function routesOf(development: boolean): Promise<{routes: RouteConfig[]; data: Record<string, string>}> {
  const routes: RouteConfig[] = [];
  const data: Record<string, string> = {};
  const plugin = devRedirectsPlugin(undefined, {redirects, development});
  const actions = {
    addRoute: (route: RouteConfig) => routes.push(route),
    createData: async (name: string, content: string) => {
      data[name] = content;
      return `/data/${name}`;
    },
  };
  await plugin.contentLoaded!({content: undefined, actions: actions as never});
  return {routes, data};
}

describe('dev-server redirects', () => {
  it('adds an exact route per redirect under `docusaurus start`', async () => {
    const {routes, data} = await routesOf(true);
    expect(routes).toHaveLength(1);
    const [route] = routes;
    expect(route).toMatchObject({path: '/docs', exact: true, modules: {target: '/data/redirect--docs.json'}});
    expect(route?.component).toMatch(/RedirectTo\.tsx$/);
    expect(JSON.parse(data['redirect--docs.json'] ?? 'null')).toEqual({to: '/docs/Technical%20Requirements'});
  });

  it('adds nothing to a production build, where client-redirects writes the redirect pages', async () => {
    expect((await routesOf(false)).routes).toEqual([]);
  });
});
