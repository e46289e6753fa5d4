/**
 * Typing benchmark ("Gomeum is typing…"): starts the built server(s) as `npm start`
 * would and measures, over real live sockets,
 *
 * - how soon typing shows on the other side: a user's `chat.typing` on one instance until the
 *   operator's socket hears it, and the operator's until the user's socket hears it (with
 *   `--instances 2`: PostgreSQL + a Redis of the run's own, the two sides on different instances,
 *   so every event crosses through Redis); p50/p95;
 * - how soon it disappears: typists following the web client's rule (a stop 5 s after the last
 *   keystroke) until the other side hears the stop; p95 (a receiver also forgets an indicator 6 s
 *   after its last event, whatever happens);
 * - `--users` users typing at once (one event each every 2 s, the throttle) for `--rounds` rounds:
 *   the server's extra CPU per typing event over idle, against a chat message sent over HTTP in
 *   the same run (the baseline), and the rows of every table before and after (no event stored).
 *
 *   npm run build && node bench/typing.mjs [--users 2000] [--rounds 5] [--samples 100]
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/test node bench/typing.mjs --instances 2
 *
 * Keeps its table in bench/runs/ (BENCH_NO_RECORD=1: not).
 */
import fs from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import WebSocket from 'ws';
import { appendResults, benchDatabase, cookieOf, cpuMs, machineNote, serverGroup } from './lib.mjs';
import { routeTable } from '../scripts/built-server.mjs';

const { routes } = await routeTable();

const { values } = parseArgs({
  strict: false,
  options: {
    users: { type: 'string', default: '2000' },
    rounds: { type: 'string', default: '5' },
    samples: { type: 'string', default: '100' },
    instances: { type: 'string', default: '1' },
  },
});
const USERS = Number(values.users);
const ROUNDS = Number(values.rounds);
const SAMPLES = Math.min(Number(values.samples), USERS);
const INSTANCES = Math.max(1, Math.min(2, Number(values.instances)));
if (INSTANCES > 1 && !process.env.DATABASE_URL) throw new Error('--instances 2 needs PostgreSQL (DATABASE_URL).');
const OPERATOR = { email: 'bench-operator@example.com', password: 'bench-operator-password' };
const THROTTLE_MS = 2_000;
const IDLE_MS = 5_000;
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
const now = () => performance.now();
const percentile = (values, p) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
};
const ms = (value) => `${value.toFixed(1)} ms`;

