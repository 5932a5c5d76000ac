/** What the not-found page offers for an unknown address (src/lib/notFound.ts). */
import {describe, expect, it} from 'vitest';
import {addressQuery, routePaths, suggestedRoute} from '../../src/lib/notFound';

const paths = routePaths([
  {path: '/', routes: []},
  {path: '/search'},
  {
    path: '/docs',
    routes: [
      {path: '/docs/Archive Service'},
      {path: '/docs/PadSign 2.0'},
      {path: '/docs/Container_Service_Configuration_Guide'},
      {path: '/docs/:id'},
    ],
  },
  {path: '/api/dmss-archive-service'},
  {path: ['/blog/a', '/blog/b']},
  {path: '*'},
]);

describe('the not-found page', () => {
  it('reads every page route of the tree, not parameters or the catch-all', () => {
    expect(paths).toEqual([
      '/',
      '/search',
      '/docs',
      '/docs/Archive Service',
      '/docs/PadSign 2.0',
      '/docs/Container_Service_Configuration_Guide',
      '/api/dmss-archive-service',
      '/blog/a',
      '/blog/b',
    ]);
  });

  it('suggests the page whose address differs only in case, separators or .html', () => {
    expect(suggestedRoute('/docs/archive-service', paths)).toBe('/docs/Archive Service');
    expect(suggestedRoute('/docs/Archive_Service.html', paths)).toBe('/docs/Archive Service');
    expect(suggestedRoute('/docs/padsign-2-0/', paths)).toBe('/docs/PadSign 2.0');
    expect(suggestedRoute('/docs/container-service-configuration-guide', paths)).toBe(
      '/docs/Container_Service_Configuration_Guide',
    );
    expect(suggestedRoute('/API/DMSS_Archive_Service', paths)).toBe('/api/dmss-archive-service');
  });

  it('suggests nothing for another page, or where two pages would match', () => {
    expect(suggestedRoute('/docs/archive', paths)).toBeUndefined();
    expect(suggestedRoute('/docs/Archive Service', paths)).toBeUndefined();
    expect(suggestedRoute('/x/A_B', ['/x/a b', '/x/a-b'])).toBeUndefined();
    expect(suggestedRoute('/x/A_B', ['/x/a b'])).toBe('/x/a b');
  });

  it('turns the address into a search for its words', () => {
    expect(addressQuery('/docs/archive-service-ports.html')).toBe('archive service ports');
    expect(addressQuery('/api/dmss-archive-service/tag/document')).toBe('dmss archive service document');
    expect(addressQuery('/docs/Archive%20Service')).toBe('Archive Service');
    expect(addressQuery('/docs/')).toBe('');
  });
});
