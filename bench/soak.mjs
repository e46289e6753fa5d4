/**
 * Soak benchmark: the built server (as `npm start` runs it) under mixed load for `--minutes`
 * (30 by default): `--sockets` open live sockets (held by bench/live-client.mjs workers), reads
 * (`routes.taskLogs` of the music planet, 20 a page) at `--reads` per second, chat messages at `--writes` per
 * second, and a broadcast to every socket once a minute (the operator's away switch). Every 10 s
 * it samples the server's RSS; at the end it prints the errors (failed requests, sockets lost, a
 * broadcast that missed sockets) and how much the RSS grew over the last two thirds of the run
 * (the last 20 minutes of 30), and keeps that in bench/runs/.
 *
 *   npm run build && node bench/soak.mjs [--minutes 30] [--sockets 5000] [--reads 50] [--writes 20]
 */
import { parseArgs } from 'node:util';
import { appendResults, benchDatabase, cookieOf, machineNote, rssMiB, startServer, startWorker } from './lib.mjs';
import { routeTable } from '../scripts/built-server.mjs';

const { routes, operatorRoutes, routeUrl } = await routeTable();

const { values } = parseArgs({
  options: {
    minutes: { type: 'string', default: '30' },
    sockets: { type: 'string', default: '5000' },
    reads: { type: 'string', default: '50' },
    writes: { type: 'string', default: '20' },
  },
});
const MINUTES = Number(values.minutes);
const SOCKETS = Math.min(19_000, Number(values.sockets));
const READS = Number(values.reads);
const WRITES = Number(values.writes);
const PER_GUEST = 5;
const OPERATOR = { email: 'soak-operator@example.com', password: 'soak-operator-password' };
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** Calls `task` `perSecond` times a second until `until` (ms timestamp), without waiting for it. */
async function steady(perSecond, until, task) {
  const begin = performance.now();
  for (let n = 0; ; n += 1) {
    const due = begin + (n * 1000) / perSecond;
    if (Date.now() + (due - performance.now()) > until) return;
    const wait = due - performance.now();
    if (wait > 1) await sleep(wait);
    void task(n);
  }
}

