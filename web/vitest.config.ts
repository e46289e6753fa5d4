import { defineConfig } from 'vitest/config';
import { sharedAndIsolated } from '../scripts/vitest-isolation.mjs';

export default defineConfig({
  // The tests draw the art's insides (the sprite files are checked against the kit).
  define: { ART_DRAWINGS: 'true' },
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
