/**
 * Chat delivery benchmark (not a test): starts the real server on loopback (or uses `--url`), opens
 * N authenticated live sockets (guest users made through the API) plus one operator dashboard
 * socket, sends user → Gomeum messages at a steady rate over HTTP, and measures how long each takes
 * from the send until the operator's socket receives it. Prints p50 / p95 / p99 / max.
 *
 *   npx tsx server/scripts/bench-chat.ts --sockets 2000 --rate 100 --seconds 30
 *
 * Options: --sockets N (2000), --rate messages per second (100), --seconds (30), --url http://…
 * (an already running server; it must have the operator below and high rate limits), and
 * REDIS_URL / DATABASE_URL in the environment are handed to the server it starts.
 * Only loopback traffic; bounded in time and in count.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { serverEventSchema } from '@gomeum/contracts';
import WebSocket from 'ws';

const OPERATOR = { email: 'bench-operator@example.com', password: 'bench-operator-password' };
const ROOT = path.resolve(import.meta.dirname, '../..');

const { values } = parseArgs({
  options: {
    sockets: { type: 'string', default: '2000' },
    rate: { type: 'string', default: '100' },
    seconds: { type: 'string', default: '30' },
    url: { type: 'string' },
  },
});
const SOCKETS = Math.min(10_000, Number(values.sockets));
const RATE = Math.min(2_000, Number(values.rate));
const SECONDS = Math.min(600, Number(values.seconds));
const DRAIN_MS = 5_000;

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

async function startServer(): Promise<{ url: string; stop: () => Promise<void> }> {
  const port = await freePort();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'gomeum-bench-'));
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/src/main.ts'], {
    cwd: ROOT,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'error',
      GOMEUM_OPERATOR_EMAIL: OPERATOR.email,
      GOMEUM_OPERATOR_PASSWORD: OPERATOR.password,
      GUEST_RATE_LIMIT: '1000000',
      AUTH_RATE_LIMIT: '1000000',
      CHAT_RATE_LIMIT: '1000000',
      AI_API_KEY: '',
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error('the server exited');
    try {
      if ((await fetch(`${url}/healthz`)).ok) break;
    } catch {
      // not yet
    }
    if (Date.now() > deadline) throw new Error('the server did not start');
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  return {
    url,
    stop: async () => {
      child.kill('SIGTERM');
      await new Promise((resolve) => child.once('exit', resolve));
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

function sessionCookie(response: Response): string {
  const cookie = response.headers.getSetCookie().find((c) => c.startsWith('gomeum_session='));
  if (!cookie) throw new Error(`no session cookie (HTTP ${response.status})`);
  return cookie.split(';')[0] ?? '';
}

/** Runs `task` for 0..count-1 with at most `width` at once. */
async function pool(count: number, width: number, task: (index: number) => Promise<void>): Promise<void> {
  let next = 0;
  await Promise.all(
    Array.from({ length: width }, async () => {
      while (next < count) {
        const index = next;
        next += 1;
        await task(index);
      }
    }),
  );
}

function openSocket(url: string, cookie: string, onMessage?: (raw: string) => void): Promise<WebSocket> {
  return new Promise((resolve, reject) => {
    const socket = new WebSocket(`${url.replace(/^http/, 'ws')}/api/live`, { headers: { cookie } });
    socket.once('error', reject);
    socket.on('message', (data: Buffer) => {
      const raw = data.toString('utf8');
      if (raw.includes('"type":"ready"')) resolve(socket);
      onMessage?.(raw);
    });
  });
}

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? Number.NaN;
}

