import { defineConfig } from 'vitest/config';

/** The fault tests: real server processes, private PostgreSQL and Redis, injected faults (minutes). */
export default defineConfig({
  test: {
    include: ['faults/**/*.fault.ts'],
    testTimeout: 240_000,
    hookTimeout: 180_000,
    fileParallelism: false,
  },
});
