import { defineConfig } from 'vitest/config';
import { sharedAndIsolated } from '../scripts/vitest-isolation.mjs';

export default defineConfig({
  test: {
    environment: 'jsdom',
    setupFiles: ['src/test/setup.ts'],
    css: false,
    projects: sharedAndIsolated(
      import.meta.dirname,
      ['src', 'scripts'],
      ['src/**/*.test.{ts,tsx}', 'scripts/**/*.test.ts'],
    ),
  },
});