async function main(): Promise<void> {
  const server = values.url ? { url: values.url, stop: async () => undefined } : await startServer();
  const { url } = server;
  const sockets: WebSocket[] = [];
  try {
    console.log(`server ${url}; ${SOCKETS} sockets, ${RATE} msg/s for ${SECONDS} s`);

    const login = await fetch(`${url}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(OPERATOR),
    });
    const operatorCookie = sessionCookie(login);

    let started = performance.now();
    const cookies: string[] = new Array<string>(SOCKETS);
    await pool(SOCKETS, 32, async (i) => {
      cookies[i] = sessionCookie(await fetch(`${url}/api/auth/guest`, { method: 'POST' }));
    });
    console.log(`${SOCKETS} guests created in ${((performance.now() - started) / 1000).toFixed(1)} s`);

    started = performance.now();
    await pool(SOCKETS, 64, async (i) => {
      sockets.push(await openSocket(url, cookies[i] ?? ''));
    });
    console.log(`${SOCKETS} sockets open in ${((performance.now() - started) / 1000).toFixed(1)} s`);

    const sentAt = new Map<number, number>();
    const latencies: number[] = [];
    const dashboard = await openSocket(url, operatorCookie, (raw) => {
      if (!raw.includes('bench:')) return;
      const event = serverEventSchema.parse(JSON.parse(raw));
      if (event.type !== 'chat.message' || event.message.sender !== 'user') return;
      const seq = Number(event.message.content.split(':')[1]);
      const at = sentAt.get(seq);
      if (at === undefined) return;
      latencies.push(performance.now() - at);
      sentAt.delete(seq);
    });
    sockets.push(dashboard);
    dashboard.send(JSON.stringify({ type: 'presence.dashboard' }));
    // Let presence settle, so no AI answer is made for the bench's messages.
    await new Promise((resolve) => setTimeout(resolve, 500));

    const total = RATE * SECONDS;
    let failed = 0;
    const reasons = new Map<string, number>();
    const refuse = (seq: number, reason: string) => {
      failed += 1;
      sentAt.delete(seq);
      reasons.set(reason, (reasons.get(reason) ?? 0) + 1);
    };
    const sends: Promise<void>[] = [];
    const begin = performance.now();
    for (let seq = 0; seq < total; seq += 1) {
      // Steady rate: message `seq` leaves at begin + seq / RATE seconds.
      const due = begin + (seq * 1000) / RATE;
      const wait = due - performance.now();
      if (wait > 1) await new Promise((resolve) => setTimeout(resolve, wait));
      const cookie = cookies[seq % SOCKETS] ?? '';
      sentAt.set(seq, performance.now());
      sends.push(
        fetch(`${url}/api/chat/messages`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', cookie },
          body: JSON.stringify({ content: `bench:${seq}` }),
        }).then(
          async (response) => {
            await response.arrayBuffer();
            if (!response.ok) refuse(seq, `HTTP ${response.status}`);
          },
          (error: unknown) =>
            refuse(
              seq,
              error instanceof Error ? ((error.cause as Error | undefined)?.message ?? error.message) : 'error',
            ),
        ),
      );
    }
    await Promise.all(sends);
    const sendSeconds = (performance.now() - begin) / 1000;
    const drainUntil = performance.now() + DRAIN_MS;
    while (sentAt.size > 0 && performance.now() < drainUntil) await new Promise((r) => setTimeout(r, 50));

    const sorted = [...latencies].sort((a, b) => a - b);
    const ms = (value: number) => `${value.toFixed(1)} ms`;
    console.log(
      [
        `messages sent: ${total} in ${sendSeconds.toFixed(1)} s (${(total / sendSeconds).toFixed(0)}/s)`,
        `delivered to the operator: ${latencies.length}; refused: ${failed}${failed ? ` (${[...reasons].map(([r, n]) => `${r} ×${n}`).join(', ')})` : ''}; lost: ${sentAt.size}`,
        `latency p50 ${ms(percentile(sorted, 50))} · p95 ${ms(percentile(sorted, 95))} · p99 ${ms(percentile(sorted, 99))} · max ${ms(sorted.at(-1) ?? Number.NaN)}`,
        `open sockets at the end: ${sockets.filter((s) => s.readyState === WebSocket.OPEN).length}`,
      ].join('\n'),
    );
  } finally {
    for (const socket of sockets) socket.terminate();
    await server.stop();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