/** A live socket with the session cookie; resolves once the server said `ready`. */
function socketOf(base, cookie, onEvent) {
  return new Promise((resolve, reject) => {
    const socket = new WebSocket(`${base.replace(/^http/, 'ws')}${routes.live.path}`, {
      headers: { cookie, origin: base },
    });
    socket.on('message', (data) => {
      const event = JSON.parse(String(data));
      if (event.type === 'ready') resolve(socket);
      onEvent(event);
    });
    socket.once('error', reject);
  });
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

/** Rows of every table: SQLite from the server's file, PostgreSQL through its own connection. */
async function rowCounts(server, databaseUrl) {
  if (databaseUrl) {
    const { default: pg } = await import('pg');
    const client = new pg.Client({ connectionString: databaseUrl });
    await client.connect();
    const tables = (await client.query(`SELECT tablename FROM pg_tables WHERE schemaname = current_schema()`)).rows;
    const counts = {};
    for (const { tablename } of tables) {
      counts[tablename] = Number((await client.query(`SELECT count(*) AS n FROM "${tablename}"`)).rows[0].n);
    }
    const stat = (
      await client.query(
        `SELECT tup_inserted + tup_updated + tup_deleted AS writes FROM pg_stat_database WHERE datname = current_database()`,
      )
    ).rows[0];
    await client.end();
    return { counts, writes: Number(stat.writes) };
  }
  const { default: Database } = await import('better-sqlite3');
  const file = fs
    .readdirSync(server.dataDir, { recursive: true })
    .map(String)
    .find((name) => name.endsWith('.db') || name.endsWith('.sqlite'));
  const db = new Database(path.join(server.dataDir, file), { readonly: true, fileMustExist: true });
  const counts = {};
  for (const { name } of db.prepare(`SELECT name FROM sqlite_master WHERE type = 'table'`).all()) {
    counts[name] = db.prepare(`SELECT count(*) AS n FROM "${name}"`).get().n;
  }
  const writes = db.pragma('data_version', { simple: true });
  db.close();
  return { counts, writes: null, dataVersion: writes };
}

const database = await benchDatabase('bench_typing');
const group = serverGroup();
const sockets = [];
const lines = [];
try {
  await group.start(INSTANCES, {
    ...database.env,
    GOMEUM_OPERATOR_EMAIL: OPERATOR.email,
    GOMEUM_OPERATOR_PASSWORD: OPERATOR.password,
  });
  const [first, second = first] = group.servers;
  console.log(`Typing benchmark on ${database.engine}, ${INSTANCES} instance(s): ${USERS} users`);
  console.log(machineNote());
  const operatorCookie = cookieOf(
    await fetch(`${first.base}${routes.login.path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(OPERATOR),
    }),
  );
  // The operator's socket on the first instance (no dashboard declared: presence writes nothing).
  const heard = new Map();
  const operatorHeard = (event) => {
    if (event.type === 'chat.typing') heard.get(`${event.userId}:${event.typing}`)?.(now());
  };
  const operator = await socketOf(first.base, operatorCookie, operatorHeard);
  sockets.push(operator);
  // Bounded, not a wait: an event that never comes fails the run instead of hanging it.
  const bounded = (promise, what) =>
    Promise.race([
      promise,
      new Promise((_, reject) => setTimeout(() => reject(new Error(`never heard: ${what}`)), 15_000).unref()),
    ]);
  const wait = (key) => bounded(new Promise((resolve) => heard.set(key, resolve)), key);

  // Users, each with a socket on the second instance.
  const users = new Array(USERS);
  await pool(USERS, 16, async (i) => {
    const cookie = cookieOf(await fetch(`${second.base}${routes.guest.path}`, { method: 'POST' }));
    const me = await (await fetch(`${second.base}${routes.me.path}`, { headers: { cookie } })).json();
    const user = { id: me.id, cookie, onTyping: null };
    user.socket = await socketOf(second.base, cookie, (event) => {
      if (event.type === 'chat.typing' && event.userId === me.id) user.onTyping?.(now());
    });
    sockets.push(user.socket);
    users[i] = user;
  });
  console.log(`${USERS} users connected`);

  // 1. Shows within: user → operator, operator → user, one sample per user (no throttle between).
  const toOperator = [];
  const toUser = [];
  for (const user of users.slice(0, SAMPLES)) {
    const arrived = wait(`${user.id}:true`);
    const sent = now();
    user.socket.send(JSON.stringify({ type: 'chat.typing', typing: true }));
    toOperator.push((await arrived) - sent);
    const reached = bounded(new Promise((resolve) => (user.onTyping = resolve)), `operator → ${user.id}`);
    const typed = now();
    operator.send(JSON.stringify({ type: 'chat.typing', typing: true, userId: user.id }));
    toUser.push((await reached) - typed);
    user.onTyping = null;
    // The operator's samples are spaced as a person types (a socket past 240 frames per 10 s is cut off).
    await sleep(200);
  }
  // 2. Disappears within: 20 typists type for 3 s (a keystroke every 250 ms, sent by the throttle),
  // stop, and send the stop 5 s after the last keystroke, as the web client does.
  const typists = users.slice(SAMPLES, SAMPLES + 20);
  await sleep(THROTTLE_MS);
  const gone = await Promise.all(
    typists.map(async (user) => {
      let sentAt = 0;
      let last = 0;
      for (let t = 0; t < 3_000; t += 250) {
        last = now();
        if (last - sentAt >= THROTTLE_MS) {
          sentAt = last;
          user.socket.send(JSON.stringify({ type: 'chat.typing', typing: true }));
        }
        await sleep(250);
      }
      const stopped = wait(`${user.id}:false`);
      await sleep(IDLE_MS - (now() - last));
      user.socket.send(JSON.stringify({ type: 'chat.typing', typing: false }));
      return (await stopped) - last;
    }),
  );
  lines.push(
    `| Typing shows on the other side (${INSTANCES > 1 ? 'across 2 instances through Redis' : 'one instance'}), user → operator | ${ms(percentile(toOperator, 50))} | ${ms(percentile(toOperator, 95))} | ${SAMPLES} |`,
    `| … operator → user | ${ms(percentile(toUser, 50))} | ${ms(percentile(toUser, 95))} | ${SAMPLES} |`,
    `| Typing gone from the other side, after the last keystroke | ${ms(percentile(gone, 50))} | ${ms(percentile(gone, 95))} | ${gone.length} |`,
  );

  // 3. Everyone typing at once: CPU per event over idle, and nothing stored.
  const cpu = () => group.servers.reduce((total, s) => total + cpuMs(s.pid), 0);
  const phaseMs = ROUNDS * (THROTTLE_MS + 100) + 500;
  await sleep(THROTTLE_MS);
  let cpuStart = cpu();
  await sleep(phaseMs);
  const idleCpu = cpu() - cpuStart;
  const before = await rowCounts(first, database.env.DATABASE_URL);
  let operatorEvents = 0;
  heard.clear();
  operator.removeAllListeners('message');
  operator.on('message', (data) => {
    if (String(data).includes('"chat.typing"')) operatorEvents += 1;
  });
  cpuStart = cpu();
  const started = now();
  for (let round = 0; round < ROUNDS; round += 1) {
    const roundStart = now();
    for (const user of users) user.socket.send(JSON.stringify({ type: 'chat.typing', typing: true }));
    // A little over the throttle between rounds: every event of every round is passed on.
    await sleep(THROTTLE_MS + 100 - (now() - roundStart));
  }
  await sleep(phaseMs - (now() - started));
  const typingCpu = cpu() - cpuStart;
  const events = USERS * ROUNDS;
  const after = await rowCounts(first, database.env.DATABASE_URL);
  const changed = Object.keys(after.counts).filter((table) => after.counts[table] !== before.counts[table]);
  // Baseline: the same users each send one chat message over HTTP (stored, delivered to the operator).
  const messages = Math.min(USERS, 1_000);
  cpuStart = cpu();
  await pool(messages, 32, async (i) => {
    const response = await fetch(`${second.base}${routes.sendChatMessage.path}`, {
      method: 'POST',
      headers: { cookie: users[i].cookie, 'content-type': 'application/json', origin: second.base },
      body: JSON.stringify({ content: `bench message ${i}` }),
    });
    if (!response.ok) throw new Error(`chat send answered ${response.status}`);
  });
  // Their AI answers (the fallback: no AI here) are written meanwhile: wait for the server to settle.
  await sleep(2_000);
  const messageCpu = cpu() - cpuStart - (idleCpu * 2_000) / phaseMs;
  const perEvent = Math.max(0, typingCpu - idleCpu) / events;
  const perMessage = messageCpu / messages;
  lines.push(
    `| ${USERS} users typing at once, ${ROUNDS} rounds: server CPU per typing event (over idle) | ${(perEvent * 1000).toFixed(1)} µs | | ${events} events, ${operatorEvents} heard by the operator |`,
    `| Baseline: server CPU per chat message sent over HTTP | ${(perMessage * 1000).toFixed(1)} µs | | ${messages} messages |`,
    `| Typing event / chat message (CPU) | ${(perEvent / perMessage).toFixed(3)} | | |`,
    `| Rows changed in any table while everyone typed | ${changed.length === 0 ? 'none' : changed.join(', ')} | | ${Object.keys(after.counts).length} tables counted${after.writes === null ? '' : `; PostgreSQL row writes ${after.writes - before.writes}`} |`,
  );
  for (const line of lines) console.log(line);
  if (!process.env.BENCH_NO_RECORD)
    appendResults(`Typing (${database.engine}, ${INSTANCES} instance(s), ${USERS} users)`, [
      '| Measure | p50 / value | p95 | Of |',
      '| --- | --- | --- | --- |',
      ...lines,
    ]);
} finally {
  for (const socket of sockets) socket.terminate();
  await group.stop();
  await database.drop();
}
