import path from 'node:path';
import { ESLint, Linter } from 'eslint';
import tseslint from 'typescript-eslint';
import { beforeAll, describe, expect, it } from 'vitest';
import * as operatorRoutes from './operator-routes.ts';
import type { RouteDef } from './route.ts';
import { routePattern, routeUrl } from './route.ts';
import * as userRoutes from './routes.ts';

const ROOT = path.resolve(import.meta.dirname, '../../..');
const all: [string, RouteDef][] = [...Object.entries(userRoutes), ...Object.entries(operatorRoutes)];

describe('the route table', () => {
  it('has each endpoint once, under one name', () => {
    const names = all.map(([name]) => name);
    expect(new Set(names).size).toBe(names.length);
    const endpoints = all.map(([, route]) => `${route.method} ${route.path}`);
    expect(endpoints.filter((endpoint, i) => endpoints.indexOf(endpoint) !== i)).toEqual([]);
  });

  it('writes every path in one style, with a params schema for each `:name` in it', () => {
    for (const [name, route] of all) {
      expect(route.path, name).toMatch(/^\/[a-z0-9\-./:A-Z*]*$/);
      const names = [...route.path.matchAll(/:([A-Za-z]+)/g)].map((match) => match[1]);
      if (names.length === 0) continue;
      expect(route.params, `${name} has path parameters and no params schema`).toBeDefined();
      const shape = (route.params as unknown as { def: { shape: Record<string, unknown> } }).def.shape;
      expect(Object.keys(shape).sort(), name).toEqual(names.sort());
    }
  });

  it('keeps the operator’s endpoints (and only them) in the operator’s module, for the operator only', () => {
    for (const route of Object.values(operatorRoutes)) {
      expect(route.auth).toBe('operator');
      expect(route.path.startsWith('/api/operator/')).toBe(true);
    }
    for (const route of Object.values(userRoutes)) {
      expect(route.auth).not.toBe('operator');
      expect(route.path.startsWith('/api/operator/')).toBe(false);
    }
  });

  it('says what each endpoint takes and answers', () => {
    for (const [name, route] of all) {
      if (route.kind === 'json' || route.kind === 'upload') expect(route.response, name).toBeDefined();
      if (route.kind !== 'upload') expect(route.form, name).toBeUndefined();
      if (route.method === 'GET') expect(route.body, name).toBeUndefined();
    }
  });

  it('matches the paths a route answers, each parameter one segment, by its name', () => {
    const task = routePattern(userRoutes.taskScreen);
    expect(task.exec('/api/planets/music/task')?.groups).toEqual({ planetId: 'music' });
    expect(task.test('/api/planets/music/task/more')).toBe(false);
    expect(task.test('/api/planets/a/b/task')).toBe(false);
    expect(routePattern(operatorRoutes.editGomeumLog).exec('/api/operator/gomeum-logs/moon/x1')?.groups).toEqual({
      planetId: 'moon',
      logId: 'x1',
    });
    // Dots are dots, and a path without parameters matches only itself.
    expect(routePattern(userRoutes.version).test('/version.json')).toBe(true);
    expect(routePattern(userRoutes.version).test('/versionxjson')).toBe(false);
    expect(routePattern(userRoutes.me).test('/api/me/export')).toBe(false);
    // Every route's own URL matches its pattern.
    for (const [name, route] of all) {
      if (route.path.includes('*')) continue;
      const params: Record<string, string> = {};
      for (const [, name = ''] of route.path.matchAll(/:([A-Za-z]+)/g)) params[name] = 'x';
      expect(routePattern(route).test(routeUrl(route, params)), name).toBe(true);
    }
  });

  it('fills a call’s URL: parameters percent-encoded, the query’s defined values in order', () => {
    expect(routeUrl(userRoutes.taskScreen, { planetId: 'music' })).toBe('/api/planets/music/task');
    expect(routeUrl(operatorRoutes.replyToProof, { logId: 'a/b c' })).toBe('/api/operator/proofs/a%2Fb%20c/reaction');
    expect(routeUrl(userRoutes.chatMessages, undefined, { before: 12, limit: 100, after: undefined })).toBe(
      '/api/chat/messages?before=12&limit=100',
    );
    expect(routeUrl(operatorRoutes.users, undefined, { query: '', page: 1, pageSize: 20 })).toBe(
      '/api/operator/users?query=&page=1&pageSize=20',
    );
    expect(routeUrl(userRoutes.chatMessages, undefined, {})).toBe('/api/chat/messages');
  });
});

describe('no API path literal outside contracts (lint)', () => {
  const eslint = new ESLint({ cwd: ROOT });
  const violation = [
    "export const path = '/api/galaxy';",
    'export const one = (id: string) => `/api/updates/${id}`;',
    "export const fine = 'not an /api/ path';",
  ].join('\n');

  const FILES = [
    'server/src/features/tasks/tasks.routes.ts',
    'web/src/features/tasks/api/get-task-screen.ts',
    'server/src/authorization.test.ts',
  ];
  // The repository's config for each file, read once first: loading the config (all its plugins)
  // is set-up, several seconds on a loaded machine, and no part of what each test checks.
  const configs = new Map<string, Linter.Config>();
  beforeAll(async () => {
    for (const file of FILES)
      configs.set(file, (await eslint.calculateConfigForFile(path.join(ROOT, file))) as Linter.Config);
  }, 60_000);

  /** The `no-restricted-syntax` setting the repository's config gives a file, run alone on `code`. */
  function lintAs(file: string, code: string) {
    const config = configs.get(file);
    if (!config) throw new Error(`${file} is not in FILES`);
    const setting = config.rules?.['no-restricted-syntax'];
    if (!setting) return null;
    const linter = new Linter({ configType: 'flat' });
    return linter.verify(
      code,
      [
        {
          files: ['**/*.ts'],
          languageOptions: { parser: tseslint.parser },
          rules: { 'no-restricted-syntax': setting },
        },
      ],
      'fixture.ts',
    );
  }

  it.each(FILES.slice(0, 2))('fails on a path literal or template in %s', (file) => {
    const messages = lintAs(file, violation);
    expect(messages?.map((message) => message.line)).toEqual([1, 2]);
    expect(messages?.[0]?.message).toMatch(/route table/);
  });

  it('fails on a literal query key in web/src (keys come from each feature’s factory)', () => {
    const code = [
      "export const one = { queryKey: ['tasks', 'music'] };",
      'export const two = { queryKey: taskKeys.planet(planet) };',
    ].join('\n');
    const messages = lintAs('web/src/features/tasks/api/get-task-screen.ts', code);
    expect(messages?.map((message) => message.line)).toEqual([1]);
  });

  it('lets tests spell paths out', () => {
    const messages = lintAs('server/src/authorization.test.ts', violation);
    expect(messages ?? []).toEqual([]);
  });
});
