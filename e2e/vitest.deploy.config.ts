import { defineConfig } from 'vitest/config';

/** The deployment test: a built tree, three instances, PostgreSQL, Redis, S3 and nginx (see .ci/run). */
export default defineConfig({
  test: {
    include: ['deploy/**/*.spec.ts'],
    testTimeout: 90_000,
    hookTimeout: 240_000,
    // As in the browser tests: what must come may take longer than a second on a slow machine.
    expect: { poll: { timeout: 10_000 } },
    fileParallelism: false,
  },
});
