/**
 * The API change report (npm run api:diff): one fixture pair per kind of
 * change under tests/fixtures/api-diff/{breaking,compatible}/<kind>/, then
 * the command itself against a throw-away git repository.
 */
import {execFileSync, spawnSync} from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {describe, expect, it} from 'vitest';
import {parse} from 'yaml';
import {breakingChanges, compareSpec, hasChanges} from '../../src/lib/api-diff/compare';
import {formatMarkdown, formatText} from '../../scripts/api-diff/report';

const root = path.resolve(__dirname, '../..');

/** The authorization code flow of a test document's `keycloakToken`. */
const asFlow = (doc: {components: {securitySchemes: {keycloakToken: {flows: {authorizationCode: object}}}}}) =>
  doc.components.securitySchemes.keycloakToken.flows.authorizationCode;
const fixtures = path.join(root, 'tests/fixtures/api-diff');

function reportFor(group: 'breaking' | 'compatible', kind: string) {
  const read = (side: string) => parse(fs.readFileSync(path.join(fixtures, group, kind, `${side}.yaml`), 'utf8'));
  return compareSpec(`openapi/${kind}.yaml`, read('before'), read('after'));
}

/** Each breaking kind, with what its report line must say (file, method, path and operationId are checked for all). */
const breakingKinds: Record<string, {op: string; says: string}> = {
  'removed-operation': {op: 'DELETE /documents/{id} (deleteDocument)', says: 'operation removed'},
  'removed-path': {op: 'GET /ping (ping)', says: 'operation removed'},
  'removed-response-field': {
    op: 'GET /documents/{id} (getDocument)',
    says: '`fileSize` was removed from the 200 answer of `getDocument`.',
  },
  'renamed-response-field': {
    op: 'GET /documents/{id} (getDocument)',
    says: '`fileName` in the 200 answer of `getDocument` is now called `name`.',
  },
  'parameter-became-required': {
    op: 'GET /documents/{id} (getDocument)',
    says: 'The `version` query parameter of `getDocument` is now required.',
  },
  'new-required-header': {
    op: 'GET /documents/{id} (getDocument)',
    says: '`getDocument` has a new required header parameter `X-Tenant`.',
  },
  'request-field-became-required': {
    op: 'POST /documents (createDocument)',
    says: '`documentType` is now required in the request body of `createDocument`.',
  },
  'required-behind-ref': {
    op: 'POST /documents (createDocument)',
    says: '`documentType` is now required in the request body of `createDocument`.',
  },
  // One change, one sentence: the field is new and required at once.
  'new-required-request-field': {
    op: 'POST /documents (createDocument)',
    says: 'The request body of `createDocument` has a new required field `retentionDays`.',
  },
  'changed-request-type': {
    op: 'POST /documents (createDocument)',
    says: '`comment` in the request body of `createDocument` is now of type `integer` (was `string`).',
  },
  'changed-response-type': {
    op: 'GET /documents/{id} (getDocument)',
    says: '`fileSize` in the 200 answer of `getDocument` is now of type `string` (was `integer`).',
  },
  'request-enum-drops-value': {
    op: 'POST /documents (createDocument)',
    says: '`documentType` in the request body of `createDocument` no longer accepts "ASICE".',
  },
  'response-enum-drops-value': {
    op: 'GET /documents/{id} (getDocument)',
    says: '`status` in the 200 answer of `getDocument` can no longer be "DRAFT".',
  },
  'removed-status-code': {op: 'GET /documents/{id} (getDocument)', says: '`getDocument` no longer answers 404.'},
  'renamed-operation-id': {op: 'GET /ping (healthCheck)', says: 'The operationId of `GET /ping` is now `healthCheck`'},
  'removed-by-server-release': {
    op: 'GET /ping (ping)',
    says: '`GET /ping` was removed in Fixture-server 2.1; the reference keeps it, marked deprecated, for older servers.',
  },
  'path-template-loses-urls': {op: 'GET /sessions/{method}/{session}/status (getStatus)', says: 'operation removed'},
};

const compatibleKinds = fs.readdirSync(path.join(fixtures, 'compatible')).sort();

