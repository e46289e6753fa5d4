import fs from 'node:fs';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { startBuiltServer, type BuiltServer } from '../../scripts/built-server.mjs';
import { startFakeAi } from './fake-ai.ts';

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
  for (const built of ['web/dist/index.html', 'server/dist/main.js']) {
    if (!fs.existsSync(path.join(ROOT, built))) throw new Error(`${built} is missing: run \`npm run build\` first`);
  }
  const workers = project.config.maxWorkers;
  const ai = await startFakeAi(AI_KEY);
  const servers = await Promise.all(Array.from({ length: workers }, () => startServer(ai.baseUrl)));
  project.provide(
    'baseURLs',
    servers.map((server) => server.url),
  );
  project.provide('operator', OPERATOR);
  project.provide('aiKey', AI_KEY);

  return async () => {
    await Promise.all(servers.map((server) => server.stop()));
    await ai.close();
  };
}
