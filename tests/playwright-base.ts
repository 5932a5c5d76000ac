/**
 * What both Playwright configurations share (playwright.config.ts against build/, playwright.scale.config.ts
 * against build-scale/): the system Chromium, the waits, the workers, and `docusaurus serve` of the build on a
 * port.
 */
import os from 'node:os';
import type {PlaywrightTestConfig} from '@playwright/test';
import {CHROMIUM_ARGS, findChromium} from './e2e/browser';

/**
 * The browser reaches no host but this machine: every request goes through a proxy that does not exist (a port
 * nothing listens on), except those to localhost, which Chromium always sends directly. It also holds for hosts
 * given by address. tests/e2e/fixtures.ts reports any such request as a failure.
 */
export const LOCAL_HOSTS = ['localhost', '127.0.0.1'] as const;
export const LOCAL_ONLY_ARGS = ['--proxy-server=http://127.0.0.1:9', `--proxy-bypass-list=${LOCAL_HOSTS.join(';')}`];

/** The longest any single wait of a test may take: an expectation, a signal, an action or a navigation. */
export const WAIT_LIMIT_MS = 15_000;

export function portalTestConfig(port: number, buildDir: string): PlaywrightTestConfig {
  const dir = buildDir === 'build' ? '' : ` --dir ${buildDir}`;
  return {
    expect: {timeout: WAIT_LIMIT_MS},
    fullyParallel: true,
    // One worker per core: the tests are bound by the CPU, and a third worker on a two-core machine only shared the
    // cores (the anchors file 159 s against 140 s) and made each page load wait longer (handbook/performance.md).
    workers: Math.max(2, os.availableParallelism()),
    retries: 0,
    forbidOnly: true,
    reporter: [['list']],
    use: {
      // Every action and navigation is bounded like every other wait: a click on a link that never settles, or a
      // page that never loads, fails at that step within 15 s and says which, not at the test's own limit.
      actionTimeout: WAIT_LIMIT_MS,
      navigationTimeout: WAIT_LIMIT_MS,
      baseURL: `http://localhost:${port}`,
      launchOptions: {executablePath: findChromium(), args: [...CHROMIUM_ARGS, ...LOCAL_ONLY_ARGS]},
      viewport: {width: 1280, height: 800},
      // A worker's tests share one browser context and its tab, which Playwright resets between them (storage,
      // cookies, the HTTP cache, routes, init scripts, viewport; a test with other context options gets a context of
      // its own). A test then loads its first page in a renderer that is already running: the end-to-end tests take
      // a quarter less CPU than with a new context per test (handbook/performance.md). tests/e2e/fixtures.ts clears
      // what Playwright leaves (permissions), and tests/e2e/isolation.spec.ts checks that one test leaves nothing to
      // the next.
      reuseContext: true,
    },
    webServer: {
      command: `node node_modules/@docusaurus/core/bin/docusaurus.mjs serve${dir} --port ${port} --no-open`,
      url: `http://localhost:${port}/`,
      reuseExistingServer: false,
      timeout: 60_000,
    },
  };
}
