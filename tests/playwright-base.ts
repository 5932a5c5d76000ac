/**
 * What both Playwright configurations share (playwright.config.ts against build/, playwright.scale.config.ts
 * against build-scale/): the system Chromium, the waits, the workers, and `docusaurus serve` of the build on a
 * port.
 */
import type {PlaywrightTestConfig} from '@playwright/test';
import {CHROMIUM_ARGS, findChromium} from './e2e/browser';

export function portalTestConfig(port: number, buildDir: string): PlaywrightTestConfig {
  const dir = buildDir === 'build' ? '' : ` --dir ${buildDir}`;
  return {
    expect: {timeout: 15_000},
    fullyParallel: true,
    workers: process.env.CI ? 2 : 3,
    retries: 0,
    forbidOnly: true,
    reporter: [['list']],
    use: {
      baseURL: `http://localhost:${port}`,
      launchOptions: {executablePath: findChromium(), args: CHROMIUM_ARGS},
      viewport: {width: 1280, height: 800},
    },
    webServer: {
      command: `node node_modules/@docusaurus/core/bin/docusaurus.mjs serve${dir} --port ${port} --no-open`,
      url: `http://localhost:${port}/`,
      reuseExistingServer: false,
      timeout: 60_000,
    },
  };
}
