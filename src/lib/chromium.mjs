// @ts-check
/**
 * Where this project finds a Chromium, and how it starts one headless: the
 * one place for the build-time diagrams (src/plugins/mermaid-prerender), the
 * end-to-end tests (playwright.config.ts) and the benchmark (bench/). Plain
 * JavaScript so that the benchmark's Node scripts import it as they are.
 *
 * Playwright's own browser download does not work on these machines, so the
 * system Chromium is used: CHROME_PATH if set, else the usual Debian and
 * other distributions' paths.
 */
import fs from 'node:fs';

/** Paths tried after CHROME_PATH, in order. */
export const CHROMIUM_CANDIDATES = ['/usr/bin/chromium', '/usr/bin/chromium-browser', '/usr/bin/google-chrome'];

/** What to tell someone without one. */
export const CHROMIUM_INSTALL_HINT =
  'Install one with:  sudo apt-get install -y chromium  (or point CHROME_PATH at a Chromium or Chrome binary; ' +
  '`npx playwright install` cannot download browsers here).';

/**
 * Flags of a headless Chromium here: no sandbox (root in CI), no GPU, and no
 * background traffic (the machines have no network beyond localhost and the
 * registries; without these flags Chromium keeps trying to reach Google).
 */
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-dev-shm-usage',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--disable-quic',
  '--no-first-run',
];

/**
 * The Chromium to use, or undefined when there is none.
 * @param {NodeJS.ProcessEnv} [env]
 * @returns {string | undefined}
 */
export function findChromium(env = process.env) {
  return [env.CHROME_PATH, ...CHROMIUM_CANDIDATES].find(
    /** @returns {candidate is string} */ (candidate) =>
      Boolean(candidate) && fs.existsSync(/** @type {string} */ (candidate)),
  );
}

/**
 * The Chromium to use; throws, saying how to install one, when there is none.
 * @param {string} purpose what needs it, for the message
 * @param {NodeJS.ProcessEnv} [env]
 * @returns {string}
 */
export function requireChromium(purpose, env = process.env) {
  const found = findChromium(env);
  if (!found) {
    throw new Error(
      `No Chromium found for ${purpose} (looked at CHROME_PATH, ${CHROMIUM_CANDIDATES.join(', ')}). ${CHROMIUM_INSTALL_HINT}`,
    );
  }
  return found;
}