describe('api:diff classification', () => {
  it('has a fixture pair for every kind the tests name, and no unnamed one', async () => {
    expect(fs.readdirSync(path.join(fixtures, 'breaking')).sort()).toEqual(Object.keys(breakingKinds).sort());
    expect(compatibleKinds.length).toBeGreaterThanOrEqual(8);
  });

  for (const [kind, expected] of Object.entries(breakingKinds)) {
    it(`${kind} is breaking and named with file, path, method and operationId`, async () => {
      const breaking = breakingChanges(await reportFor('breaking', kind));
      expect(breaking).toHaveLength(1);
      expect(breaking[0]).toContain(`openapi/${kind}.yaml ${expected.op}`);
      expect(breaking[0]).toContain(expected.says);
    });
  }

  for (const kind of compatibleKinds) {
    it(`${kind} is reported and not breaking`, async () => {
      const report = await reportFor('compatible', kind);
      expect(hasChanges(report)).toBe(true);
      expect(breakingChanges(report)).toEqual([]);
    });
  }

  it('lists added and removed operations apart from changed ones', async () => {
    expect((await reportFor('compatible', 'added-operation')).added).toEqual([
      {method: 'GET', path: '/documents/{id}/versions', operationId: 'listVersions'},
    ]);
    const removed = await reportFor('breaking', 'removed-operation');
    expect(removed.removed.map((op) => op.operationId)).toEqual(['deleteDocument']);
    expect(removed.changed).toEqual([]);
  });

  it('compares the schema behind a $ref: a field required by the new schema is breaking, with what it means', async () => {
    const report = await reportFor('breaking', 'required-behind-ref');
    const [change] = report.changed[0]!.changes.filter((c) => c.kind === 'breaking');
    expect(change?.pointer).toBe('#/requestBody/content/application~1json/schema/required/1');
    expect(change?.explanation).toContain('are now refused');
    // The library alone sees only the swapped reference.
    expect(JSON.stringify(report)).not.toContain('$ref');
  });

  it('reports a path template split into concrete paths that match the same URLs as moved, not removed', async () => {
    const report = await reportFor('compatible', 'path-template-split');
    expect(report.removed).toEqual([]);
    expect(report.added).toEqual([]);
    expect(report.moved).toHaveLength(1);
    expect(report.moved[0]!.from.path).toBe('/sessions/{method}/{session}/status');
    expect(report.moved[0]!.to.map((op) => op.path)).toEqual([
      '/sessions/smart/{session}/status',
      '/sessions/mobile/{session}/status',
    ]);
    expect(report.moved[0]!.description).toContain('one per value of `method`');
    expect(report.moved[0]!.description).toContain('The URLs clients call are unchanged.');
    // Each new operation is compared with the old one: only their summaries differ.
    expect(report.changed.flatMap((op) => op.changes.map((c) => c.kind))).toEqual(['annotation', 'annotation']);
  });

  it('follows a schema that refers to itself without looping, and reports a change inside it', async () => {
    const report = await reportFor('compatible', 'recursive-schema');
    expect(report.changed[0]!.changes.map((c) => c.description)).toContain(
      'The 200 answer of `getFolder` has a new field `createdAt`.',
    );
  });

  it('says in words that an address gained its trailing slash and that a group was inserted, not renamed', async () => {
    const doc = (slash: boolean, tags: string[]) => ({
      openapi: '3.0.3',
      info: {title: 'Stamps', version: '1.0.0'},
      tags: tags.map((name) => ({name, description: `The ${name} calls.`})),
      paths: {
        '/timestamping': {
          ...(slash && {'x-trailing-slash': true}),
          post: {operationId: 'stamp', tags: ['stamps'], responses: {'200': {description: 'Stamped'}}},
        },
      },
    });
    const report = await compareSpec(
      'openapi/stamps.yaml',
      doc(false, ['stamps', 'health']),
      doc(true, ['stamps', 'demo', 'health']),
    );
    expect(report.changed[0]!.changes).toEqual([
      expect.objectContaining({
        kind: 'non-breaking',
        description: 'The documented address now ends in a slash, as the service registers it: `/timestamping/`.',
      }),
    ]);
    expect(report.other.map((c) => c.description)).toEqual(['The reference has the new group `demo`.']);
  });

  it("says a change of Redoc's menu grouping in a reader's words, once, never as a JSON path", async () => {
    const doc = (groups: string[][]) => ({
      openapi: '3.0.3',
      info: {title: 'Pads', version: '1.0.0'},
      'x-tagGroups': groups.map((tags, i) => ({name: `Group ${i + 1}`, tags})),
      paths: {},
    });
    const nested = await compareSpec('openapi/pads.yaml', doc([['a', 'b', 'c']]), doc([['a', 'c', 'b', 'd']]));
    const whole = await compareSpec('openapi/pads.yaml', doc([['a']]), doc([['a'], ['b']]));
    for (const report of [nested, whole]) {
      expect(report.other).toEqual([
        expect.objectContaining({
          kind: 'annotation',
          description: "The grouping of tags in the reference's menu was revised.",
        }),
      ]);
    }
  });

  it('classifies and says in words a changed OAuth 2 address, and a scope added or removed', async () => {
    const doc = (flow: Record<string, unknown>) => ({
      openapi: '3.0.3',
      info: {title: 'Pads', version: '1.0.0'},
      paths: {},
      components: {securitySchemes: {keycloakToken: {type: 'oauth2', flows: {authorizationCode: flow}}}},
    });
    const before = doc({
      authorizationUrl: '/auth/realms/padsign/auth',
      tokenUrl: '/auth/realms/padsign/token',
      scopes: {openid: 'Sign in', profile: 'Your name'},
    });
    const after = doc({
      authorizationUrl: 'https://padsign.example.com/auth/realms/padsign/auth',
      tokenUrl: 'https://sso.example.com/token',
      scopes: {openid: 'Sign in', email: 'Your address'},
    });
    const report = await compareSpec('openapi/pads.yaml', before, after);
    const sentences = report.other.map(({kind, description, explanation}) => ({kind, description, explanation}));
    expect(sentences).toEqual(
      expect.arrayContaining([
        {
          kind: 'non-breaking',
          description:
            'The authorization URL of the OAuth 2 sign-in `keycloakToken` (authorization code flow) is now `https://padsign.example.com/auth/realms/padsign/auth` (was `/auth/realms/padsign/auth`: the same path, now with its host).',
          explanation: undefined,
        },
        {
          kind: 'breaking',
          description:
            'The token URL of the OAuth 2 sign-in `keycloakToken` (authorization code flow) is now `https://sso.example.com/token` (was `/auth/realms/padsign/token`).',
          explanation: 'Clients configured with the old address must use the new one to sign in.',
        },
        {
          kind: 'breaking',
          description:
            'The OAuth 2 sign-in `keycloakToken` (authorization code flow) no longer has the scope `profile`, and has the new scope `email`.',
          explanation: 'Clients that ask for a removed scope may be refused a token.',
        },
      ]),
    );
    expect(report.other.map((c) => c.kind)).not.toContain('unclassified');
    expect(report.other.map((c) => c.description).join(' ')).not.toMatch(/flows\.|scopes\./);
    const added = await compareSpec(
      'openapi/pads.yaml',
      before,
      doc({...asFlow(before), scopes: {openid: 'Sign in', profile: 'Your name', email: 'Your address'}}),
    );
    expect(added.other).toEqual([
      expect.objectContaining({
        kind: 'non-breaking',
        description: 'The OAuth 2 sign-in `keycloakToken` (authorization code flow) has the new scope `email`.',
      }),
    ]);
  });

  it('makes the verb agree: examples and code samples "were" revised, one header is "the header"', async () => {
    const doc = (extra: boolean) => ({
      openapi: '3.0.3',
      info: {title: 'Processes', version: '1.0.0'},
      paths: {
        '/processes': {
          post: {
            operationId: 'createProcess',
            ...(extra && {'x-codeSamples': [{lang: 'curl', source: 'curl -X POST /processes'}]}),
            responses: {
              '200': {
                description: 'Created',
                content: {'application/json': {examples: {one: {value: {id: extra ? 2 : 1}}}}},
              },
              '401': {
                description: 'No credentials',
                ...(extra && {headers: {'WWW-Authenticate': {schema: {type: 'string'}}}}),
              },
              '403': {
                description: 'Refused',
                ...(extra && {
                  headers: {'X-Reason': {schema: {type: 'string'}}, 'X-Trace': {schema: {type: 'string'}}},
                }),
              },
            },
          },
        },
      },
    });
    const report = await compareSpec('openapi/processes.yaml', doc(false), doc(true));
    const sentences = report.changed[0]!.changes.map((c) => c.description);
    expect(sentences).toEqual(
      expect.arrayContaining([
        'The code samples of `createProcess` were revised.',
        'The examples of the 200 answer of `createProcess` were revised.',
        'The 401 answer of `createProcess` now has the header `WWW-Authenticate`.',
        'The 403 answer of `createProcess` now has the headers `X-Reason`, `X-Trace`.',
      ]),
    );
  });

  it('says a documentation-only revision as what the reference now documents, never breaking', async () => {
    const doc = (documented: boolean) => ({
      openapi: '3.0.3',
      info: {title: 'Pads', version: '2.0.0'},
      paths: {
        '/api/stamp': {
          post: {
            operationId: 'stampPadDocument',
            requestBody: {
              content: {
                'application/json': {
                  schema: documented
                    ? {type: 'object', required: ['docid'], properties: {docid: {type: 'string'}}}
                    : {type: 'object'},
                },
              },
            },
            responses: {'200': {description: 'Sealed'}},
          },
        },
      },
    });
    const changed = await compareSpec('openapi/pads.yaml', doc(false), doc(true));
    expect(breakingChanges(changed)).toHaveLength(1);
    const corrected = await compareSpec('openapi/pads.yaml', doc(false), doc(true), {documentationOnly: true});
    expect(breakingChanges(corrected)).toEqual([]);
    expect(corrected.changed[0]!.changes).toEqual([
      {
        kind: 'non-breaking',
        description:
          'The reference now documents `docid` as required in the request body of `stampPadDocument`; the server did not change.',
        pointer: expect.any(String) as string,
      },
    ]);
  });

  it('reports a whole file that appeared or disappeared', async () => {
    const doc = parse(fs.readFileSync(path.join(fixtures, 'breaking/removed-path/before.yaml'), 'utf8'));
    const gone = await compareSpec('openapi/old.yaml', doc, undefined);
    expect(gone.status).toBe('removed');
    expect(breakingChanges(gone)).toHaveLength(4);
    const fresh = await compareSpec('openapi/new.yaml', undefined, doc);
    expect(fresh.added).toHaveLength(4);
    expect(breakingChanges(fresh)).toEqual([]);
  });

  it('leaves the documents it compares as they were: one version compared with several gives each the same report', async () => {
    // A $ref with a sibling description, which the comparison library rewrites into an allOf in what it is given.
    const spec = (description: string) => ({
      openapi: '3.0.3',
      info: {title: 'Fixture', version: '1'},
      paths: {
        '/a': {
          post: {
            operationId: 'postA',
            requestBody: {content: {'application/json': {schema: {$ref: '#/components/schemas/A'}}}},
            responses: {'200': {description: 'OK'}},
          },
        },
      },
      components: {
        schemas: {
          A: {type: 'object', properties: {b: {$ref: '#/components/schemas/B', description}}},
          B: {type: 'object', properties: {c: {type: 'string'}}},
        },
      },
    });
    const [first, second, third] = [spec('One.'), spec('Two.'), spec('Three.')];
    const alone = await compareSpec('openapi/a.yaml', spec('One.'), spec('Three.'));
    await compareSpec('openapi/a.yaml', first, second);
    expect(first).toEqual(spec('One.'));
    expect(second).toEqual(spec('Two.'));
    expect(await compareSpec('openapi/a.yaml', first, third)).toEqual(alone);
  });

  it('says "no changes" for identical documents', async () => {
    const doc = parse(fs.readFileSync(path.join(fixtures, 'breaking/removed-path/before.yaml'), 'utf8'));
    const report = await compareSpec('openapi/same.yaml', doc, structuredClone(doc));
    expect(hasChanges(report)).toBe(false);
    expect(formatText([report], 'main')).toContain('No changes: same');
  });

  it('writes text and Markdown reports with the breaking list', async () => {
    const reports = [
      await reportFor('breaking', 'removed-status-code'),
      await reportFor('compatible', 'added-operation'),
    ];
    const text = formatText(reports, 'origin/main');
    expect(text).toContain('Added operations (1):\n    + GET /documents/{id}/versions (listVersions)');
    expect(text).toContain('Breaking changes (1):');
    const markdown = formatMarkdown(reports, 'origin/main');
    expect(markdown).toContain('**1 breaking change** for API clients');
    expect(markdown).toContain('| **changed (breaking)** | `GET /documents/{id} (getDocument)` |');
  });

  it('folds operations whose only changes are texts into a collapsed list of the summary', async () => {
    const markdown = formatMarkdown([await reportFor('compatible', 'descriptions-only')], 'origin/main');
    expect(markdown).toContain('<details><summary>Text-only changes (2)</summary>');
    expect(markdown).toContain('- `GET /ping (ping)`: The summary of `ping` was revised.');
    expect(markdown).not.toContain('| Change | Operation | Details |');
  });
});

