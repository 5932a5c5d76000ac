/**
 * Finds the system Chromium the end-to-end tests and the benchmark drive.
 * Playwright's own browser download does not work on these machines, so the
 * tests use Debian's chromium (or CHROME_PATH). No browser is an error, never
 * a silent skip.
 */
import fs from 'node:fs';

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

export function findChromium(): string {
  const candidates = [process.env.CHROME_PATH, '/usr/bin/chromium', '/usr/bin/chromium-browser'].filter(
    (candidate): candidate is string => Boolean(candidate),
  );
  const found = candidates.find((candidate) => fs.existsSync(candidate));
  if (!found) {
    throw new Error(
      [
        'No Chromium found for the end-to-end tests (looked at CHROME_PATH, /usr/bin/chromium, /usr/bin/chromium-browser).',
        'Install one with:  sudo apt-get install -y chromium',
        'or point CHROME_PATH at a Chromium or Chrome binary. `npx playwright install` cannot download browsers here.',
      ].join('\n'),
    );
  }
  return found;
}
