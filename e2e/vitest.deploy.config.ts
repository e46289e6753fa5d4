import { defineConfig } from 'vitest/config';

/** The deployment test: a built tree, three instances, PostgreSQL, Redis, S3 and nginx (see .ci/run). */
export default defineConfig({
  test: {
    include: ['deploy/**/*.spec.ts'],
    testTimeout: 90_000,
    hookTimeout: 240_000,
    fileParallelism: false,
  },
});
