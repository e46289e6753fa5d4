/**
 * Page benchmark: a page as the server renders it (web/src/entry-server.tsx, streamed by
 * server/src/features/web/web.routes.ts) against the same page as the bare shell the service
 * worker caches (`X-Gomeum-Shell: bare`: no render), on the same server in alternating runs, and
 * bare Fastify returning the rendered page's bytes. Prints req/s, p50/p99 latency and server CPU
 * per request, the ratios, and the streamed page's time to first byte: one request at a time, and
 * a burst of `--burst` requests at once (renders run side by side, so the last first byte of a
 * burst comes well before a burst of queued renders would finish). Keeps its table in bench/runs/.
 *
 *   npm run build && node bench/page.mjs [--rounds 3] [--seconds 10] [--connections 10] [--path /register]
 *   node bench/page.mjs --path /task/music --guest   a signed-in user's page (a guest's), rendered from their reads
 *   node bench/page.mjs … --baseline /tmp/base     the same, side by side with another built tree
 *                                                  (its server/dist/main.js and web/dist), round by round
 *   node bench/page.mjs … --warmup 3                each measured run after 3 s of the same requests, not
 *                                                  counted: the steady cost of a busy server, not a cold one
 */
import http from 'node:http';
import nodePath from 'node:path';
import { parseArgs } from 'node:util';
import { appendResults, guestCookie, load, machineNote, median, startBare, startServer, summarize } from './lib.mjs';

const { values } = parseArgs({
  options: {
    rounds: { type: 'string', default: '3' },
    seconds: { type: 'string', default: '10' },
    connections: { type: 'string', default: '10' },
    burst: { type: 'string', default: '10' },
    path: { type: 'string', default: '/register' },
    guest: { type: 'boolean', default: false },
    baseline: { type: 'string' },
    warmup: { type: 'string', default: '0' },
  },
});
const rounds = Number(values.rounds);
const seconds = Number(values.seconds);
const connections = Number(values.connections);
const burst = Number(values.burst);
const path = values.path;
const warmup = Number(values.warmup);

/**
 * A measured run of `options`, after `--warmup` seconds of the same requests that are not counted
 * (a server that has just been idle, or is new, runs its code cold: a busy server does not).
 */
async function measured(options) {
  if (warmup > 0) await load({ ...options, seconds: warmup });
  return load(options);
}

/** Time to first byte and to the last, in ms, of one GET of `url`. */
function timeGet(url, headers) {
  return new Promise((resolve, reject) => {
    const start = process.hrtime.bigint();
    let first = null;
    const ms = () => Number(process.hrtime.bigint() - start) / 1e6;
    http
      .get(url, { headers, agent: false }, (response) => {
        response.on('data', () => {
          first ??= ms();
        });
        response.on('end', () => resolve({ ttfb: first ?? ms(), total: ms(), status: response.statusCode }));
      })
      .on('error', reject);
  });
}

/** One request at a time (`count` of them): the median time to first byte and to the last. */
async function sequential(url, headers, count = 20) {
  const times = [];
  for (let i = 0; i < count; i += 1) times.push(await timeGet(url, headers));
  return { ttfb: median(times.map((t) => t.ttfb)), total: median(times.map((t) => t.total)) };
}

/** `count` requests at once: the median and the last time to first byte, and when the last ended. */
async function together(url, headers, count) {
  const times = await Promise.all(Array.from({ length: count }, () => timeGet(url, headers)));
  const firsts = times.map((t) => t.ttfb);
  return { ttfbMedian: median(firsts), ttfbLast: Math.max(...firsts), lastEnd: Math.max(...times.map((t) => t.total)) };
}

/** A built tree's server (this one, or `dir`'s), its reader, and the rendered page's bytes. */
async function target(name, dir) {
  const env = { DATABASE_URL: '', REDIS_URL: '' };
  if (dir) process.env.BENCH_SERVER_MAIN = nodePath.resolve(dir, 'server/dist/main.js');
  else delete process.env.BENCH_SERVER_MAIN;
  const server = await startServer(env);
  // A signed-in page is rendered for its user (a guest here) from their own reads, and never cached.
  const who = values.guest ? { cookie: await guestCookie(server.base) } : {};
  const rendered = await fetch(`${server.base}${path}`, { headers: who });
  const bytes = await rendered.text();
  if (!rendered.ok || !bytes.includes('data-rendered='))
    throw new Error(`${path} did not come rendered from ${name} (${rendered.status})`);
  return { name, server, who, bytes, runs: { rendered: [], shell: [], bare: [], alone: [], burst: [] } };
}

