/**
 * A reference too large for one page is cut into one page per tag, with /api/<id> as their overview
 * (src/lib/openapi/pages.ts, src/plugins/api-reference/split.ts). Checked on a generated spec just above the
 * limit, and by rendering its pages with the function every API page uses: the overview's links must lead to
 * the anchors Redoc writes on the tag pages.
 */
import {describe, expect, it} from 'vitest';
import {SPLIT_OPERATIONS, tagPageRedirect, tagPages, tagSlug} from '../../src/lib/openapi/pages';
import {anchorTag, overviewSpec, tagPageSpec} from '../../src/plugins/api-reference/split';
import {renderStaticReference} from '../../src/plugins/api-reference/theme/Redoc/renderStatic';
import type {Spec} from '../../src/plugins/api-reference/theme/Redoc/types';

type Obj = Record<string, unknown>;

/** A spec of `count` operations: GET /things/{i} under "Droplet Actions" (even i) or "Billing" (odd i). */
function largeSpec(count: number): Obj {
  const paths: Obj = {};
  for (let i = 0; i < count; i++) {
    paths[`/things/${i}/{id}`] = {
      parameters: [{name: 'id', in: 'path', required: true, schema: {type: 'string'}}],
      get: {
        operationId: `getThing${i}`,
        summary: `Get thing ${i}`,
        tags: i % 2 === 0 ? ['Droplet Actions', 'Billing'] : ['Billing'],
        ...(i === 3 ? {deprecated: true} : {}),
        responses: {
          '200': {
            description: 'The thing',
            content: {
              'application/json': {
                schema: {$ref: i % 2 === 0 ? '#/components/schemas/Even' : '#/components/schemas/Odd'},
              },
            },
          },
        },
      },
    };
  }
  return {
    openapi: '3.0.3',
    info: {title: 'Things API', version: '1.0.0', description: 'All about things.'},
    servers: [{url: 'https://api.example.invalid'}],
    security: [{token: []}],
    tags: [
      {name: 'Introduction', description: 'Read me first.'},
      {name: 'Billing', description: 'Money.'},
      {name: 'Droplet Actions', description: 'Actions.'},
    ],
    paths,
    components: {
      securitySchemes: {token: {type: 'http', scheme: 'bearer'}},
      schemas: {
        Even: {type: 'object', properties: {part: {$ref: '#/components/schemas/Part'}}},
        Odd: {type: 'object', properties: {n: {type: 'integer'}}},
        Part: {type: 'object', properties: {child: {$ref: '#/components/schemas/Part'}}},
        Unused: {type: 'string'},
      },
    },
  };
}

const operationIds = (spec: Obj): string[] =>
  Object.values(spec.paths as Record<string, Obj>).flatMap((item) =>
    Object.values(item)
      .filter((value): value is Obj => typeof value === 'object' && value !== null && 'operationId' in value)
      .map((op) => String(op.operationId)),
  );

describe('tagPages', () => {
  it('keeps a reference of up to SPLIT_OPERATIONS operations on one page', () => {
    expect(tagPages('things', largeSpec(SPLIT_OPERATIONS))).toBeNull();
  });

  it('cuts a larger one into a page per tag that has operations, each operation on its first tag’s page', () => {
    const pages = tagPages('things', largeSpec(SPLIT_OPERATIONS + 1))!;
    expect(pages.map((page) => [page.tag, page.slug, page.route])).toEqual([
      ['Billing', 'billing', '/api/things/tag/billing'],
      ['Droplet Actions', 'droplet-actions', '/api/things/tag/droplet-actions'],
    ]);
    expect(pages[0]!.operations).toHaveLength(150);
    expect(pages[1]!.operations).toHaveLength(151);
    expect(pages[1]!.operations[0]).toEqual({
      operationId: 'getThing0',
      method: 'GET',
      path: '/things/0/{id}',
      summary: 'Get thing 0',
      deprecated: false,
    });
    expect(pages[0]!.operations.find((op) => op.operationId === 'getThing3')?.deprecated).toBe(true);
  });

  it('puts operations without a tag on the page of `default`, and gives tags of one slug distinct routes', () => {
    const spec = largeSpec(SPLIT_OPERATIONS + 1);
    const paths = spec.paths as Record<string, {get: Obj}>;
    delete paths['/things/1/{id}']!.get.tags;
    paths['/things/3/{id}']!.get.tags = ['billing!'];
    const pages = tagPages('things', spec)!;
    expect(pages.map((page) => page.slug)).toEqual(['billing', 'droplet-actions', 'default', 'billing-2']);
  });

  it('makes slugs of letters, digits and single hyphens', () => {
    expect(tagSlug('1-Click Applications')).toBe('1-click-applications');
    expect(tagSlug('  CDN / Endpoints ')).toBe('cdn-endpoints');
    expect(tagSlug('Überweisung')).toBe('uberweisung');
    expect(tagSlug('***')).toBe('tag');
  });
});

