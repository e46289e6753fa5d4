/**
 * Durable write benchmark: `routes.sendChatMessage` from signed-in guests (one per connection),
 * each acknowledged only once it is on disk (SQLite `synchronous=FULL`, or PostgreSQL's commit),
 * against bare Fastify answering the same bytes, in alternating runs. The operator is away and no
 * AI key is set, so each message also stores Gomeum's fallback answer, as in production without
 * a key. Prints messages/s, p50/p99 and server CPU per message; keeps its table in bench/runs/.
 *
 *   npm run build && node bench/write.mjs [--rounds 3] [--seconds 10] [--connections 50]
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/test node bench/write.mjs   # on PostgreSQL
 */
import { parseArgs } from 'node:util';
import { appendResults, benchDatabase, load, machineNote, rssMiB, startBare, startServer, summarize } from './lib.mjs';
import { routeTable } from '../scripts/built-server.mjs';

const { routes } = await routeTable();

const { values } = parseArgs({
  options: {
    rounds: { type: 'string', default: '3' },
    seconds: { type: 'string', default: '10' },
    connections: { type: 'string', default: '50' },
  },
});
const rounds = Number(values.rounds);
const seconds = Number(values.seconds);
const connections = Number(values.connections);

const database = await benchDatabase('bench_write');
const { engine } = database;
const server = await startServer(database.env);
let bare;
try {
  const cookies = [];
  for (let i = 0; i < connections; i += 1) {
    const guest = await fetch(`${server.base}${routes.guest.path}`, { method: 'POST' });
    if (!guest.ok) throw new Error(`guest: ${guest.status}`);
    cookies.push(
      guest.headers
        .getSetCookie()
        .map((c) => c.split(';')[0])
        .join('; '),
    );
  }
  const path = routes.sendChatMessage.path;
  const body = JSON.stringify({ content: 'I practised the piano for twenty minutes tonight!' });
  const sample = await fetch(`${server.base}${path}`, {
    method: 'POST',
    headers: { cookie: cookies[0], 'content-type': 'application/json' },
    body,
  });
  const bytes = await sample.text();
  if (!sample.ok) throw new Error(`send: ${sample.status} ${bytes}`);

  bare = await startBare(path, bytes, 'POST');
  console.log(`Write benchmark on ${engine}: ${connections} connections (a guest each), ${seconds} s per run,`);
  console.log(`${rounds} alternating rounds; ${machineNote()}`);

  // One guest per connection: autocannon hands each connection its own cookie.
  const requests = [{ method: 'POST', path, body, headers: { 'content-type': 'application/json' } }];
  let next = 0;
  const perConnection = {
    requests,
    setupClient: (client) => {
      client.setHeaders({ cookie: cookies[next % cookies.length], 'content-type': 'application/json' });
      next += 1;
    },
  };

  const results = { gomeum: [], bare: [] };
  for (let round = 1; round <= rounds; round += 1) {
    const b = await load({
      url: `${bare.base}${path}`,
      pid: bare.pid,
      connections,
      seconds,
      method: 'POST',
      body,
      headers: { 'content-type': 'application/json' },
    });
    const g = await load({ url: `${server.base}${path}`, pid: server.pid, connections, seconds, ...perConnection });
    results.bare.push(b);
    results.gomeum.push(g);
    console.log(
      `round ${round}: gomeum ${g.rps.toFixed(0)} msg/s p99 ${g.p99} ms ${g.cpuPerRequestMs.toFixed(3)} ms CPU/msg (${g.errors} errors) | bare ${b.rps.toFixed(0)} req/s ${b.cpuPerRequestMs.toFixed(3)} ms CPU/req`,
    );
  }
  const g = summarize(results.gomeum);
  const b = summarize(results.bare);
  const lines = [
    `${engine}, durable (\`synchronous=FULL\` on SQLite), ${connections} connections, ${rounds} × ${seconds} s alternating; ${machineNote()}.`,
    '',
    '| target | req/s | p50 ms | p99 ms | server CPU ms/req | errors |',
    '| --- | ---: | ---: | ---: | ---: | ---: |',
    `| Gomeum \`POST ${path}\` | ${g.rps.toFixed(0)} | ${g.p50} | ${g.p99} | ${g.cpu.toFixed(3)} | ${g.errors} |`,
    `| bare Fastify, same reply | ${b.rps.toFixed(0)} | ${b.p50} | ${b.p99} | ${b.cpu.toFixed(3)} | ${b.errors} |`,
    '',
    `Server RSS after the runs ${rssMiB(server.pid).toFixed(0)} MiB.`,
  ];
  console.log(lines.join('\n'));
  if (!process.env.BENCH_NO_RECORD) appendResults(`Durable write (${engine})`, lines);
} finally {
  await bare?.stop();
  await server.stop();
  await database.drop();
}
