/**
 * The operator's alerts benchmark: from a user's chat message to the push on the operator's device,
 * received and decrypted at a push service of our own (https on loopback, bench/push-service.mjs;
 * the server trusts its certificate through NODE_EXTRA_CA_CERTS and is allowed its port through
 * PUSH_ALLOWED_HOSTS). Starts the built server as `npm start` would, signs the operator in and
 * subscribes one device of theirs, with no dashboard open, then
 *
 * - latency: `--messages` messages, each from a guest of its own (each conversation alerts once),
 *   one every 1000/`--rate` ms; each measured from its send until its push has arrived and is
 *   decrypted (p50 / p95 / p99 / max);
 * - one conversation: ten messages in a row from one guest: the pushes they made (one is right);
 * - a dashboard open: ten guests write while the operator's dashboard socket is open: the pushes
 *   they made (none is right), counted once the server reported all ten decided (its metrics) and
 *   a message written after the dashboard closed had its push arrive.
 *
 *   npm run build && node bench/operator-push.mjs [--messages 200] [--rate 10]
 *
 * With `--instances 2` (PostgreSQL only: DATABASE_URL), two servers share the database and a Redis
 * of the run's own: users write to the second, the operator's device and dashboard are the first's.
 *
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/test node bench/operator-push.mjs --instances 2
 *
 * Keeps its table in bench/runs/ (BENCH_NO_RECORD=1: not).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import WebSocket from 'ws';
import { appendResults, benchDatabase, cookieOf, machineNote, serverGroup } from './lib.mjs';
import { decrypt, newBrowserKeys, startPushService } from './push-service.mjs';
import { routeTable } from '../scripts/built-server.mjs';

const { routes } = await routeTable();

// Not strict: `npm run bench` hands every script the same arguments (`--rounds`, say).
const { values } = parseArgs({
  strict: false,
  options: {
    messages: { type: 'string', default: '200' },
    rate: { type: 'string', default: '10' },
    instances: { type: 'string', default: '1' },
  },
});
const MESSAGES = Math.max(1, Math.min(5_000, Number(values.messages)));
const RATE = Math.max(0.1, Math.min(200, Number(values.rate)));
const INSTANCES = Math.max(1, Math.min(2, Number(values.instances)));
if (INSTANCES > 1 && !process.env.DATABASE_URL) {
  throw new Error('--instances needs PostgreSQL (DATABASE_URL): instances share one database.');
}
const OPERATOR = { email: 'bench-operator@example.com', password: 'bench-operator-password' };
const METRICS_TOKEN = 'bench-operator-push-metrics';
const DEVICE_PATH = '/push/operator-device';
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

function percentile(sorted, p) {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
}

async function post(base, route, body, cookie) {
  const response = await fetch(`${base}${route}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(cookie ? { cookie } : {}) },
    body: JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`${route}: HTTP ${response.status} ${await response.text()}`);
  return response;
}

/** A new guest on `base`: its cookie and user id. */
async function newGuest(base) {
  const response = await post(base, routes.guest.path, {});
  const { user } = await response.json();
  return { cookie: cookieOf(response), id: user.id };
}

/** How many alerts a server decided so (its /metrics). */
async function decided(base, outcome) {
  const text = await (await fetch(`${base}/metrics`, { headers: { authorization: `Bearer ${METRICS_TOKEN}` } })).text();
  const line = text.split('\n').find((l) => l.startsWith(`gomeum_operator_alerts_total{outcome="${outcome}"}`));
  return line ? Number(line.split(' ').at(-1)) : 0;
}

