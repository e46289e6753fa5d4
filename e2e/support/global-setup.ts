import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
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

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port')),
      );
    });
  });
}

async function waitForHealth(url: string, child: ChildProcess, log: () => string): Promise<void> {
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`server exited early (${child.exitCode}):\n${log()}`);
    try {
      const response = await fetch(`${url}/healthz`);
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`server did not become healthy:\n${log()}`);
}

/** A running built server with an empty data folder of its own. */
interface TestServer {
  baseURL: string;
  stop(): Promise<void>;
}

/** Starts the built server, as `npm start` runs it, on a free port with an empty data folder. */
async function startServer(aiBaseUrl: string): Promise<TestServer> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'gomeum-e2e-'));
  const port = await freePort();
  const baseURL = `http://127.0.0.1:${port}`;
  let output = '';
  // The e2e server always uses its own SQLite database, whatever the shell points at.
  const inherited = { ...process.env };
  delete inherited.DATABASE_URL;
  delete inherited.REDIS_URL;
  const child = spawn(process.execPath, ['--enable-source-maps', 'server/dist/main.js'], {
    cwd: ROOT,
    env: {
      ...inherited,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      GOMEUM_OPERATOR_EMAIL: OPERATOR.email,
      GOMEUM_OPERATOR_PASSWORD: OPERATOR.password,
      AUTH_RATE_LIMIT: '1000',
      GUEST_RATE_LIMIT: '1000',
      AI_BASE_URL: aiBaseUrl,
      AI_API_KEY: AI_KEY,
      AI_TIMEOUT_MS: '20000',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  await waitForHealth(baseURL, child, () => output);
  // A server that dies mid-run would only show as refused connections: say why it died.
  let stopping = false;
  child.once('exit', (code, signal) => {
    if (!stopping) process.stderr.write(`\ne2e server exited (${code ?? signal}) during the run:\n${output}\n`);
  });
  return {
    baseURL,
    async stop() {
      stopping = true;
      if (child.exitCode === null) {
        child.kill('SIGTERM');
        await new Promise((resolve) => child.once('exit', resolve));
      }
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
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
    servers.map((server) => server.baseURL),
  );
  project.provide('operator', OPERATOR);
  project.provide('aiKey', AI_KEY);

  return async () => {
    await Promise.all(servers.map((server) => server.stop()));
    await ai.close();
  };
}