const targets = [await target('this build')];
if (values.baseline) targets.push(await target(`baseline (${values.baseline})`, values.baseline));
const bares = [];
try {
  for (const t of targets) {
    t.bare = await startBare(path, t.bytes);
    bares.push(t.bare);
  }
  console.log(
    `Page benchmark: ${path}, ${connections} connections, ${seconds} s per run, ${rounds} alternating rounds;`,
  );
  console.log(machineNote());
  for (let round = 1; round <= rounds; round += 1) {
    for (const t of targets) {
      const url = `${t.server.base}${path}`;
      const d = await measured({ url, pid: t.server.pid, connections, seconds, headers: t.who });
      const s = await measured({
        url,
        pid: t.server.pid,
        connections,
        seconds,
        headers: { ...t.who, 'x-gomeum-shell': 'bare' },
      });
      const b = await measured({ url: `${t.bare.base}${path}`, pid: t.bare.pid, connections, seconds });
      t.runs.rendered.push(d);
      t.runs.shell.push(s);
      t.runs.bare.push(b);
      t.runs.alone.push(await sequential(url, t.who));
      t.runs.burst.push(await together(url, t.who, burst));
      console.log(
        `round ${round}, ${t.name}: rendered ${d.rps.toFixed(0)} req/s ${d.cpuPerRequestMs.toFixed(3)} ms CPU/req | shell ${s.cpuPerRequestMs.toFixed(3)} | bare ${b.cpuPerRequestMs.toFixed(3)} | ratio ${(d.cpuPerRequestMs / s.cpuPerRequestMs).toFixed(1)}×`,
      );
    }
  }
  const lines = [
    `\`GET ${path}\` for ${values.guest ? 'a signed-in guest' : 'a visitor'}, ${connections} connections, ${rounds} × ${seconds} s alternating${warmup > 0 ? `, each run after ${warmup} s of the same requests not counted` : ''}; ${machineNote()}.`,
    '',
    '| build | rendered: req/s | p50 / p99 ms | server CPU ms/req | bare shell CPU ms/req | ratio | ratio within a round, median | bare Fastify CPU ms/req | TTFB alone ms | whole page alone ms | burst of ' +
      `${burst}: TTFB median / last ms | errors |`,
    '| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |',
  ];
  for (const t of targets) {
    const d = summarize(t.runs.rendered);
    const s = summarize(t.runs.shell);
    const b = summarize(t.runs.bare);
    const alone = (key) => median(t.runs.alone.map((r) => r[key])).toFixed(1);
    const together = (key) => median(t.runs.burst.map((r) => r[key])).toFixed(1);
    lines.push(
      `| ${t.name}, ${Buffer.byteLength(t.bytes)} B | ${d.rps.toFixed(0)} | ${d.p50} / ${d.p99} | ${d.cpu.toFixed(3)} | ${s.cpu.toFixed(3)} | **${(d.cpu / s.cpu).toFixed(1)}×** | ${median(t.runs.rendered.map((r, i) => r.cpuPerRequestMs / t.runs.shell[i].cpuPerRequestMs)).toFixed(1)}× | ${b.cpu.toFixed(3)} | ${alone('ttfb')} | ${alone('total')} | ${together('ttfbMedian')} / ${together('ttfbLast')} | ${d.errors + s.errors + b.errors} |`,
    );
  }
  // Still rendered at the end (a read refused on the way would have sent the bare shell instead).
  for (const t of targets) {
    const after = await (await fetch(`${t.server.base}${path}`, { headers: t.who })).text();
    if (!after.includes('data-rendered=')) throw new Error(`${path} no longer came rendered from ${t.name}`);
  }
  console.log(lines.join('\n'));
  if (!process.env.BENCH_NO_RECORD) appendResults(`Page rendered by the server (${path})`, lines);
} finally {
  for (const bare of bares) await bare.stop();
  for (const t of targets) await t.server.stop();
}
