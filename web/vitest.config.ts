import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';
import { preactAliases, preactJsx } from './preact.config.ts';

export default defineConfig({
  resolve: {
    alias: [
      ...preactAliases,
      // Testing Library's ES build (its CommonJS one requires react-dom past the aliases).
      {
        find: /^@testing-library\/react$/,
        replacement: fileURLToPath(
          new URL('../node_modules/@testing-library/react/dist/@testing-library/react.esm.js', import.meta.url),
        ),
      },
    ],
  },
  oxc: preactJsx,
  test: {
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}', 'scripts/**/*.test.ts'],
    setupFiles: ['src/test/setup.ts'],
    css: false,
    // Libraries that import React go through the aliases too (Vitest would otherwise load them as is).
    server: { deps: { inline: [/@testing-library[\\/]/, /@tanstack[\\/]/, /react-i18next[\\/]/] } },
  },
});
