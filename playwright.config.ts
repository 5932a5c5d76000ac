import {defineConfig} from '@playwright/test';
import {portalTestConfig} from './tests/playwright-base';
import {findNginx, NGINX_INSTALL_HINT, nginxRequired} from './tests/nginx-server';

/** Port of the production build served for the tests (`docusaurus serve`). */
const PORT = Number(process.env.E2E_PORT ?? 3210);

/**
 * The production build is tested twice: under `docusaurus serve` (every test) and under
 * deploy/nginx/default.conf in a real nginx with its security headers (the tests tagged
 * @nginx: routes, deep links, search, API pages, Try it, and nginx.spec.ts). Without nginx
 * on the machine that second run is left out, with a notice; in CI (PORTAL_REQUIRE_NGINX=1,
 * set by .ci/run) a missing nginx is an error.
 */
const nginx = findNginx();
if (!nginx && nginxRequired()) {
  throw new Error(
    `PORTAL_REQUIRE_NGINX=1 but no nginx was found for the nginx end-to-end tests. ${NGINX_INSTALL_HINT}`,
  );
}
if (!nginx && !process.env.TEST_WORKER_INDEX) {
  console.warn(`No nginx found: the tests under deploy/nginx/default.conf do not run. ${NGINX_INSTALL_HINT}`);
}

export default defineConfig({
  ...portalTestConfig(PORT, 'build'),
  testDir: 'tests/e2e',
  timeout: 60_000,
  globalSetup: nginx ? './tests/e2e/nginx-setup.ts' : undefined,
  projects: [
    {name: 'serve', testIgnore: /nginx\.spec\.ts$/},
    ...(nginx ? [{name: 'nginx', grep: /@nginx/, use: {baseURL: process.env.PORTAL_NGINX_URL}}] : []),
  ],
});
