/**
 * The Redoc options reach the rendered reference: a fixture spec made to show
 * each option is rendered by the same function as every API page at build time, with the options
 * the site really passes (the redocusaurus theme entry of docusaurus.config.ts, through the theme's
 * own option processing). Each check is paired with a rendering under the other value of the
 * option, to show that the fixture would reveal a change.
 *
 * Section 9: primary colour gold-brown, sample payloads expanded at all levels, maximum sample
 * depth 100, required properties first, path shown in the middle panel.
 */
import fs from 'node:fs';
import path from 'node:path';
import {parse} from 'yaml';
import {beforeAll, describe, expect, it} from 'vitest';
import {getGlobalData} from 'docusaurus-theme-redoc/dist/redocData';
import type {RedocRawOptions} from 'redoc/typings/services/RedocNormalizedOptions';
import config from '../../docusaurus.config';
import {renderStaticReference} from '../../src/plugins/api-reference/theme/Redoc/renderStatic';
import type {Spec} from '../../src/plugins/api-reference/theme/Redoc/types';
import {redocOptionsFrom, type RedocThemeData} from '../../src/plugins/api-reference/theme/Redoc/optionsFrom';

const spec = parse(fs.readFileSync(path.resolve(__dirname, '../fixtures/redoc-options/spec.yaml'), 'utf8')) as Spec;

type ThemeOptions = Parameters<typeof getGlobalData>[0];

/** The options an API page renders with on the server: the theme's global data, through the page's own hook's function. */
async function siteRedocOptions(): Promise<RedocRawOptions> {
  const entry = config.themes.find((theme) => Array.isArray(theme) && theme[0] === 'docusaurus-theme-redoc');
  if (!Array.isArray(entry)) throw new Error('docusaurus.config.ts has no docusaurus-theme-redoc theme entry');
  const data = await getGlobalData(entry[1] as ThemeOptions);
  return redocOptionsFrom(data as unknown as RedocThemeData, false);
}

const render = (options: RedocRawOptions) => renderStaticReference(spec, '/fixture.yaml', options);

/** Text of the HTML without tags, to find property names and sample values in reading order. */
const text = (html: string) => html.replace(/<[^>]+>/g, ' ').replace(/\s+/g, ' ');

/** Whether the required property comes before the optional one that the fixture lists first. */
const requiredFirst = (html: string) =>
  text(html).indexOf('partNumberRequired') < text(html).indexOf('commentOptional');

/** Whether the generated response sample reaches the twelfth level of the fixture's schema. */
const sampleReachesBottom = (html: string) => html.includes('bottom-of-the-sample');

/** Collapsed nodes in the JSON samples (levels beyond jsonSampleExpandLevel start collapsed). */
const collapsedNodes = (html: string) => (html.match(/class="[^"]*\bcollapsed\b/g) ?? []).length;

/** Whether the operation's path is shown in the middle panel, i.e. before the request body's schema. */
const pathInMiddle = (html: string) => {
  const plain = text(html);
  const pathAt = plain.indexOf('/things/{thingId}/parts');
  return pathAt >= 0 && pathAt < plain.indexOf('partNumberRequired');
};

let options: RedocRawOptions;
let site: ReturnType<typeof render>;

beforeAll(async () => {
  options = await siteRedocOptions();
  site = render(options);
}, 60_000);

describe('Redoc options in the rendered reference', () => {
  it('required properties first', () => {
    expect(requiredFirst(site.html)).toBe(true);
    expect(requiredFirst(render({...options, requiredPropsFirst: false}).html)).toBe(false);
  });

  it('generated samples up to depth 100 (the fixture nests twelve levels)', () => {
    expect(sampleReachesBottom(site.html)).toBe(true);
    expect(sampleReachesBottom(render({...options, generatedPayloadSamplesMaxDepth: 10}).html)).toBe(false);
  });

  it('sample payloads expanded at all levels', () => {
    expect(collapsedNodes(site.html)).toBe(0);
    expect(collapsedNodes(render({...options, jsonSampleExpandLevel: 2}).html)).toBeGreaterThan(0);
  });

  it('path shown in the middle panel', () => {
    expect(pathInMiddle(site.html)).toBe(true);
    expect(pathInMiddle(render({...options, pathInMiddlePanel: false}).html)).toBe(false);
  });

  it('gold-brown primary colour in the reference styles', () => {
    const primary = '#6e5210';
    expect(site.css.toLowerCase()).toContain(primary);
    const other = render({...options, theme: {...options.theme, colors: {primary: {main: '#1565c0'}}}});
    expect(other.css.toLowerCase()).not.toContain(primary);
  });
});
