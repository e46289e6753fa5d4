import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['specs/**/*.spec.ts'],
    globalSetup: ['support/global-setup.ts'],
    testTimeout: 45_000,
    hookTimeout: 60_000,
    // What a test waits for must come, however slow the machine (a browser on one where fresh
    // memory is slow took over a page in more than the default second).
    expect: { poll: { timeout: 10_000 } },
    // One browser at a time: the machines have two cores, and the server needs one.
    fileParallelism: false,
  },
});
