import { defineConfig } from 'vitest/config';
import { sharedAndIsolated } from '../scripts/vitest-isolation.mjs';

export default defineConfig({
  test: {
    // Bounds, not waits: under a busy machine (the CI run beside `npm run test:flaky`'s busy loops,
    // load 14–19 on two cores) a test that starts `tsx` twice, and a backup during writes on
    // PostgreSQL, took over 20 s.
    testTimeout: 60_000,
    hookTimeout: 60_000,
    projects: sharedAndIsolated(import.meta.dirname, ['src'], ['src/**/*.test.ts']),
  },
});
