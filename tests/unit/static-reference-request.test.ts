/**
 * The static reference of an API page is requested once when a client-side navigation to the page
 * starts (src/plugins/api-reference/client.ts), and the page takes that request instead of making
 * its own (theme/Redoc/sections.ts). The fetch is stubbed; no parser is needed for the count.
 */
import {afterEach, describe, expect, it, vi} from 'vitest';
import {requestStaticReference, takeStaticReference} from '../../src/plugins/api-reference/theme/Redoc/sections';

const PAGE = '<html><body><div class="redocusaurus redocusaurus-static"><p>x</p></div></body></html>';

function stubFetch(): string[] {
  const requested: string[] = [];
  vi.stubGlobal('fetch', (url: string) => {
    requested.push(url);
    return Promise.resolve(new Response(PAGE, {headers: {'Content-Type': 'text/html'}}));
  });
  // Node has no DOMParser: a stand-in that finds the reference by its class.
  vi.stubGlobal(
    'DOMParser',
    class {
      parseFromString(html: string) {
        const found = html.includes('redocusaurus-static');
        return {
          querySelector: (selector: string) =>
            found && selector === '.redocusaurus-static' ? {hasChildNodes: () => true} : null,
        };
      }
    },
  );
  vi.spyOn(console, 'warn').mockImplementation(() => undefined);
  return requested;
}

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('the static reference request', () => {
  it('is made once when requested ahead, and the page takes it', async () => {
    const requested = stubFetch();
    requestStaticReference('/api/a');
    requestStaticReference('/api/a');
    const reference = await takeStaticReference('/api/a');
    expect(reference).not.toBeNull();
    expect(requested).toEqual(['/api/a']);
  });

  it('is made anew by a page that finds none requested (a second visit, or no navigation ahead)', async () => {
    const requested = stubFetch();
    requestStaticReference('/api/b');
    await takeStaticReference('/api/b');
    await takeStaticReference('/api/b');
    await takeStaticReference('/api/c');
    expect(requested).toEqual(['/api/b', '/api/b', '/api/c']);
  });
});
