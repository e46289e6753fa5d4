/**
 * The operator's views at scale (docs/BENCHMARKS.md, "The operator's views at scale"). For each
 * engine and size: a database at the baseline build's schema (the baseline server starts on it
 * once), seeded directly with N users and M messages each (bench/scale-seed.mjs); the baseline
 * build measured on it (at the baseline sizes), then this build started on the same data (its
 * migrations count the kept rows: the start is timed) and measured. Measured: each operator view
 * and a user's own reads (median and 90th percentile of sequential reads after one warm-up, from
 * this process over loopback), and the server's CPU while users send 10 messages a second, without
 * and with one dashboard open (the baseline's dashboard read the queue and the conversation list
 * again on every message; this build's applies each live change and reads nothing). Without it
 * the operator is away: each message gets the AI's notice (no AI here) and may alert the operator;
 * with it, neither.
 *
 *   node bench/scale.mjs --baseline /path/to/previous/build [--engines sqlite,postgres]
 *     [--sizes 10000,100000,1000000] [--baseline-sizes 10000,100000] [--messages 20] [--reads 21]
 *     [--baseline-reads 21] [--rate 10] [--seconds 20]
 *
 * `--baseline-reads`: fewer reads per view of the baseline from a million users on (it reads every
 * message per view there: seconds a read).
 *
 * PostgreSQL: DATABASE_URL (a database of its own is created per size and dropped after). The
 * baseline is a checkout of the previous commit with its server built (`npm run build -w
 * @gomeum/server`). Needs this build (`npm run build`).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import WebSocket from 'ws';
import { ROOT, startBuiltServer } from '../scripts/built-server.mjs';
import { appendResults, cpuMs, machineNote, median } from './lib.mjs';
import { seedPostgres, seedSqlite } from './scale-seed.mjs';

const { values: args } = parseArgs({
  options: {
    baseline: { type: 'string' },
    engines: { type: 'string', default: 'sqlite,postgres' },
    sizes: { type: 'string', default: '10000,100000,1000000' },
    'baseline-sizes': { type: 'string', default: '10000,100000' },
    messages: { type: 'string', default: '20' },
    reads: { type: 'string', default: '21' },
    'baseline-reads': { type: 'string' },
    rate: { type: 'string', default: '10' },
    seconds: { type: 'string', default: '20' },
  },
});
if (!args.baseline) throw new Error('--baseline: the root of the previous commit, its server built');
const numbers = (list) => list.split(',').filter(Boolean).map(Number);
const sizes = numbers(args.sizes);
const baselineSizes = numbers(args['baseline-sizes']);
const messages = Number(args.messages);
const reads = Number(args.reads);
const OPERATOR = { email: 'scale-operator@example.com', password: 'scale-operator-password' };
const builds = {
  baseline: path.join(path.resolve(args.baseline), 'server/dist/main.js'),
  current: path.join(ROOT, 'server/dist/main.js'),
};

/** A fresh database: a SQLite data folder, or a PostgreSQL database of its own. */
async function freshDatabase(engine, size) {
  if (engine === 'sqlite') {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `gomeum-scale-${size}-`));
    return {
      env: { DATA_DIR: dataDir },
      seed: (options) => seedSqlite(path.join(dataDir, 'gomeum.sqlite'), options),
      drop: async () => fs.rmSync(dataDir, { recursive: true, force: true }),
    };
  }
  const url = process.env.DATABASE_URL;
  if (!url) throw new Error('PostgreSQL: set DATABASE_URL');
  const { default: pg } = await import('pg');
  const name = `gomeum_scale_${size}_${process.pid}`;
  const admin = async (sql) => {
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    await client.query(sql);
    await client.end();
  };
  await admin(`create database ${name}`);
  const own = new URL(url);
  own.pathname = `/${name}`;
  return {
    env: { DATABASE_URL: own.toString() },
    seed: (options) => seedPostgres(own.toString(), options),
    drop: () => admin(`drop database ${name} with (force)`),
  };
}

