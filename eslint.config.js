import fs from 'node:fs';
import path from 'node:path';
import js from '@eslint/js';
import importPlugin from 'eslint-plugin-import';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

/*
 * Boundaries, enforced with import/no-restricted-paths (docs/ARCHITECTURE.md, "Boundaries"):
 * - a feature imports another feature only through its public entry: `index.ts` (and `pages.ts`,
 *   the router's lazy pages); a feature's `operator.ts` (its operator screens) only from the
 *   dashboard, which the browser loads lazily for the operator alone;
 * - a web feature imports only the features WEB_FEATURE_DEPENDENCIES lists for it (a graph without
 *   cycles: each feature owns its query keys and its operator screens, the dashboard composes them);
 * - `lib/` never imports `features/` or `app/`; `features/` never imports `app/`;
 * - on the server: `lib/` and `db/` never import `features/`, a feature is entered only through its
 *   `index.ts` (app.ts too: it builds each feature from there and registers its plugin), and a
 *   feature imports only the features SERVER_FEATURE_DEPENDENCIES lists for it (a graph without
 *   cycles: no two features import each other).
 * boundary-rules.test.ts runs ESLint on fixtures with forbidden imports to prove each rule bites.
 */
const ROOT = import.meta.dirname;
const WEB = 'web/src';
const SERVER = 'server/src';
const subfolders = (dir) =>
  fs
    .readdirSync(path.join(ROOT, dir), { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name)
    .sort();
/** Everything in `dir` (its files and folders) but the named folders: who may not reach in. */
const allBut = (dir, ...excluded) =>
  fs
    .readdirSync(path.join(ROOT, dir))
    .filter((name) => !excluded.includes(name))
    .map((name) => `${dir}/${name}`);

/**
 * The web features each feature may import (through their index.ts, pages.ts or keys.ts; the
 * dashboard also through their operator.ts). Dependencies go one way, as on the server: each
 * feature owns its query keys (under the operator's root, `lib/operator-keys.ts`, for its operator
 * screens) and its operator screens; the dashboard only composes them. A new feature folder must
 * be listed here.
 */
export const WEB_FEATURE_DEPENDENCIES = {
  account: ['auth', 'push'],
  auth: [],
  chat: ['auth', 'push'],
  dashboard: ['account', 'auth', 'chat', 'moon', 'notifications', 'push', 'tasks', 'updates'],
  galaxy: [],
  home: ['auth'],
  language: ['auth'],
  moon: [],
  notifications: [],
  planets: ['tasks'],
  push: ['auth', 'notifications'],
  tasks: ['account', 'auth', 'push'],
  updates: ['auth'],
  visits: [],
};

/**
 * Web: each feature's folder, entered from elsewhere only through index.ts, pages.ts (its lazily
 * loaded pages) or keys.ts (its query keys, for features that refresh what it shows), and from the
 * dashboard also through operator.ts; and by a feature only when WEB_FEATURE_DEPENDENCIES lets it.
 */
function webZones() {
  const features = subfolders(`${WEB}/features`);
  const dependencies = dependencyZones(
    `${WEB}/features`,
    features,
    WEB_FEATURE_DEPENDENCIES,
    'WEB_FEATURE_DEPENDENCIES',
  );
  const others = (feature, ...also) => [
    ...allBut(WEB, 'features'),
    ...features.filter((f) => f !== feature && !also.includes(f)).map((f) => `${WEB}/features/${f}`),
  ];
  return [
    ...dependencies,
    ...features.flatMap((feature) => {
      const except = ['./index.ts', './pages.ts', './keys.ts'];
      return [
        {
          target: others(feature, 'dashboard'),
          from: `${WEB}/features/${feature}`,
          except,
          message: `Import the ${feature} feature through its index.ts (operator screens: operator.ts, from the dashboard only).`,
        },
        ...(feature === 'dashboard'
          ? []
          : [
              {
                target: `${WEB}/features/dashboard`,
                from: `${WEB}/features/${feature}`,
                except: [...except, './operator.ts'],
                message: `The dashboard imports the ${feature} feature through its index.ts or operator.ts.`,
              },
            ]),
      ];
    }),
    {
      target: `${WEB}/lib`,
      from: [`${WEB}/features`, `${WEB}/app`],
      message: 'lib/ is shared by everything: it never imports features/ or app/.',
    },
    {
      target: `${WEB}/features`,
      from: `${WEB}/app`,
      message: 'features/ never import app/: move the shared piece to lib/.',
    },
  ];
}

/**
 * The server features each feature may import (through their index.ts: a service's type, a cookie's
 * name, a file's URL). Dependencies go one way: the graph has no cycle, so no two features import
 * each other, directly or around a loop; app.ts passes each feature what it uses. A new feature
 * folder must be listed here.
 */
export const SERVER_FEATURE_DEPENDENCIES = {
  account: ['auth', 'files', 'translation'],
  auth: [],
  chat: ['auth', 'companion', 'tasks', 'translation'],
  companion: [],
  dashboard: ['visits'],
  files: [],
  home: [],
  moon: [],
  notifications: ['home'],
  'operator-alerts': ['auth', 'companion', 'push'],
  push: [],
  reminders: [],
  'saved-replies': ['auth'],
  system: [],
  tasks: ['auth', 'companion', 'files'],
  translation: ['auth', 'companion'],
  updates: ['files', 'home'],
  visits: [],
  web: ['auth'],
};

/** A cycle in a feature graph (`[a, b, a]`), or null when its dependencies all go one way. */
export function featureCycle(graph) {
  const state = new Map();
  const visit = (feature, path) => {
    if (state.get(feature) === 'done') return null;
    if (state.get(feature) === 'open') return [...path.slice(path.indexOf(feature)), feature];
    state.set(feature, 'open');
    for (const next of graph[feature] ?? []) {
      const cycle = visit(next, [...path, feature]);
      if (cycle) return cycle;
    }
    state.set(feature, 'done');
    return null;
  };
  for (const feature of Object.keys(graph)) {
    const cycle = visit(feature, []);
    if (cycle) return cycle;
  }
  return null;
}

/**
 * One zone per feature of `dir` refusing the features `graph` (named `name`) does not list for it;
 * the graph must list every feature folder and have no cycle.
 */
function dependencyZones(dir, features, graph, name) {
  const unlisted = features.filter((feature) => !(feature in graph));
  if (unlisted.length > 0) throw new Error(`List ${unlisted.join(', ')} in ${name} (eslint.config.js).`);
  const cycle = featureCycle(graph);
  if (cycle) throw new Error(`${name} has a cycle: ${cycle.join(' → ')}.`);
  return features.flatMap((feature) => {
    const allowed = graph[feature];
    const forbidden = features.filter((f) => f !== feature && !allowed.includes(f));
    return forbidden.length === 0
      ? []
      : [
          {
            target: `${dir}/${feature}`,
            from: forbidden.map((f) => `${dir}/${f}`),
            message: `The ${feature} feature may import only ${allowed.join(', ') || 'no other feature'} (${name}: features depend one way).`,
          },
        ];
  });
}

/**
 * Server: a feature entered only through its index.ts (its plugin, its factory and the services
 * other features may use), by app.ts and by other features alike, and by a feature only when
 * SERVER_FEATURE_DEPENDENCIES lets it; lib/ and db/ never import features/.
 */
function serverZones() {
  const features = subfolders(`${SERVER}/features`);
  return [
    ...dependencyZones(`${SERVER}/features`, features, SERVER_FEATURE_DEPENDENCIES, 'SERVER_FEATURE_DEPENDENCIES'),
    ...features.map((feature) => ({
      target: [
        ...allBut(SERVER, 'features'),
        ...features.filter((f) => f !== feature).map((f) => `${SERVER}/features/${f}`),
      ],
      from: `${SERVER}/features/${feature}`,
      except: ['./index.ts'],
      message: `Import the ${feature} feature through its index.ts.`,
    })),
    {
      target: [`${SERVER}/lib`, `${SERVER}/db`],
      from: `${SERVER}/features`,
      message: 'lib/ and db/ are shared by every feature: they never import features/.',
    },
  ];
}

/**
 * API paths are written once, in the route table (packages/contracts/src/routes.ts and
 * operator-routes.ts): source code outside contracts calls `api(routes.x)` (web) or registers
 * `addRoute(app, ROUTES.x)` (server). Tests may spell paths out: they pin that paths did not change.
 */
export const API_PATH_LITERALS = {
  selector: 'Literal[value=/^\\/api\\//], TemplateElement[value.raw=/^\\/api\\//]',
  message: 'No API path literals: use the route table (@gomeum/contracts/routes, @gomeum/contracts/operator-routes).',
};

/**
 * Libraries are reached through their public entries only: a bare import naming a folder a package
 * keeps its code or types in (`lib/`, `dist/`, `src/`, `types/`, `internal/`…) or a file of it
 * (`fastify/types/schema.js`) is refused. Subpath exports a package declares (`zod/mini`,
 * `react-dom/client`) pass.
 */
export const LIBRARY_INTERNALS = {
  regex:
    '^(?!node:|@gomeum/)(@[^/.][^/]*/)?[^/.][^/]*/(.*/)?((lib|dist|src|types|internal|build|cjs|esm)(/|$)|[^/]+\\.[cm]?[jt]sx?$)',
  message:
    "No library internals: import the package's public entry (its main export or a subpath its package.json exports).",
};

/** Query keys come from each feature's factory (`api/keys.ts`), never written out where they are used. */
export const QUERY_KEY_LITERALS = {
  selector:
    "Property[key.name='queryKey'] > ArrayExpression.value, CallExpression[callee.property.name=/QueryData$/] > ArrayExpression",
  message: "No literal query keys: use the owning feature's key factory (its api/keys.ts, through its index.ts).",
};

export default tseslint.config(
  {
    ignores: [
      '**/dist/**',
      'web/dist-check-*/**',
      'server/dist-*/**',
      'web/dist-private/**',
      'web/dist-ssr/**',
      '**/node_modules/**',
      '**/coverage/**',
      'data/**',
    ],
  },
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
    },
    settings: {
      'import/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
      'import/resolver': { node: { extensions: ['.ts', '.tsx', '.js', '.json'] } },
    },
  },
  {
    files: [`${SERVER}/**/*.ts`, `${WEB}/**/*.{ts,tsx}`, 'packages/*/src/**/*.ts'],
    rules: { 'no-restricted-imports': ['error', { patterns: [LIBRARY_INTERNALS] }] },
  },
  {
    files: [`${WEB}/**/*.{ts,tsx}`],
    rules: { 'import/no-restricted-paths': ['error', { basePath: ROOT, zones: webZones() }] },
  },
  {
    files: [`${SERVER}/**/*.ts`],
    rules: { 'import/no-restricted-paths': ['error', { basePath: ROOT, zones: serverZones() }] },
  },
  {
    files: ['web/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    languageOptions: { globals: { ...globals.browser } },
    rules: { ...reactHooks.configs.recommended.rules },
  },
  {
    files: ['server/src/**/*.ts'],
    ignores: ['**/*.test.ts', 'server/src/test/**'],
    rules: { 'no-restricted-syntax': ['error', API_PATH_LITERALS] },
  },
  {
    files: ['web/src/**/*.{ts,tsx}'],
    ignores: ['**/*.test.{ts,tsx}'],
    rules: { 'no-restricted-syntax': ['error', API_PATH_LITERALS, QUERY_KEY_LITERALS] },
  },
  {
    // A web function (a component, a hook) over 120 lines does too much: its behaviour goes into
    // hooks, its parts into small components.
    files: ['web/src/**/*.{ts,tsx}'],
    ignores: ['**/*.test.{ts,tsx}', 'web/src/test/**'],
    rules: { 'max-lines-per-function': ['error', { max: 120, skipBlankLines: true, skipComments: true }] },
  },
  {
    files: ['**/*.test.{ts,tsx}', 'e2e/**/*.ts'],
    rules: {
      '@typescript-eslint/no-non-null-assertion': 'off',
      '@typescript-eslint/no-floating-promises': 'off',
    },
  },
  {
    files: [
      'eslint.config.js',
      'web/scripts/*.mjs',
      'scripts/*.mjs',
      'scripts/*.d.mts',
      'bench/*.mjs',
      'bench/*.d.mts',
    ],
    ...tseslint.configs.disableTypeChecked,
  },
  {
    files: ['web/service-worker/**/*.ts'],
    languageOptions: { globals: { ...globals.serviceworker } },
  },
);
