import { defineConfig } from 'vitest/config';

/**
 * Browser files run in parallel, each worker with a server of its own (support/global-setup.ts):
 * on two cores, three workers keep both busy while each waits on its browser and server.
 * E2E_WORKERS sets another count (1 runs the files one after another, as before).
 */
const workers = Number(process.env.E2E_WORKERS ?? 3);

export default defineConfig({
  test: {
    include: ['specs/**/*.spec.ts'],
    globalSetup: ['support/global-setup.ts'],
    // Bounds, not waits: a journey of a dozen pages took over 45 s on a 2-core machine running
    // other builds beside the suite's workers.
    testTimeout: 120_000,
    hookTimeout: 120_000,
    // What a test waits for must come, however slow the machine (a browser on one where fresh
    // memory is slow took over a page in more than the default second).
    expect: { poll: { timeout: 20_000 } },
    maxWorkers: workers,
    fileParallelism: workers > 1,
    // Files share a worker's modules (Playwright, the support helpers): loaded once, not per file.
    isolate: false,
  },
});