describe('npm run api:diff', () => {
  const jiti = path.join(root, 'node_modules/.bin/jiti');
  const cli = path.join(root, 'scripts/api-diff/cli.ts');

  /** A git repository with openapi/api.yaml committed as `before`, and `after` in the working tree. */
  function repository(kind: string, group: 'breaking' | 'compatible' = 'breaking'): string {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'api-diff-test-'));
    const git = (...args: string[]) =>
      execFileSync('git', ['-c', 'user.name=Test', '-c', 'user.email=test@example.com', ...args], {cwd: dir});
    fs.mkdirSync(path.join(dir, 'openapi'));
    git('init', '-q', '-b', 'main');
    fs.copyFileSync(path.join(fixtures, group, kind, 'before.yaml'), path.join(dir, 'openapi/api.yaml'));
    git('add', '.');
    git('commit', '-q', '-m', 'before');
    fs.copyFileSync(path.join(fixtures, group, kind, 'after.yaml'), path.join(dir, 'openapi/api.yaml'));
    return dir;
  }
  const run = (dir: string, ...args: string[]) => spawnSync(jiti, [cli, ...args], {cwd: dir, encoding: 'utf8'});

  it('exits 1 on a breaking change, naming file, path, method and operationId, and writes the summary', async () => {
    const dir = repository('removed-operation');
    const summary = path.join(dir, 'summary.md');
    const result = run(dir, 'main', '--summary', summary);
    expect(result.status).toBe(1);
    expect(result.stdout).toContain('openapi/api.yaml DELETE /documents/{id} (deleteDocument): operation removed');
    expect(fs.readFileSync(summary, 'utf8')).toContain('breaking-change-approved');
    fs.rmSync(dir, {recursive: true, force: true});
  });

  it('exits 0 when the breaking change is accepted, and says why', async () => {
    const dir = repository('removed-operation');
    const result = run(dir, 'main', '--allow-breaking', 'label breaking-change-approved');
    expect(result.status).toBe(0);
    expect(result.stdout).toContain('Breaking changes accepted: label breaking-change-approved.');
    fs.rmSync(dir, {recursive: true, force: true});
  });

  it('exits 0 on compatible changes and 2 on a ref that does not exist', async () => {
    const dir = repository('added-operation', 'compatible');
    const ok = run(dir, 'main');
    expect(ok.status).toBe(0);
    expect(ok.stdout).toContain('+ GET /documents/{id}/versions (listVersions)');
    const unknown = run(dir, 'no-such-branch');
    expect(unknown.status).toBe(2);
    expect(unknown.stderr).toContain('fetch-depth: 0');
    fs.rmSync(dir, {recursive: true, force: true});
  });
});
