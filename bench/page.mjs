/**
 * Page benchmark: the page `/register` as the server draws it for a visitor (its render, see
 * server/src/features/web/page-render.ts) against the same page as the bare shell the service
 * worker keeps (`X-Gomeum-Shell: bare`: no render), on the same server in alternating runs, and
 * bare Fastify returning the drawn page's bytes. Prints req/s, p50/p99 latency and server CPU per
 * request, and the ratios; keeps its table in bench/runs/.
 *
 *   npm run build && node bench/page.mjs [--rounds 3] [--seconds 10] [--connections 10] [--path /register]
 *   node bench/page.mjs --path /task/music --guest   a signed-in user's page (a guest's), drawn from their reads
 */
import { parseArgs } from 'node:util';
import { appendResults, guestCookie, load, machineNote, startBare, startServer, summarize } from './lib.mjs';

const { values } = parseArgs({
  options: {
    rounds: { type: 'string', default: '3' },
    seconds: { type: 'string', default: '10' },
    connections: { type: 'string', default: '10' },
    path: { type: 'string', default: '/register' },
    guest: { type: 'boolean', default: false },
  },
});
const rounds = Number(values.rounds);
const seconds = Number(values.seconds);
const connections = Number(values.connections);
const path = values.path;

const server = await startServer({ DATABASE_URL: '', REDIS_URL: '' });
let bare;
try {
  // A signed-in page is drawn for its user (a guest here) from their own reads, and never kept.
  const who = values.guest ? { cookie: await guestCookie(server.base) } : {};
  const drawn = await fetch(`${server.base}${path}`, { headers: who });
  const bytes = await drawn.text();
  if (!drawn.ok || !bytes.includes('data-rendered=')) throw new Error(`${path} did not come drawn (${drawn.status})`);
  bare = await startBare(path, bytes);

  console.log(`Page benchmark: ${path}, ${Buffer.byteLength(bytes)} bytes drawn, ${connections} connections,`);
  console.log(`${seconds} s per run, ${rounds} alternating rounds; ${machineNote()}`);

  const results = { drawn: [], shell: [], bare: [] };
  for (let round = 1; round <= rounds; round += 1) {
    const d = await load({ url: `${server.base}${path}`, pid: server.pid, connections, seconds, headers: who });
    const s = await load({
      url: `${server.base}${path}`,
      pid: server.pid,
      connections,
      seconds,
      headers: { ...who, 'x-gomeum-shell': 'bare' },
    });
    const b = await load({ url: `${bare.base}${path}`, pid: bare.pid, connections, seconds });
    results.drawn.push(d);
    results.shell.push(s);
    results.bare.push(b);
    console.log(
      `round ${round}: drawn ${d.rps.toFixed(0)} req/s ${d.cpuPerRequestMs.toFixed(3)} ms CPU/req | shell ${s.rps.toFixed(0)} req/s ${s.cpuPerRequestMs.toFixed(3)} ms CPU/req | bare ${b.rps.toFixed(0)} req/s ${b.cpuPerRequestMs.toFixed(3)} ms CPU/req`,
    );
  }
  const d = summarize(results.drawn);
  const s = summarize(results.shell);
  const b = summarize(results.bare);
  const row = (name, r) =>
    `| ${name} | ${r.rps.toFixed(0)} | ${r.p50} | ${r.p99} | ${r.cpu.toFixed(3)} | ${r.errors} |`;
  const lines = [
    `\`GET ${path}\` for ${values.guest ? 'a signed-in guest' : 'a visitor'}, ${connections} connections, ${rounds} × ${seconds} s alternating; ${machineNote()}.`,
    '',
    '| target | req/s | p50 ms | p99 ms | server CPU ms/req | errors |',
    '| --- | ---: | ---: | ---: | ---: | ---: |',
    row('Gomeum, page drawn', d),
    row('Gomeum, bare shell (no render)', s),
    row('bare Fastify, the drawn bytes', b),
    '',
    `Drawing the page: **${(d.cpu - s.cpu).toFixed(2)} ms of server CPU per request** (${(d.cpu / s.cpu).toFixed(1)}× the bare shell's, ${(d.cpu / b.cpu).toFixed(1)}× bare Fastify's).`,
  ];
  // Still drawn at the end (a read refused on the way would have sent the bare shell instead).
  const after = await (await fetch(`${server.base}${path}`, { headers: who })).text();
  if (!after.includes('data-rendered=')) throw new Error(`${path} no longer came drawn after the runs`);
  console.log(lines.join('\n'));
  if (!process.env.BENCH_NO_RECORD) appendResults(`Page drawn by the server (${path})`, lines);
} finally {
  await bare?.stop();
  await server.stop();
}
