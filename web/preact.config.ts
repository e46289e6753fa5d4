import type { UserConfig } from 'vite';

/**
 * The app renders with Preact through its React compatibility layer: React's API (hooks, portals,
 * `createRoot`) at a tenth of React DOM's bytes. The code, and the libraries (TanStack Query, the
 * router, Testing Library), keep importing `react`; these aliases send every such import to Preact,
 * in the build and in the tests alike, so the tests run what ships.
 */
export const preactAliases = [
  { find: /^react\/jsx-runtime$/, replacement: 'preact/jsx-runtime' },
  { find: /^react\/jsx-dev-runtime$/, replacement: 'preact/jsx-dev-runtime' },
  { find: /^react-dom\/client$/, replacement: 'preact/compat/client' },
  { find: /^react-dom\/test-utils$/, replacement: 'preact/test-utils' },
  { find: /^react-dom$/, replacement: 'preact/compat' },
  { find: /^react$/, replacement: 'preact/compat' },
  // React's useSyncExternalStore for older Reacts (react-i18next's hook reads through it): Preact's
  // own. (The shim is CommonJS: its require('react') took the CommonJS Preact in the server render,
  // a second copy whose hooks the renderer never ran.)
  { find: /^use-sync-external-store\/shim$/, replacement: 'preact/compat' },
];

/** JSX compiled for Preact's automatic runtime (what `@vitejs/plugin-react` did for React). */
export const preactJsx: UserConfig['oxc'] = { jsx: { runtime: 'automatic', importSource: 'preact' } };
