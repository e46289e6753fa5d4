import { test } from 'vitest';
import type { AppConfig } from '../config.ts';
import { createTestApp, TestClient, type TestApp } from './test-app.ts';

/** Registers what to end once the app is closed (a service the app talks to). */
export type AfterApp = (cleanup: () => unknown) => void;

/**
 * What a test app is built with: overrides of createTestApp's settings, or a function making them
 * (starting what the app needs, to be ended by `after` once the app is closed).
 */
export type AppSettings = Partial<AppConfig> | ((after: AfterApp) => Partial<AppConfig> | Promise<Partial<AppConfig>>);

/** Builds the app `settings` describe; closes it, then ends what they started, on `onCleanup`. */
async function buildApp(settings: AppSettings, onCleanup: (cleanup: () => Promise<void>) => void): Promise<TestApp> {
  const ends: (() => unknown)[] = [];
  const endAll = async () => {
    for (const end of ends.reverse()) await end();
  };
  try {
    const app = await createTestApp(
      typeof settings === 'function' ? await settings((end) => ends.push(end)) : settings,
    );
    onCleanup(async () => {
      await app.close();
      await endAll();
    });
    return app;
  } catch (error) {
    await endAll();
    throw error;
  }
}

/** Builds another app for a test (the `newApp` fixture). */
export type NewApp = (settings?: AppSettings) => Promise<TestApp>;

/** Builds apps for one test and closes them all after it, the last built first. */
// eslint-disable-next-line no-empty-pattern -- Vitest reads what a fixture needs from its first argument's pattern
const newApp = test.extend('newApp', async ({}, { onCleanup }) => {
  const closes: (() => Promise<void>)[] = [];
  onCleanup(async () => {
    for (const close of closes.reverse()) await close();
  });
  const build: NewApp = (settings = {}) => buildApp(settings, (close) => closes.push(close));
  return build;
});

/** The app listening on a free loopback port: its base URL. */
const listening = (t: TestApp) => t.app.listen({ port: 0, host: '127.0.0.1' });

/** A browser signed in as the operator the app was built with (`operator` in its settings). */
async function signedInOperator(t: TestApp): Promise<TestClient> {
  if (!t.config.operator) throw new Error('the app has no operator: build it with `operator` in its settings');
  const client = new TestClient(t);
  const response = await client.post('/api/auth/login', t.config.operator);
  if (response.status !== 200) throw new Error(`operator login failed: ${response.text}`);
  return client;
}

const perFile = newApp
  .extend('appSettings', { scope: 'file' }, (): AppSettings => ({}))
  .extend('t', { scope: 'file' }, ({ appSettings }, { onCleanup }) => buildApp(appSettings, onCleanup))
  .extend('url', { scope: 'file' }, ({ t }) => listening(t))
  .extend('operator', { scope: 'file' }, ({ t }) => signedInOperator(t))
  .extend('browser', ({ t }) => new TestClient(t));

const perTest = newApp
  .extend('appSettings', (): AppSettings => ({}))
  .extend('t', ({ appSettings }, { onCleanup }) => buildApp(appSettings, onCleanup))
  .extend('url', ({ t }) => listening(t))
  .extend('operator', ({ t }) => signedInOperator(t))
  .extend('browser', ({ t }) => new TestClient(t));

/**
 * The server suite's `it`, with a real app on a fresh database (createTestApp) as fixtures:
 * - `t`: the app built with `settings`: once per file, on the first test that asks for it (or a
 *   `beforeAll` hook of this `it`), and closed after the file's last test; with `'test'`, one per
 *   test, closed after it;
 * - `url`: `t` listening on a free loopback port (its base URL), for sockets and real HTTP;
 * - `operator`: a browser signed in as the operator `t` was built with, kept like `t`;
 * - `browser`: a browser of its own for each test, on `t`, with no cookies yet;
 * - `newApp(settings)`: more apps for one test (another instance, other settings), each closed
 *   after it.
 * Call it at the top of a file (a file's apps are built there); a file may make several, one per
 * app it needs.
 */
export function appTest(settings?: AppSettings, scope?: 'file'): typeof perFile;
export function appTest(settings: AppSettings, scope: 'test'): typeof perTest;
export function appTest(settings: AppSettings = {}, scope: 'file' | 'test' = 'file') {
  return scope === 'file'
    ? perFile.extend('appSettings', { scope: 'file' }, () => settings)
    : perTest.extend('appSettings', () => settings);
}