describe('tagPageRedirect', () => {
  const targets = {
    'Droplet Actions': '/api/things/tag/droplet-actions#tag/Droplet-Actions',
    'Droplet-Actions': '/api/things/tag/droplet-actions#tag/Droplet-Actions',
    Billing: '/api/things/tag/billing#tag/Billing',
  };

  it('sends a fragment under a tag that has a page to that page, the rest of the fragment unchanged', () => {
    expect(tagPageRedirect('#tag/Billing/operation/getThing1', targets)).toBe(
      '/api/things/tag/billing#tag/Billing/operation/getThing1',
    );
    expect(tagPageRedirect('#tag/Droplet-Actions', targets)).toBe(
      '/api/things/tag/droplet-actions#tag/Droplet-Actions',
    );
    expect(tagPageRedirect('#tag/Droplet%2DActions/operation/x', targets)).toBe(
      '/api/things/tag/droplet-actions#tag/Droplet-Actions/operation/x',
    );
  });

  it('takes the tag as the spec names it (operationHref) to Redoc’s anchor of it', () => {
    expect(tagPageRedirect('#tag/Droplet%20Actions/operation/getThing0', targets)).toBe(
      '/api/things/tag/droplet-actions#tag/Droplet-Actions/operation/getThing0',
    );
  });

  it('leaves the overview’s own fragments, unknown tags and broken encodings where they are', () => {
    expect(tagPageRedirect('#section/Authentication', targets)).toBeNull();
    expect(tagPageRedirect('#tag/Introduction', targets)).toBeNull();
    expect(tagPageRedirect('#tag/constructor', targets)).toBeNull();
    expect(tagPageRedirect('#tag/%E0%A4%A', targets)).toBeNull();
    expect(tagPageRedirect('', targets)).toBeNull();
  });
});

describe('the specs of the overview and the tag pages', () => {
  const spec = largeSpec(SPLIT_OPERATIONS + 1);
  const pages = tagPages('things', spec)!;
  const droplets = pages[1]!;

  it('gives a tag page only its operations, filed under it alone, and only the components they use', () => {
    const page = tagPageSpec(spec, droplets, {route: '/api/things', label: 'Things'});
    expect(operationIds(page)).toEqual(droplets.operations.map((op) => op.operationId));
    const first = (page.paths as Record<string, Obj>)['/things/0/{id}']!;
    expect((first.get as Obj).tags).toEqual(['Droplet Actions']);
    expect(first.parameters).toEqual([{name: 'id', in: 'path', required: true, schema: {type: 'string'}}]);
    const components = page.components as {schemas: Obj; securitySchemes: Obj};
    // Even, and Part through Even's property (and its own reference to itself): not Odd, not Unused.
    expect(Object.keys(components.schemas).sort()).toEqual(['Even', 'Part']);
    expect(components.securitySchemes).toEqual({token: {type: 'http', scheme: 'bearer'}});
    expect(page.tags).toEqual([{name: 'Droplet Actions', description: 'Actions.'}]);
    expect((page.info as Obj).description).toContain('](/api/things)');
    // The source is not changed.
    expect(operationIds(spec)).toHaveLength(SPLIT_OPERATIONS + 1);
  });

  it('gives the overview no operations, the tags without one, and a link to every operation', () => {
    const overview = overviewSpec(spec, pages);
    expect(overview.paths).toEqual({});
    expect(overview.tags).toEqual([{name: 'Introduction', description: 'Read me first.'}]);
    const description = String((overview.info as Obj).description);
    expect(description.startsWith('All about things.\n\n# Operations')).toBe(true);
    for (const page of pages) {
      for (const op of page.operations) {
        expect(description).toContain(`(${page.route}#tag/${anchorTag(page.tag)}/operation/${op.operationId})`);
      }
    }
    expect(description).toContain(
      '[Get thing 3](/api/things/tag/billing#tag/Billing/operation/getThing3) (deprecated)',
    );
  });

  it('keeps the webhooks on the overview, with the components they use', () => {
    const webhook = {
      post: {
        requestBody: {content: {'application/json': {schema: {$ref: '#/components/schemas/Odd'}}}},
        responses: {'200': {description: 'Received'}},
      },
    };
    const withWebhooks = {...spec, webhooks: {thingMade: webhook}};
    const overview = overviewSpec(withWebhooks, pages);
    expect(overview.webhooks).toEqual({thingMade: webhook});
    expect(Object.keys((overview.components as {schemas: Obj}).schemas)).toEqual(['Odd']);
    expect(tagPageSpec(withWebhooks, droplets, {route: '/api/things', label: 'Things'}).webhooks).toBeUndefined();
  });

  it('links each operation to the anchor Redoc writes on its tag page', () => {
    const overview = renderStaticReference(overviewSpec(spec, pages) as unknown as Spec, '/openapi/things.yaml', {});
    const page = renderStaticReference(
      tagPageSpec(spec, droplets, {route: '/api/things', label: 'Things'}) as unknown as Spec,
      '/openapi/things.yaml',
      {},
    );
    const hrefs = [...overview.html.matchAll(/href="?\/api\/things\/tag\/droplet-actions#([^" >]+)/g)].map(
      (m) => m[1]!,
    );
    expect(hrefs).toHaveLength(droplets.operations.length);
    for (const anchor of hrefs) expect(page.html).toMatch(new RegExp(`id="?${anchor.replace(/[/]/g, '\\/')}[" >]`));
    // The tag page renders its own operations and none of the other tag's.
    expect(page.html).not.toContain('operation/getThing1"');
  });
});
