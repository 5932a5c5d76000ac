import {defineConfig} from '@playwright/test';
import {portalTestConfig} from './tests/playwright-base';

/** Port of the scale build served for its tests (`docusaurus serve --dir build-scale`). */
const PORT = Number(process.env.E2E_SCALE_PORT ?? 3211);

/**
 * The end-to-end tests of a reference of real-world size (tests/e2e-scale), against a production build made
 * with the benchmark's fixture (PORTAL_SCALE_FIXTURE=1, into build-scale/: `npm run test:scale`). The published
 * site has no such reference; this build exists for these tests only.
 */
export default defineConfig({
  ...portalTestConfig(PORT, 'build-scale'),
  testDir: 'tests/e2e-scale',
  timeout: 120_000,
  projects: [{name: 'scale'}],
});
