import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['specs/**/*.spec.ts'],
    globalSetup: ['support/global-setup.ts'],
    testTimeout: 45_000,
    hookTimeout: 60_000,
    // One browser at a time: the machines have two cores, and the server needs one.
    fileParallelism: false,
  },
});
