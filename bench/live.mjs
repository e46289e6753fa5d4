/**
 * Live delivery benchmark: starts the built server as `npm start` would, opens `--sockets` live
 * sockets (signed-in guests, `--per-guest` tabs each, held by worker processes of
 * bench/live-client.mjs) plus the operator's dashboard socket, then
 *
 * - sends user → Gomeum chat messages over HTTP at `--rate` per second for `--seconds` and
 *   measures each from its send until the operator's dashboard socket receives it (p50/p99);
 * - reads the server's RSS before and after the sockets opened (memory per open socket) and how
 *   many files the server holds against its open-file limit;
 * - triggers `--broadcasts` broadcasts (the operator's away switch: `presence.changed` to every
 *   socket) and measures the spread from the first socket's arrival to the last's, and from the
 *   trigger to the last.
 *
 *   npm run build && node bench/live.mjs [--sockets 10000] [--rate 100] [--seconds 20] [--broadcasts 5]
 *
 * With `--instances N` (PostgreSQL only: DATABASE_URL), N servers share the database and a Redis of
 * the run's own (`redis-server` on a free port); the sockets are spread over them, the operator's
 * dashboard is on the first, and every user message is sent to another one, so each delivery
 * crosses instances through Redis, as does every broadcast.
 *
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/test node bench/live.mjs --instances 3 --sockets 50000
 *
 * The client side costs CPU too (on the same machine): its sockets are raw TCP connections that
 * did the WebSocket handshake and only timestamp the first frame of a broadcast. The operator
 * socket is a real `ws` client. Keeps its table in bench/runs/ (BENCH_NO_RECORD=1: not).
 */
import fs from 'node:fs';
import { parseArgs } from 'node:util';
import WebSocket from 'ws';
import {
  appendResults,
  benchDatabase,
  cookieOf,
  cpuMs,
  machineNote,
  rssMiB,
  serverGroup,
  startWorker,
} from './lib.mjs';
import { routeTable } from '../scripts/built-server.mjs';

const { routes, operatorRoutes } = await routeTable();

// Not strict: `npm run bench` hands every script the same arguments (`--rounds`, say).
const { values } = parseArgs({
  strict: false,
  options: {
    sockets: { type: 'string', default: '2000' },
    'per-guest': { type: 'string', default: '5' },
    rate: { type: 'string', default: '100' },
    seconds: { type: 'string', default: '20' },
    broadcasts: { type: 'string', default: '5' },
    clients: { type: 'string' },
    instances: { type: 'string', default: '1' },
  },
});

const OPERATOR = { email: 'bench-operator@example.com', password: 'bench-operator-password' };
// Files one process may hold here (`ulimit -Hn`); the server needs a few dozen besides its sockets.
const FILE_LIMIT = Number(fs.readFileSync('/proc/self/limits', 'utf8').match(/Max open files\s+\d+\s+(\d+)/)?.[1]);
const INSTANCES = Math.max(1, Math.min(8, Number(values.instances)));
if (INSTANCES > 1 && !process.env.DATABASE_URL) {
  throw new Error('--instances needs PostgreSQL (DATABASE_URL): instances share one database.');
}
const SOCKETS = Math.min(Number(values.sockets), INSTANCES * (FILE_LIMIT - 100));
const PER_GUEST = Math.max(1, Math.min(10, Number(values['per-guest'])));
const RATE = Math.min(2_000, Number(values.rate));
const SECONDS = Math.min(600, Number(values.seconds));
const BROADCASTS = Number(values.broadcasts);
// Each worker holds at most this many sockets (its own open-file limit, and its CPU).
// Each worker holds sockets to one instance: as many workers for each.
const CLIENTS = Math.ceil(Number(values.clients ?? Math.max(1, Math.ceil(SOCKETS / 5_000))) / INSTANCES) * INSTANCES;
const now = () => performance.timeOrigin + performance.now();
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

function percentile(sorted, p) {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
}