/** Starts a build on the database; resolves once it answers (its migrations done). */
async function start(main, env) {
  const started = performance.now();
  const server = await startBuiltServer({
    main,
    showErrors: true,
    timeoutMs: 60 * 60_000,
    env: {
      NODE_ENV: 'production',
      GOMEUM_OPERATOR_EMAIL: OPERATOR.email,
      GOMEUM_OPERATOR_PASSWORD: OPERATOR.password,
      AUTH_RATE_LIMIT: '100000',
      GUEST_RATE_LIMIT: '100000',
      GUEST_DAILY_LIMIT: '100000',
      CHAT_RATE_LIMIT: '100000000',
      ...env,
    },
  });
  return { ...server, startMs: performance.now() - started };
}

const cookieOf = (response) =>
  response.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');

async function call(base, cookie, method, url, body) {
  const response = await fetch(`${base}${url}`, {
    method,
    headers: { cookie, ...(body ? { 'content-type': 'application/json' } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  const text = await response.text();
  if (!response.ok) throw new Error(`${method} ${url}: ${response.status} ${text.slice(0, 200)}`);
  return { response, body: text ? JSON.parse(text) : null };
}

/** Median and 90th percentile of `reads` sequential GETs after one warm-up, in ms. */
async function time(base, cookie, url, reads) {
  await call(base, cookie, 'GET', url);
  const took = [];
  for (let i = 0; i < reads; i += 1) {
    const begun = performance.now();
    await call(base, cookie, 'GET', url);
    took.push(performance.now() - begun);
  }
  took.sort((a, b) => a - b);
  return { p50: median(took), p90: took[Math.floor(took.length * 0.9)] };
}

/** The views timed: each operator view (and its second page where it has one), then a user's reads. */
async function views(base, operator, user, reads) {
  const queue = (await call(base, operator, 'GET', '/api/operator/queue')).body;
  const chats = (await call(base, operator, 'GET', '/api/operator/chats')).body;
  const users = (await call(base, operator, 'GET', '/api/operator/users')).body;
  const list = [
    ['queue', '/api/operator/queue'],
    ['queue, page 2', queue.next ? `/api/operator/queue?cursor=${encodeURIComponent(queue.next)}` : null],
    ['conversations', '/api/operator/chats'],
    ['conversations, page 2', chats.next ? `/api/operator/chats?before=${chats.next}` : null],
    ['users', '/api/operator/users'],
    ['users, page 2', users.next ? `/api/operator/users?cursor=${encodeURIComponent(users.next)}` : null],
    ['users: search "user12"', '/api/operator/users?query=user12'],
    ['users: search a guest id', '/api/operator/users?query=guest_a1'],
    ['overview (30 days)', '/api/operator/overview?days=30'],
    ['proofs waiting', '/api/operator/proofs/waiting'],
  ];
  const results = {};
  for (const [name, url] of list) if (url) results[name] = await time(base, operator, url, reads);
  for (const [name, url] of [
    ['user: me', '/api/me'],
    ['user: galaxy', '/api/galaxy'],
    ['user: chat history', '/api/chat/messages'],
  ]) {
    results[name] = await time(base, user, url, reads);
  }
  return results;
}

/**
 * One dashboard's live socket, declared as the dashboard does (`presence.dashboard`: the operator
 * is online). `rereads`: on every chat message, the queue and the conversation
 * list are read again (as the baseline's dashboard did; a read under way is followed by one more,
 * never two at once); otherwise each change is only received (this build's dashboard applies it).
 */
async function dashboard(base, cookie, rereads) {
  const socket = new WebSocket(`${base.replace('http', 'ws')}/api/live`, { headers: { cookie, origin: base } });
  await new Promise((resolve, reject) => {
    socket.once('open', resolve);
    socket.once('error', reject);
  });
  // A dashboard says so (the operator is then online: no AI answer, no alert), and is told back.
  const online = new Promise((resolve) =>
    socket.on('message', (data) => {
      const event = JSON.parse(String(data));
      if (event.type === 'presence.changed' && event.online) resolve();
    }),
  );
  socket.send(JSON.stringify({ type: 'presence.dashboard' }));
  await online;
  const state = { busy: false, again: false, reads: 0 };
  let loop = Promise.resolve();
  const reread = async () => {
    state.busy = true;
    do {
      state.again = false;
      await Promise.all(['/api/operator/queue', '/api/operator/chats'].map((url) => call(base, cookie, 'GET', url)));
      state.reads += 2;
    } while (state.again && socket.readyState === WebSocket.OPEN);
    state.busy = false;
  };
  socket.on('message', (data) => {
    const event = JSON.parse(String(data));
    if (!rereads || event.type !== 'chat.message') return;
    if (state.busy) state.again = true;
    else loop = reread();
  });
  // Closed: the read under way (seconds, at a million users on the baseline) is waited for.
  return {
    state,
    close: async () => {
      socket.close();
      await loop;
    },
  };
}

/** Server CPU (ms per second) while `senders` send `rate` messages a second in all for `seconds`. */
async function cpuWhileSending(server, senders, rate, seconds) {
  const before = cpuMs(server.pid);
  const began = performance.now();
  const total = rate * seconds;
  const sent = [];
  for (let i = 0; i < total; i += 1) {
    const due = began + (i * 1000) / rate;
    const wait = due - performance.now();
    if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
    sent.push(
      call(server.url, senders[i % senders.length], 'POST', '/api/chat/messages', {
        content: `Message ${i}: I practised the piano for twenty minutes tonight!`,
      }),
    );
  }
  await new Promise((resolve) => setTimeout(resolve, 1000));
  // Every message answered (a busy server answers late: its CPU is counted until it has).
  await Promise.all(sent);
  return (cpuMs(server.pid) - before) / ((performance.now() - began) / 1000);
}

async function measure(main, env, rereads, reads) {
  const server = await start(main, env);
  try {
    const operator = cookieOf(
      (await call(server.url, '', 'POST', '/api/auth/login', { email: OPERATOR.email, password: OPERATOR.password }))
        .response,
    );
    const guests = [];
    for (let i = 0; i < 20; i += 1)
      guests.push(cookieOf((await call(server.url, '', 'POST', '/api/auth/guest')).response));
    await call(server.url, guests[0], 'POST', '/api/chat/messages', { content: 'Hello Gomeum!' });
    const results = await views(server.url, operator, guests[0], reads);
    const rate = Number(args.rate);
    const seconds = Number(args.seconds);
    const alone = await cpuWhileSending(server, guests, rate, seconds);
    const open = await dashboard(server.url, operator, rereads);
    const watched = await cpuWhileSending(server, guests, rate, seconds);
    await open.close();
    return { startMs: server.startMs, results, cpu: { alone, watched, dashboardReads: open.state.reads } };
  } finally {
    await server.stop();
  }
}

const baselineNote = args['baseline-reads'] ? ` (the baseline's from 1,000,000 users: ${args['baseline-reads']})` : '';
const lines = [
  `${machineNote()}; ${messages} messages per user, ${reads} reads per view${baselineNote} (p50 / p90 ms)`,
  '',
];
for (const engine of args.engines.split(',')) {
  for (const size of sizes) {
    const database = await freshDatabase(engine, size);
    try {
      const schema = await start(builds.baseline, database.env);
      await schema.stop();
      const seeding = performance.now();
      const rows = await database.seed({ users: size, messages });
      const seedMs = performance.now() - seeding;
      console.log(`${engine} ${size}: seeded in ${(seedMs / 1000).toFixed(1)} s`, rows);
      const runs = {};
      if (baselineSizes.includes(size)) {
        const capped = size >= 1_000_000 && args['baseline-reads'] ? Number(args['baseline-reads']) : reads;
        runs.baseline = await measure(builds.baseline, database.env, true, capped);
      }
      runs.current = await measure(builds.current, database.env, false, reads);
      lines.push(`#### ${engine}, ${size.toLocaleString('en')} users: seeded in ${(seedMs / 1000).toFixed(1)} s`, '');
      for (const [build, run] of Object.entries(runs)) {
        lines.push(`${build}: started in ${(run.startMs / 1000).toFixed(1)} s (migrations included)`);
        for (const [view, { p50, p90 }] of Object.entries(run.results)) {
          lines.push(`- ${build} · ${view}: ${p50.toFixed(2)} / ${p90.toFixed(2)}`);
        }
        const { alone, watched, dashboardReads } = run.cpu;
        lines.push(
          `- ${build} · server CPU at ${args.rate} msg/s: ${alone.toFixed(0)} ms/s alone, ${watched.toFixed(0)} ms/s with one dashboard (${dashboardReads} reads by it)`,
          '',
        );
      }
      console.log(lines.slice(-40).join('\n'));
    } finally {
      await database.drop();
    }
  }
}
console.log(lines.join('\n'));
appendResults("The operator's views at scale", lines);
