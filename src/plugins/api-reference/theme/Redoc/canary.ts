/**
 * The canary of the rewrites of Redoc's markup (./rewrites.ts): a small reference that uses every one of them,
 * rendered with the site's Redoc options once per server build, before the first API page (./StaticRedoc.server.tsx:
 * inside the server bundle, whose React renders the pages; a render in the build's own process beside it breaks
 * React's server renderer). If a dependency update makes a
 * rewrite find nothing here, Redoc's markup changed under it, and the build stops with the file, the name and the
 * pattern of each such rewrite, instead of the pages silently growing or losing a repair.
 */
import {redocOptions} from '../../../../config/redoc';
import {renderStaticReference} from './renderStatic';
import {unmatchedRewrites} from './rewrites';
import type {Spec} from './types';

/** What the canary needs to show: a tag, an operation with a parameter, a body with two examples, nested JSON. */
export const CANARY_SPEC = {
  openapi: '3.0.3',
  info: {
    title: 'Rewrites canary',
    version: '1.0.0',
    description: 'Not an API: the build renders it to check its rewrites.',
  },
  tags: [{name: 'things', description: 'Things.'}],
  paths: {
    '/things/{thingId}/parts': {
      post: {
        tags: ['things'],
        operationId: 'addPart',
        summary: 'Add a part to a thing',
        parameters: [
          {name: 'thingId', in: 'path', required: true, schema: {type: 'string'}, description: 'The thing.'},
        ],
        requestBody: {
          required: true,
          content: {
            'application/json': {
              schema: {
                type: 'object',
                required: ['partNumber'],
                properties: {
                  comment: {type: 'string', description: 'Optional.'},
                  partNumber: {type: 'string', description: 'Required.'},
                },
              },
              // Two examples: Redoc renders a chooser between them.
              examples: {
                bolt: {summary: 'A bolt', value: {partNumber: 'B-12'}},
                nut: {summary: 'A nut', value: {partNumber: 'N-7', comment: 'Small'}},
              },
            },
          },
        },
        responses: {
          '200': {
            description: 'The part.',
            content: {
              'application/json': {
                schema: {
                  type: 'object',
                  properties: {
                    // An empty array before another field: two neighbouring punctuation tokens.
                    labels: {type: 'array', items: {type: 'string'}},
                    size: {type: 'object', properties: {width: {type: 'integer'}}},
                  },
                },
                example: {labels: [], size: {width: 3}},
              },
            },
          },
        },
      },
    },
  },
};

/** Renders the canary; throws, naming each rewrite that found nothing, if any did. */
export function assertRewritesMatch(): void {
  const missing = unmatchedRewrites(() => {
    // The navbar selector of scrollYOffset means nothing outside a browser (see theme/Redoc/optionsFrom.ts).
    renderStaticReference(CANARY_SPEC as unknown as Spec, '/openapi/canary.yaml', {...redocOptions, scrollYOffset: 0});
  });
  if (missing.length === 0) return;
  const lines = missing.map((rewrite) => `  - ${rewrite.file}: ${rewrite.name}, ${rewrite.pattern}`);
  throw new Error(
    `[portal-api-reference] ${missing.length} rewrite(s) of Redoc's markup found nothing in the canary reference ` +
      `(src/plugins/api-reference/theme/Redoc/canary.ts): Redoc, styled-components or react-tabs render something else now. ` +
      `Update the rewrite to the new markup, or delete it with its reason:\n${lines.join('\n')}`,
  );
}