const database = await benchDatabase('bench_soak');
// The server's own memory figures (V8's heap, memory outside it) are read from /metrics.
const METRICS_TOKEN = 'soak-metrics-token-0123456789';
const server = await startServer({
  ...database.env,
  METRICS_TOKEN,
  GOMEUM_OPERATOR_EMAIL: OPERATOR.email,
  GOMEUM_OPERATOR_PASSWORD: OPERATOR.password,
});
const workers = [];
try {
  const { base } = server;
  const port = Number(new URL(base).port);
  console.log(`Soak on ${database.engine}: ${MINUTES} min, ${SOCKETS} sockets, ${READS} reads/s, ${WRITES} messages/s`);
  console.log(machineNote());
  const operator = cookieOf(
    await fetch(`${base}${routes.login.path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(OPERATOR),
    }),
  );
  // The reader: a guest with a task and five proofs on the music planet.
  const reader = cookieOf(await fetch(`${base}${routes.guest.path}`, { method: 'POST' }));
  const task = await fetch(`${base}${routeUrl(routes.confirmTask, { planetId: 'music' })}`, {
    method: 'PUT',
    headers: { cookie: reader, 'content-type': 'application/json' },
    body: JSON.stringify({ description: 'Play the piano every evening', reward: 'A concert ticket' }),
  });
  if (!task.ok) throw new Error(`task: ${task.status}`);
  for (let i = 1; i <= 5; i += 1) {
    const form = new FormData();
    form.set('date', `2026-11-0${i}`);
    form.set('title', `Practice ${i}`);
    form.set('content', 'Scales, then the slow movement twice.');
    const proof = await fetch(`${base}${routeUrl(routes.submitProof, { planetId: 'music' })}`, {
      method: 'POST',
      headers: { cookie: reader },
      body: form,
    });
    if (!proof.ok) throw new Error(`proof: ${proof.status}`);
  }
  const guests = [];
  for (let i = 0; i < Math.ceil(SOCKETS / PER_GUEST); i += 1) {
    guests.push(cookieOf(await fetch(`${base}${routes.guest.path}`, { method: 'POST' })));
  }
  const clients = Math.max(1, Math.ceil(SOCKETS / 5_000));
  for (let i = 0; i < clients; i += 1) workers.push(startWorker());
  const shares = workers.map(() => []);
  for (let i = 0; i < SOCKETS; i += 1) shares[i % clients].push(guests[Math.floor(i / PER_GUEST)]);
  const opened = await Promise.all(workers.map((w, i) => w.ask({ open: { port, cookies: shares[i], width: 32 } })));
  const open = opened.reduce((sum, r) => sum + r.opened, 0);
  console.log(`${open} sockets open`);

  const errors = { reads: 0, writes: 0, broadcasts: 0, lostSockets: 0 };
  const counts = { reads: 0, writes: 0, broadcasts: 0 };
  const samples = [];
  const start = Date.now();
  const until = start + MINUTES * 60_000;
  const request = async (kind, url, init) => {
    try {
      const response = await fetch(url, init);
      await response.arrayBuffer();
      counts[kind] += 1;
      if (!response.ok) errors[kind] += 1;
    } catch {
      counts[kind] += 1;
      errors[kind] += 1;
    }
  };
  const reads = steady(READS, until, () =>
    request('reads', `${base}${routeUrl(routes.taskLogs, { planetId: 'music' }, { limit: 20 })}`, {
      headers: { cookie: reader },
    }),
  );
  const writes = steady(WRITES, until, (n) =>
    request('writes', `${base}${routes.sendChatMessage.path}`, {
      method: 'POST',
      headers: { cookie: guests[n % guests.length], 'content-type': 'application/json' },
      body: JSON.stringify({ content: `soak ${n}` }),
    }),
  );
  // RSS from /proc; V8's heap (committed and used) and its external memory from /metrics, so
  // growth can be told apart: JavaScript objects, buffers, or native memory (SQLite, malloc).
  const sample = async () => {
    const figures = { at: Date.now() - start, rss: rssMiB(server.pid) };
    try {
      const text = await (
        await fetch(`${base}/metrics`, { headers: { authorization: `Bearer ${METRICS_TOKEN}` } })
      ).text();
      const read = (name) => Number(new RegExp(`^${name} (\\S+)`, 'm').exec(text)?.[1] ?? Number.NaN) / 2 ** 20;
      figures.heapTotal = read('nodejs_heap_size_total_bytes');
      figures.heapUsed = read('nodejs_heap_size_used_bytes');
      figures.external = read('nodejs_external_memory_bytes');
      figures.newSpace = read('nodejs_heap_space_size_total_bytes\\{space="new"\\}');
      figures.oldSpace = read('nodejs_heap_space_size_total_bytes\\{space="old"\\}');
    } catch {
      // A sample without the server's own figures.
    }
    samples.push(figures);
  };
  const sampler = (async () => {
    while (Date.now() < until) {
      await sample();
      await sleep(10_000);
    }
  })();
  const broadcaster = (async () => {
    for (let b = 0; Date.now() + 60_000 <= until; b += 1) {
      await sleep(55_000);
      await Promise.all(workers.map((w) => w.ask({ arm: b })));
      await request('broadcasts', `${base}${operatorRoutes.setPresence.path}`, {
        method: 'PUT',
        headers: { cookie: operator, 'content-type': 'application/json' },
        body: JSON.stringify({ away: b % 2 === 0 }),
      });
      await sleep(5_000);
      const results = await Promise.all(workers.map((w) => w.ask({ collect: b })));
      const got = results.reduce((sum, r) => sum + r.got, 0);
      const still = results.reduce((sum, r) => sum + r.open, 0);
      if (got < still) errors.broadcasts += 1;
      errors.lostSockets = open - still;
      console.log(
        `${((Date.now() - start) / 60_000).toFixed(1)} min: broadcast reached ${got} of ${still} sockets; ` +
          `RSS ${rssMiB(server.pid).toFixed(0)} MiB; ${counts.reads} reads, ${counts.writes} messages so far`,
      );
    }
  })();
  await Promise.all([reads, writes, sampler, broadcaster]);
  await sleep(2_000);
  await sample();

  // Growth over the last two thirds (the last 20 minutes of 30): the first sample of that window
  // against the last, and the window's highest.
  const windowStart = (MINUTES * 60_000) / 3;
  const window = samples.filter((s) => s.at >= windowStart);
  const first = window[0]?.rss ?? Number.NaN;
  const last = window.at(-1)?.rss ?? Number.NaN;
  const peak = Math.max(...window.map((s) => s.rss));
  const growth = (key) => ((window.at(-1)?.[key] ?? Number.NaN) - (window[0]?.[key] ?? Number.NaN)).toFixed(1);
  const range = (key) =>
    `${(window[0]?.[key] ?? Number.NaN).toFixed(1)} → ${(window.at(-1)?.[key] ?? Number.NaN).toFixed(1)}`;
  // One sample moves by ±10 MiB with the garbage collector's rhythm (V8 hands the young
  // generation's pages back and takes them again): the trend of all the window's samples (least
  // squares, times the window's length) says more than its first and last samples alone.
  const trend = (key) => {
    const points = window.filter((s) => Number.isFinite(s[key]));
    const n = points.length;
    const meanX = points.reduce((sum, s) => sum + s.at, 0) / n;
    const meanY = points.reduce((sum, s) => sum + s[key], 0) / n;
    const slope =
      points.reduce((sum, s) => sum + (s.at - meanX) * (s[key] - meanY), 0) /
      points.reduce((sum, s) => sum + (s.at - meanX) ** 2, 0);
    return (slope * (MINUTES * 60_000 - windowStart)).toFixed(1);
  };
  const totalErrors = errors.reads + errors.writes + errors.broadcasts + errors.lostSockets;
  const lines = [
    `${database.engine}, ${MINUTES} min, ${open} sockets, ${READS} reads/s, ${WRITES} messages/s, a broadcast a minute; ${machineNote()}.`,
    `\`node bench/soak.mjs --minutes ${MINUTES} --sockets ${SOCKETS} --reads ${READS} --writes ${WRITES}\``,
    '',
    '| figure | value |',
    '| --- | ---: |',
    `| requests: reads / messages / broadcasts | ${counts.reads} / ${counts.writes} / ${counts.broadcasts} |`,
    `| errors: reads / messages / broadcasts missing sockets / sockets lost | ${errors.reads} / ${errors.writes} / ${errors.broadcasts} / ${errors.lostSockets} |`,
    `| server RSS at ${(windowStart / 60_000).toFixed(1)} min → end (MiB) | ${first.toFixed(1)} → ${last.toFixed(1)} (peak ${peak.toFixed(1)}) |`,
    `| RSS growth over the last ${((MINUTES * 2) / 3).toFixed(1)} min (MiB): last − first sample / trend of all ${window.length} | ${(last - first).toFixed(1)} / ${trend('rss')} |`,
    `| V8 heap used, trend over the same window (MiB) | ${trend('heapUsed')} |`,
    `| V8 heap committed / used, same window (MiB) | ${range('heapTotal')} (${growth('heapTotal')}) / ${range('heapUsed')} (${growth('heapUsed')}) |`,
    `| external memory (buffers), same window (MiB) | ${range('external')} (${growth('external')}) |`,
  ];
  // Every sample, for a look at when memory grew.
  console.log(
    samples
      .map(
        (s) =>
          `${(s.at / 60_000).toFixed(1)} min: RSS ${s.rss.toFixed(1)} heap ${s.heapTotal?.toFixed(1)} / ${s.heapUsed?.toFixed(1)} external ${s.external?.toFixed(1)} (new space ${s.newSpace?.toFixed(1)}, old space ${s.oldSpace?.toFixed(1)})`,
      )
      .join('\n'),
  );
  console.log(lines.join('\n'));
  console.log(totalErrors === 0 ? 'no errors' : `${totalErrors} errors`);
  if (!process.env.BENCH_NO_RECORD) appendResults(`Soak (${database.engine})`, lines);
} finally {
  for (const worker of workers) worker.child.kill();
  await server.stop();
  await database.drop();
}
