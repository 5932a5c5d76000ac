/** The built pages in ASCII (src/plugins/ascii-pages): escaped as each context needs. */
import {describe, expect, it} from 'vitest';
import {asciiHtml} from '../../src/plugins/ascii-pages';

describe('asciiHtml', () => {
  it('writes text and attribute values with character references', () => {
    expect(asciiHtml('<p title="Tõend">Kõik — 😀</p>')).toBe('<p title="T&#xf5;end">K&#xf5;ik &#x2014; &#x1f600;</p>');
  });

  it('writes stylesheets with CSS escapes, ended by a space', () => {
    expect(asciiHtml(`<style>.e:after{content:' … '}.d::before{content:"—x"}</style><b>©</b>`)).toBe(
      `<style>.e:after{content:' \\2026  '}.d::before{content:"\\2014 x"}</style><b>&#xa9;</b>`,
    );
  });

  it('leaves scripts as they are (their hashes are in the Content-Security-Policy)', () => {
    const html = '<script>document.title="Kõik"</script><p>ö</p><script type="application/ld+json">{"a":"—"}</script>';
    expect(asciiHtml(html)).toBe(
      '<script>document.title="Kõik"</script><p>&#xf6;</p><script type="application/ld+json">{"a":"—"}</script>',
    );
  });

  it('leaves an ASCII page unchanged', () => {
    const html = '<!doctype html><html><head><style>a{}</style></head><body><p>plain</p></body></html>';
    expect(asciiHtml(html)).toBe(html);
  });
});
