import fs from 'node:fs';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { ensureBrowser } from '../../scripts/browser-for-tests.mjs';
import { startBuiltServer, type BuiltServer } from '../../scripts/built-server.mjs';
import { FakeAi, personaLanguage, PHRASES, translating } from '../../scripts/fake-ai.mjs';

declare module 'vitest' {
  export interface ProvidedContext {
    /** One server per worker: the worker with VITEST_POOL_ID n talks to the n-th. */
    baseURLs: string[];
    operator: { email: string; password: string };
    /** The AI key the server was given: it must never reach the browser. */
    aiKey: string;
  }
}

const ROOT = path.resolve(import.meta.dirname, '../..');
const OPERATOR = { email: 'gomeum@example.com', password: 'e2e-operator-password' };
const AI_KEY = 'sk-e2e-server-only-5c1d8e';
/**
 * What the fake AI streams back, chunk by chunk, for every question of an English persona:
 * slowly, so a page shows it being written. A Chinese or Korean persona gets Gomeum's praise in
 * its language, and a translation the phrase translated (scripts/fake-ai.mjs).
 */
export const FAKE_AI_CHUNKS = ['Meow! ', 'I heard you ', 'loud and clear ', 'under the stars.'];

/** Gomeum's words in the persona's language. */
function answer(body: Parameters<ReturnType<typeof translating>>[0]): string[] {
  const language = personaLanguage(body);
  const praise = PHRASES[5];
  return language === 'en' || !praise ? FAKE_AI_CHUNKS : [praise[language]];
}

/**
 * Starts the built server (scripts/built-server.mjs) with an empty data folder: always its own
 * SQLite database, whatever the shell points at, and the fake AI.
 */
function startServer(aiBaseUrl: string): Promise<BuiltServer> {
  return startBuiltServer({
    nodeArgs: ['--enable-source-maps'],
    env: {
      DATABASE_URL: undefined,
      REDIS_URL: undefined,
      GOMEUM_OPERATOR_EMAIL: OPERATOR.email,
      GOMEUM_OPERATOR_PASSWORD: OPERATOR.password,
      AUTH_RATE_LIMIT: '1000',
      GUEST_RATE_LIMIT: '1000',
      AI_BASE_URL: aiBaseUrl,
      AI_API_KEY: AI_KEY,
      AI_TIMEOUT_MS: '20000',
    },
  });
}

/**
 * Starts one built server per worker (vitest's maxWorkers), each with an empty data folder, and
 * the fake AI they share; every spec talks to its worker's server over real HTTP from a real
 * Chromium. Files in one worker run one after another against one server, as the whole suite did
 * on one: what the operator publishes to every user (broadcasts, updates, Gomeum's logs) never
 * reaches a page of a file running at the same time in another worker.
 */
export default async function setup(project: TestProject) {
  // No browser: one line saying what to run, before any server starts or any test runs.
  const { line } = await ensureBrowser({ checkOnly: true });
  if (line) throw new Error(line);
  for (const built of ['web/dist/index.html', 'server/dist/main.js']) {
    if (!fs.existsSync(path.join(ROOT, built))) throw new Error(`${built} is missing: run \`npm run build\` first`);
  }
  const workers = project.config.maxWorkers;
  const ai = new FakeAi({ key: AI_KEY, mode: { kind: 'stream', chunks: translating(answer), delayMs: 400 } });
  const aiBaseUrl = await ai.start();
  const servers = await Promise.all(Array.from({ length: workers }, () => startServer(aiBaseUrl)));
  project.provide(
    'baseURLs',
    servers.map((server) => server.url),
  );
  project.provide('operator', OPERATOR);
  project.provide('aiKey', AI_KEY);

  return async () => {
    await Promise.all(servers.map((server) => server.stop()));
    await ai.stop();
  };
}
