import js from '@eslint/js';
import importPlugin from 'eslint-plugin-import';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

/** Deep imports into another feature are forbidden: go through its index.ts. */
const FEATURE_BOUNDARIES = {
  patterns: [
    {
      group: [
        '../../*/api/*',
        '../../*/components/*',
        '../../../features/*/*/*',
        '../features/*/*/*',
        '../../features/*/*/*',
      ],
      message: 'Import another feature through its index.ts, or move the shared piece to lib/.',
    },
  ],
};

export default tseslint.config(
  { ignores: ['**/dist/**', 'web/dist-check-*/**', '**/node_modules/**', '**/coverage/**', 'data/**'] },
  js.configs.recommended,
  ...tseslint.configs.strictTypeChecked,
  {
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
      globals: { ...globals.node },
    },
    plugins: { import: importPlugin },
    rules: {
      'import/no-cycle': 'error',
      'import/no-self-import': 'error',
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/restrict-template-expressions': ['error', { allowNumber: true }],
      '@typescript-eslint/no-confusing-void-expression': 'off',
      '@typescript-eslint/require-await': 'off',
      'no-restricted-imports': ['error', FEATURE_BOUNDARIES],
    },
    settings: {
      'import/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
      'import/resolver': { node: { extensions: ['.ts', '.tsx', '.js', '.json'] } },
    },
  },
  {
    files: ['web/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    languageOptions: { globals: { ...globals.browser } },
    rules: { ...reactHooks.configs.recommended.rules },
  },
  {
    files: ['**/*.test.{ts,tsx}', 'e2e/**/*.ts'],
    rules: {
      '@typescript-eslint/no-non-null-assertion': 'off',
      '@typescript-eslint/no-floating-promises': 'off',
    },
  },
  {
    files: ['eslint.config.js', 'web/scripts/*.mjs', 'scripts/*.mjs', 'scripts/*.d.mts', 'bench/*.mjs'],
    ...tseslint.configs.disableTypeChecked,
  },
  {
    files: ['web/public/sw.js'],
    ...tseslint.configs.disableTypeChecked,
    languageOptions: { ...tseslint.configs.disableTypeChecked.languageOptions, globals: { ...globals.serviceworker } },
  },
);
