/**
 * The writers' workflow in configuration: edit links from PORTAL_REPO_URL and
 * PORTAL_REPO_BRANCH, last-updated data from git, and the pull-request
 * workflow (Node 20 and 22, every check, the API change report in the job
 * summary with its approval label, full git history).
 */
import fs from 'node:fs';
import path from 'node:path';
import {describe, expect, it} from 'vitest';
import {parse} from 'yaml';
import type {Options as DocsOptions} from '@docusaurus/plugin-content-docs';
import type {Options as BlogOptions} from '@docusaurus/plugin-content-blog';
import config from '../../docusaurus.config';
import {buildEnv, editUrl, repositoryUrl} from '../../src/config/env';

const root = path.resolve(__dirname, '../..');

describe('edit links', () => {
  it('take the repository from PORTAL_REPO_URL, else from GitHub Actions, else a placeholder', () => {
    expect(repositoryUrl({PORTAL_REPO_URL: 'https://git.example.org/docs/portal/'})).toBe(
      'https://git.example.org/docs/portal',
    );
    expect(repositoryUrl({GITHUB_SERVER_URL: 'https://github.com', GITHUB_REPOSITORY: 'acme/portal'})).toBe(
      'https://github.com/acme/portal',
    );
    expect(repositoryUrl({PORTAL_REPO_URL: ' ', GITHUB_REPOSITORY: 'acme/portal'})).toBe(
      'https://github.com/acme/portal',
    );
    expect(repositoryUrl({})).toBe('https://github.com/example/developer-portal');
  });

  it('open the file in the branch, with the spaces of doc names encoded', () => {
    expect(editUrl('docs/Archive Service.md')).toBe(
      `${buildEnv.repoUrl}/edit/${buildEnv.repoBranch}/docs/Archive%20Service.md`,
    );
  });

  it('are configured for docs, blog posts and API pages, with last-updated time and author on docs', () => {
    const [, preset] = config.presets[0] as [string, {docs: DocsOptions; blog: BlogOptions}];
    const docsEdit = preset.docs.editUrl as (p: {docPath: string}) => string;
    const blogEdit = preset.blog.editUrl as (p: {blogPath: string}) => string;
    expect(docsEdit({docPath: 'SignBox Setup guide.md'})).toBe(editUrl('docs/SignBox Setup guide.md'));
    expect(blogEdit({blogPath: '2025-01-15-welcome.mdx'})).toBe(editUrl('blog/2025-01-15-welcome.mdx'));
    expect(preset.docs.showLastUpdateTime).toBe(true);
    expect(preset.docs.showLastUpdateAuthor).toBe(true);
    expect(config.customFields.openapiEditBaseUrl).toBe(editUrl('openapi/'));
  });
});

interface Step {
  name?: string;
  run?: string;
  uses?: string;
  with?: Record<string, unknown>;
  env?: Record<string, string>;
}

describe('pull-request workflow (.github/workflows/ci.yml)', () => {
  const workflow = parse(fs.readFileSync(path.join(root, '.github/workflows/ci.yml'), 'utf8')) as {
    on: {pull_request: {types: string[]}};
    jobs: {test: {strategy: {matrix: {node: string[]}}; steps: Step[]; 'timeout-minutes': number}};
  };
  const job = workflow.jobs.test;
  const runs = job.steps.map((s) => s.run ?? '').join('\n');

  it('runs on pull requests, again when a label changes, on Node 20 and 22, within 30 minutes', () => {
    expect(workflow.on.pull_request.types).toEqual(
      expect.arrayContaining(['opened', 'synchronize', 'labeled', 'unlabeled']),
    );
    expect(job.strategy.matrix.node).toEqual(['20', '22']);
    expect(job['timeout-minutes']).toBeLessThanOrEqual(30);
  });

  it('checks out the full history (last-updated dates, the base branch for api:diff)', () => {
    const checkout = job.steps.find((s) => s.uses?.startsWith('actions/checkout'));
    expect(checkout?.with?.['fetch-depth']).toBe(0);
  });

  it('runs lint, spelling, the API change report, unit tests, build and end-to-end tests', () => {
    for (const script of ['typecheck', 'lint', 'spell', 'api:diff', 'test:unit', 'build', 'test:e2e']) {
      expect(runs).toContain(`npm run ${script}`);
    }
  });

  it('puts the API change report into the job summary and fails on breaking changes unless the label approves them', () => {
    const step = job.steps.find((s) => s.run?.includes('api:diff'));
    expect(step?.run).toContain('--summary "$GITHUB_STEP_SUMMARY"');
    expect(step?.env?.APPROVED).toContain("'breaking-change-approved'");
    expect(step?.run).toContain('--allow-breaking');
    expect(step?.env?.BASE_REF).toBe('origin/${{ github.base_ref }}');
    expect(fs.readFileSync(path.join(root, 'handbook/writing.md'), 'utf8')).toContain('`breaking-change-approved`');
  });

  it('makes spelling the first step of npm test', () => {
    const pkg = JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8')) as {
      scripts: Record<string, string>;
    };
    expect(pkg.scripts.test).toMatch(/^npm run spell && /);
  });
});
