import os from 'node:os';
import {defineConfig} from 'vitest/config';

export default defineConfig({
  test: {
    include: ['tests/unit/**/*.test.ts'],
    testTimeout: 60_000,
    // Vitest's default leaves one core free, which on a two-core runner ran the files one after another.
    maxWorkers: Math.max(2, os.availableParallelism()),
    minWorkers: 1,
    // A worker loads the site's modules (Redoc, the OpenAPI tools) once for all its files, not once per file: a
    // third of the unit tests' time. So a test puts back what it changes (stubs, environment, registries);
    // `npx vitest run --sequence.shuffle.files` finds one that does not.
    isolate: false,
  },
});
