import {defineConfig} from '@playwright/test';
import {CHROMIUM_ARGS, findChromium} from './tests/e2e/browser';

/** Port of the scale build served for its tests (`docusaurus serve --dir build-scale`). */
const PORT = Number(process.env.E2E_SCALE_PORT ?? 3211);

/**
 * The end-to-end tests of a reference of real-world size (tests/e2e-scale), against a production build made
 * with the benchmark's fixture (PORTAL_SCALE_FIXTURE=1, into build-scale/: `npm run test:scale`). The published
 * site has no such reference; this build exists for these tests only.
 */
export default defineConfig({
  testDir: 'tests/e2e-scale',
  timeout: 120_000,
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
  projects: [{name: 'scale'}],
  webServer: {
    command: `node node_modules/@docusaurus/core/bin/docusaurus.mjs serve --dir build-scale --port ${PORT} --no-open`,
    url: `http://localhost:${PORT}/`,
    reuseExistingServer: false,
    timeout: 60_000,
  },
});
