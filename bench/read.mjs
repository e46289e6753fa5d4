/**
 * Read benchmark: an authenticated read of `routes.taskLogs` of the music planet, 20 a page (a user's 20 proofs),
 * against the same bytes returned by a bare Fastify route, in alternating runs. Prints req/s,
 * p50/p99 latency and server CPU per request for both, and their ratio; keeps its table in
 * bench/runs/.
 *
 *   npm run build && node bench/read.mjs [--rounds 3] [--seconds 10] [--connections 50]
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/test node bench/read.mjs   # on PostgreSQL
 *   node bench/read.mjs --accept-encoding 'gzip, deflate, br'   # as a browser asks (compressed replies)
 *
 * With DATABASE_URL, the server runs on a database of its own (created, then dropped).
 */
import http from 'node:http';
import { parseArgs } from 'node:util';
import { appendResults, benchDatabase, load, machineNote, rssMiB, startBare, startServer, summarize } from './lib.mjs';
import { routeTable } from '../scripts/built-server.mjs';

const { routes, routeUrl } = await routeTable();

const { values } = parseArgs({
  options: {
    rounds: { type: 'string', default: '3' },
    seconds: { type: 'string', default: '10' },
    connections: { type: 'string', default: '50' },
    // Sent with every request; the baseline then returns the same compressed bytes.
    'accept-encoding': { type: 'string' },
  },
});
const rounds = Number(values.rounds);
const seconds = Number(values.seconds);
const connections = Number(values.connections);
const acceptEncoding = values['accept-encoding'];
const encodingHeaders = acceptEncoding ? { 'accept-encoding': acceptEncoding } : {};

/** A GET's status, headers and body bytes as they came (fetch would decompress them). */
function rawGet(url, headers) {
  return new Promise((resolve, reject) => {
    http
      .get(url, { headers }, (response) => {
        const chunks = [];
        response.on('data', (chunk) => chunks.push(chunk));
        response.on('end', () =>
          resolve({ status: response.statusCode, headers: response.headers, body: Buffer.concat(chunks) }),
        );
      })
      .on('error', reject);
  });
}

const database = await benchDatabase('bench_read');
const { engine } = database;
const server = await startServer(database.env);
let bare;
try {
  // A user with a task and 20 proofs on the music planet.
  const guest = await fetch(`${server.base}${routes.guest.path}`, { method: 'POST' });
  const cookie = guest.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
  const confirm = await fetch(`${server.base}${routeUrl(routes.confirmTask, { planetId: 'music' })}`, {
    method: 'PUT',
    headers: { cookie, 'content-type': 'application/json' },
    body: JSON.stringify({ description: 'Play the piano every evening this week', reward: 'A concert ticket' }),
  });
  if (!confirm.ok) throw new Error(`confirm task: ${confirm.status}`);
  for (let i = 1; i <= 20; i += 1) {
    const form = new FormData();
    form.set('date', `2026-11-${String(i).padStart(2, '0')}`);
    form.set('title', `Evening practice ${i}`);
    form.set(
      'content',
      `Played scales for twenty minutes, then the slow movement of the sonata twice. ${'♪'.repeat(i)}`,
    );
    const proof = await fetch(`${server.base}${routeUrl(routes.submitProof, { planetId: 'music' })}`, {
      method: 'POST',
      headers: { cookie },
      body: form,
    });
    if (!proof.ok) throw new Error(`proof ${i}: ${proof.status}`);
  }
  const path = routeUrl(routes.taskLogs, { planetId: 'music' }, { limit: 20 });
  const sample = await rawGet(`${server.base}${path}`, { cookie, ...encodingHeaders });
  const bytes = sample.body;
  if (sample.status !== 200) throw new Error(`read: ${sample.status}`);
  const encoding = sample.headers['content-encoding'];

  // The baseline: bare Fastify returning the same bytes (compressed as the app sent them), in a process of its own.
  bare = await startBare(routeUrl(routes.taskLogs, { planetId: 'music' }), bytes, 'GET', encoding);
  const bareUrl = `${bare.base}${path}`;

  const what = encoding ? `${bytes.length} bytes of JSON in ${encoding}` : `${bytes.length} bytes of JSON`;
  console.log(`Read benchmark on ${engine}: ${what}, ${connections} connections,`);
  console.log(`${seconds} s per run, ${rounds} alternating rounds; ${machineNote()}`);

  const results = { gomeum: [], bare: [] };
  for (let round = 1; round <= rounds; round += 1) {
    const b = await load({ url: bareUrl, pid: bare.pid, connections, seconds, headers: encodingHeaders });
    const g = await load({
      url: `${server.base}${path}`,
      pid: server.pid,
      connections,
      seconds,
      headers: { cookie, ...encodingHeaders },
    });
    results.bare.push(b);
    results.gomeum.push(g);
    console.log(
      `round ${round}: gomeum ${g.rps.toFixed(0)} req/s p99 ${g.p99} ms ${g.cpuPerRequestMs.toFixed(3)} ms CPU/req (${g.errors} errors) | bare ${b.rps.toFixed(0)} req/s ${b.cpuPerRequestMs.toFixed(3)} ms CPU/req`,
    );
  }
  const g = summarize(results.gomeum);
  const b = summarize(results.bare);
  const rss = rssMiB(server.pid);
  const lines = [
    `${engine}, ${bytes.length} B reply${encoding ? ` (${encoding}, asked with \`Accept-Encoding: ${acceptEncoding}\`)` : ''}, ${connections} connections, ${rounds} × ${seconds} s alternating; ${machineNote()}.`,
    '',
    '| target | req/s | p50 ms | p99 ms | server CPU ms/req | errors |',
    '| --- | ---: | ---: | ---: | ---: | ---: |',
    `| Gomeum \`GET ${path}\` | ${g.rps.toFixed(0)} | ${g.p50} | ${g.p99} | ${g.cpu.toFixed(3)} | ${g.errors} |`,
    `| bare Fastify, same bytes | ${b.rps.toFixed(0)} | ${b.p50} | ${b.p99} | ${b.cpu.toFixed(3)} | ${b.errors} |`,
    '',
    `CPU per request: **${(g.cpu / b.cpu).toFixed(1)}× bare Fastify's**; server RSS after the runs ${rss.toFixed(0)} MiB.`,
  ];
  console.log(lines.join('\n'));
  if (!process.env.BENCH_NO_RECORD) appendResults(`Read (${engine})`, lines);
} finally {
  await bare?.stop();
  await server.stop();
  await database.drop();
}
