import {defineConfig} from '@playwright/test';
import {CHROMIUM_ARGS, findChromium} from './tests/e2e/browser';

/** Port of the production build served for the tests (`docusaurus serve`). */
const PORT = Number(process.env.E2E_PORT ?? 3210);

export default defineConfig({
  testDir: 'tests/e2e',
  timeout: 60_000,
  expect: {timeout: 15_000},
  fullyParallel: true,
  workers: process.env.CI ? 2 : 3,
  retries: 0,
  forbidOnly: true,
  reporter: [['list']],
  use: {
    baseURL: `http://localhost:${PORT}`,
    launchOptions: {executablePath: findChromium(), args: CHROMIUM_ARGS},
    viewport: {width: 1280, height: 800},
  },
  webServer: {
    command: `node node_modules/@docusaurus/core/bin/docusaurus.mjs serve --port ${PORT} --no-open`,
    url: `http://localhost:${PORT}/`,
    reuseExistingServer: false,
    timeout: 60_000,
  },
});