async function pool(count, width, task) {
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

function fileCount(pid) {
  return fs.readdirSync(`/proc/${pid}/fd`).length;
}

const database = await benchDatabase('bench_live');
const { engine } = database;
const group = serverGroup();
const { servers } = group;
const workers = [];
let dashboard;
try {
  await group.start(INSTANCES, {
    ...database.env,
    GOMEUM_OPERATOR_EMAIL: OPERATOR.email,
    GOMEUM_OPERATOR_PASSWORD: OPERATOR.password,
  });
  const server = servers[0];
  const port = Number(new URL(server.base).port);
  const ports = servers.map((s) => Number(new URL(s.base).port));
  const sum = (measure) => servers.reduce((total, s) => total + measure(s.pid), 0);
  // Where user messages go: another instance than the dashboard's when there are several.
  const senderOf = (seq) => servers[INSTANCES > 1 ? 1 + (seq % (INSTANCES - 1)) : 0];
  console.log(
    `Live benchmark on ${engine}: ${SOCKETS} sockets (${PER_GUEST} per guest) on ${INSTANCES} instance(s), ${CLIENTS} client processes`,
  );
  console.log(machineNote());

  const operatorCookie = cookieOf(
    await fetch(`${server.base}${routes.login.path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(OPERATOR),
    }),
  );
  let started = performance.now();
  const guests = Math.ceil(SOCKETS / PER_GUEST);
  const cookies = new Array(guests);
  await pool(guests, 16, async (i) => {
    cookies[i] = cookieOf(await fetch(`${server.base}${routes.guest.path}`, { method: 'POST' }));
  });
  console.log(`${guests} guests signed in in ${((performance.now() - started) / 1000).toFixed(1)} s`);

  await sleep(2_000);
  const rssBefore = sum(rssMiB);
  const filesBefore = sum(fileCount);
  started = performance.now();
  for (let i = 0; i < CLIENTS; i += 1) workers.push(startWorker());
  const shares = workers.map(() => []);
  for (let i = 0; i < SOCKETS; i += 1) shares[i % CLIENTS].push(cookies[Math.floor(i / PER_GUEST)]);
  const opened = await Promise.all(
    workers.map((worker, i) => worker.ask({ open: { port: ports[i % INSTANCES], cookies: shares[i], width: 32 } })),
  );
  const open = opened.reduce((sum, r) => sum + r.opened, 0);
  const failed = opened.reduce((sum, r) => sum + r.failed, 0);
  console.log(`${open} sockets open (${failed} refused) in ${((performance.now() - started) / 1000).toFixed(1)} s`);
  await sleep(3_000);
  const rssAfter = sum(rssMiB);
  const files = Math.max(...servers.map((s) => fileCount(s.pid)));
  const perSocketKiB = ((rssAfter - rssBefore) * 1024) / Math.max(1, open);
  console.log(
    `server RSS ${rssBefore.toFixed(0)} → ${rssAfter.toFixed(0)} MiB: ${perSocketKiB.toFixed(2)} KiB per socket; ` +
      `${files} open files of ${FILE_LIMIT} in the fullest instance (${filesBefore} in all before the sockets)`,
  );

  // The operator's dashboard: every user message reaches it.
  const sentAt = new Map();
  const latencies = [];
  dashboard = await new Promise((resolve, reject) => {
    const socket = new WebSocket(`ws://127.0.0.1:${port}${routes.live.path}`, { headers: { cookie: operatorCookie } });
    socket.once('error', reject);
    socket.on('message', (data) => {
      const raw = data.toString('utf8');
      if (raw.includes('"type":"ready"')) resolve(socket);
      const match = /"content":"bench:(\d+)"/.exec(raw);
      if (!match || !raw.includes('"sender":"user"')) return;
      const seq = Number(match[1]);
      const at = sentAt.get(seq);
      if (at === undefined) return;
      latencies.push(performance.now() - at);
      sentAt.delete(seq);
    });
  });
  dashboard.send(JSON.stringify({ type: 'presence.dashboard' }));
  await sleep(1_000);

  const total = RATE * SECONDS;
  let refused = 0;
  const sends = [];
  const cpuBefore = sum(cpuMs);
  const begin = performance.now();
  for (let seq = 0; seq < total; seq += 1) {
    const due = begin + (seq * 1000) / RATE;
    const wait = due - performance.now();
    if (wait > 1) await sleep(wait);
    sentAt.set(seq, performance.now());
    sends.push(
      fetch(`${senderOf(seq).base}${routes.sendChatMessage.path}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', cookie: cookies[seq % guests] },
        body: JSON.stringify({ content: `bench:${seq}` }),
      }).then(
        async (response) => {
          await response.arrayBuffer();
          if (!response.ok) refused += 1;
        },
        () => (refused += 1),
      ),
    );
  }
  await Promise.all(sends);
  const drainUntil = performance.now() + 5_000;
  while (sentAt.size > latencies.length && sentAt.size > 0 && performance.now() < drainUntil) await sleep(50);
  const cpuPerMessage = (sum(cpuMs) - cpuBefore) / total;
  const sorted = [...latencies].sort((a, b) => a - b);
  const p50 = percentile(sorted, 50);
  const p99 = percentile(sorted, 99);
  console.log(
    `user → operator: ${latencies.length} of ${total} delivered (${refused} refused), p50 ${p50.toFixed(1)} ms, ` +
      `p99 ${p99.toFixed(1)} ms, max ${sorted.at(-1)?.toFixed(1)} ms; ${cpuPerMessage.toFixed(2)} ms server CPU per message`,
  );

  const spreads = [];
  const tails = [];
  let reached = Infinity;
  for (let b = 0; b < BROADCASTS; b += 1) {
    await Promise.all(workers.map((worker) => worker.ask({ arm: b })));
    const trigger = now();
    const response = await fetch(`${server.base}${operatorRoutes.setPresence.path}`, {
      method: 'PUT',
      headers: { 'content-type': 'application/json', cookie: operatorCookie },
      body: JSON.stringify({ away: b % 2 === 0 }),
    });
    if (!response.ok) throw new Error(`presence: ${response.status}`);
    await sleep(Math.max(1_000, SOCKETS / 10));
    const results = await Promise.all(workers.map((worker) => worker.ask({ collect: b })));
    const first = Math.min(...results.map((r) => r.first));
    const last = Math.max(...results.map((r) => r.last));
    const got = results.reduce((sum, r) => sum + r.got, 0);
    reached = Math.min(reached, got);
    spreads.push(last - first);
    tails.push(last - trigger);
    console.log(
      `broadcast ${b + 1}: ${got} of ${open} sockets, first → last ${(last - first).toFixed(1)} ms, trigger → last ${(last - trigger).toFixed(1)} ms`,
    );
  }
  const median = (list) => [...list].sort((a, b) => a - b)[Math.floor(list.length / 2)];
  const rssEnd = sum(rssMiB);

  const lines = [
    `${engine}, ${open} sockets on ${INSTANCES} instance(s) (${PER_GUEST} per guest, ${CLIENTS} client processes), ${RATE} msg/s for ${SECONDS} s; ${machineNote()}.`,
    `\`node bench/live.mjs --sockets ${SOCKETS} --rate ${RATE} --seconds ${SECONDS} --broadcasts ${BROADCASTS} --instances ${INSTANCES}\``,
    '',
    '| figure | value |',
    '| --- | ---: |',
    `| user → operator${INSTANCES > 1 ? ' (across instances)' : ''} p50 / p99 / max (ms) | ${p50.toFixed(1)} / ${p99.toFixed(1)} / ${sorted.at(-1)?.toFixed(1)} |`,
    `| messages delivered / sent (refused) | ${latencies.length} / ${total} (${refused}) |`,
    `| server CPU per message (ms${INSTANCES > 1 ? ', all instances' : ''}) | ${cpuPerMessage.toFixed(2)} |`,
    `| server memory per open socket (KiB, RSS delta${INSTANCES > 1 ? ' of all instances' : ''}) | ${perSocketKiB.toFixed(2)} |`,
    `| broadcast first → last, median of ${BROADCASTS} (ms) | ${median(spreads)?.toFixed(1)} (max ${Math.max(...spreads).toFixed(1)}) |`,
    `| broadcast trigger → last, median (ms) | ${median(tails)?.toFixed(1)} |`,
    `| sockets reached by every broadcast | ${reached} of ${open} |`,
    `| server open files / limit (fullest instance) | ${files} / ${FILE_LIMIT} |`,
    `| server RSS before sockets / with them / at the end (MiB) | ${rssBefore.toFixed(0)} / ${rssAfter.toFixed(0)} / ${rssEnd.toFixed(0)} |`,
  ];
  console.log(lines.join('\n'));
  const title = `Live delivery (${engine}, ${open} sockets${INSTANCES > 1 ? `, ${INSTANCES} instances` : ''})`;
  if (!process.env.BENCH_NO_RECORD) appendResults(title, lines);
} finally {
  dashboard?.terminate();
  for (const worker of workers) worker.child.kill();
  await group.stop();
  await database.drop();
}