/** A live socket of `cookie` on `base`; `events` fills as events arrive, `waitFor` resolves on one. */
async function liveSocket(base, cookie) {
  const socket = new WebSocket(`${base.replace(/^http/, 'ws')}${routes.live.path}`, { headers: { cookie } });
  const events = [];
  let waiters = [];
  socket.on('message', (data) => {
    const event = JSON.parse(data.toString('utf8'));
    events.push(event);
    waiters = waiters.filter((waiter) => !(waiter.test(event) && (waiter.resolve(event), true)));
  });
  await new Promise((resolve, reject) => {
    socket.once('error', reject);
    socket.once('open', resolve);
  });
  const waitFor = (test, after = 0) => {
    const seen = events.slice(after).find(test);
    if (seen) return Promise.resolve(seen);
    return new Promise((resolve) => waiters.push({ test, resolve }));
  };
  return { socket, events, waitFor, close: () => socket.close() };
}

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'gomeum-bench-push-'));
const pushService = await startPushService(dir);
const keys = newBrowserKeys();
// The tag of each push the operator's device received, decrypted as the browser does, once each
// (every waiting message looks at every arrival: decrypting each time would load this process).
const tags = new WeakMap();
const tagOf = (received) => {
  if (!tags.has(received)) tags.set(received, JSON.parse(decrypt(received.body, keys)).tag);
  return tags.get(received);
};
/** How many pushes the operator's device received whose tag passes `test`. */
const countTo = (test) => pushService.received.filter((r) => r.path === DEVICE_PATH && test(tagOf(r))).length;
const database = await benchDatabase('bench_operator_push');
const group = serverGroup();
const { servers } = group;
try {
  await group.start(INSTANCES, {
    ...database.env,
    GOMEUM_OPERATOR_EMAIL: OPERATOR.email,
    GOMEUM_OPERATOR_PASSWORD: OPERATOR.password,
    PUSH_ALLOWED_HOSTS: new URL(pushService.origin).host,
    NODE_EXTRA_CA_CERTS: pushService.certFile,
    METRICS_TOKEN,
  });
  const operatorBase = servers[0].base;
  const usersBase = servers.at(-1).base;
  const operatorCookie = cookieOf(await post(operatorBase, routes.login.path, OPERATOR));
  await post(
    operatorBase,
    routes.pushSubscribe.path,
    {
      endpoint: `${pushService.origin}${DEVICE_PATH}`,
      keys: { p256dh: keys.p256dh, auth: keys.authB64 },
      locale: 'en',
    },
    operatorCookie,
  );
  const pushFor = (userId, timeoutMs = 10_000) =>
    pushService.arrival((r) => r.path === DEVICE_PATH && tagOf(r) === `operator-chat-${userId}`, timeoutMs);
  const send = (guest, content) => post(usersBase, routes.sendChatMessage.path, { content }, guest.cookie);

  // Latency: one message per guest, at the rate asked for.
  const guests = [];
  for (let i = 0; i < MESSAGES; i += 1) guests.push(await newGuest(usersBase));
  const latencies = [];
  let lost = 0;
  const begin = performance.now();
  await Promise.all(
    guests.map(async (guest, i) => {
      const wait = begin + (i * 1000) / RATE - performance.now();
      if (wait > 1) await sleep(wait);
      const sentAt = performance.now();
      const arrived = pushFor(guest.id);
      await send(guest, `Hello from guest ${i}: is anyone there tonight?`);
      try {
        await arrived;
        latencies.push(performance.now() - sentAt);
      } catch {
        lost += 1;
      }
    }),
  );
  const sorted = latencies.toSorted((a, b) => a - b);
  console.log(`${latencies.length} of ${MESSAGES} pushes arrived; p50 ${percentile(sorted, 50).toFixed(1)} ms`);

  // One conversation: ten messages in a row, counted once the server decided all ten and another
  // guest's push, asked for after them, arrived.
  const chatty = await newGuest(usersBase);
  const quietBefore = await decided(usersBase, 'quiet');
  for (let i = 0; i < 10; i += 1) await send(chatty, `Message ${i} of ten`);
  await pushFor(chatty.id);
  while ((await decided(usersBase, 'quiet')) < quietBefore + 9) await sleep(20);
  const marker = await newGuest(usersBase);
  await send(marker, 'After the ten');
  await pushFor(marker.id);
  const burstPushes = countTo((tag) => tag === `operator-chat-${chatty.id}`);

  // A dashboard open (on the first instance) while ten guests write (to the last).
  const watcherGuest = await newGuest(usersBase);
  const watcher = await liveSocket(usersBase, watcherGuest.cookie);
  const dashboard = await liveSocket(operatorBase, operatorCookie);
  dashboard.socket.send(JSON.stringify({ type: 'presence.dashboard' }));
  await watcher.waitFor((event) => event.type === 'presence.changed' && event.online);
  const quiet = [];
  for (let i = 0; i < 10; i += 1) quiet.push(await newGuest(usersBase));
  const skippedBefore = await decided(usersBase, 'dashboard_open');
  await Promise.all(quiet.map((guest) => send(guest, 'Writing while the dashboard is open')));
  while ((await decided(usersBase, 'dashboard_open')) < skippedBefore + quiet.length) await sleep(20);
  const closedAt = watcher.events.length;
  dashboard.close();
  await watcher.waitFor((event) => event.type === 'presence.changed' && !event.online, closedAt);
  const after = await newGuest(usersBase);
  await send(after, 'Writing once the dashboard closed');
  await pushFor(after.id);
  const quietIds = new Set(quiet.map((guest) => `operator-chat-${guest.id}`));
  const quietPushes = countTo((tag) => quietIds.has(tag));
  watcher.close();

  const engine = `${database.engine}${INSTANCES > 1 ? `, ${INSTANCES} instances and Redis (users on one, the operator on the other)` : ''}`;
  const lines = [
    `${engine}; ${MESSAGES} messages at ${RATE}/s, each from a guest of its own; ${machineNote()}.`,
    `\`node bench/operator-push.mjs --messages ${MESSAGES} --rate ${RATE} --instances ${INSTANCES}\``,
    '',
    '| figure | value |',
    '| --- | ---: |',
    `| message sent → push decrypted at the device, p50 / p95 / p99 / max (ms) | ${percentile(sorted, 50).toFixed(1)} / ${percentile(sorted, 95).toFixed(1)} / ${percentile(sorted, 99).toFixed(1)} / ${sorted.at(-1)?.toFixed(1)} |`,
    `| pushes arrived / messages (none within 10 s) | ${latencies.length} / ${MESSAGES} (${lost}) |`,
    `| pushes for ten messages in a row in one conversation | ${burstPushes} |`,
    `| pushes for ten messages while a dashboard was open | ${quietPushes} |`,
  ];
  console.log(lines.join('\n'));
  if (!process.env.BENCH_NO_RECORD) appendResults(`Operator alerts (${engine})`, lines);
} finally {
  await group.stop();
  await database.drop();
  await pushService.close();
  pushService.agent.destroy();
  fs.rmSync(dir, { recursive: true, force: true });
}
