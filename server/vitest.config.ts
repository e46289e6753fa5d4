import { defineConfig } from 'vitest/config';
import { sharedAndIsolated } from '../scripts/vitest-isolation.mjs';

export default defineConfig({
  test: {
    testTimeout: 20_000,
    hookTimeout: 30_000,
    projects: sharedAndIsolated(import.meta.dirname, ['src'], ['src/**/*.test.ts']),
  },
});
