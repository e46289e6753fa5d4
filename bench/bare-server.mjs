/**
 * The baseline for the benchmarks: a bare Fastify server in a process of its own that answers
 * `METHOD <path>` (GET unless named) with the bytes of a file, as JSON (already compressed in
 * ENCODING when one is named). Prints its port on stdout when listening.
 *
 *   node bench/bare-server.mjs FILE PATH [METHOD] [ENCODING]
 */
import fs from 'node:fs';
import Fastify from 'fastify';

const [file, route, method = 'GET', encoding] = process.argv.slice(2);
const bytes = fs.readFileSync(file);
const app = Fastify({ logger: false });
app.route({
  method,
  url: route,
  handler: (_request, reply) => {
    reply.header('content-type', 'application/json; charset=utf-8');
    if (encoding) reply.header('content-encoding', encoding).header('vary', 'accept-encoding');
    reply.send(bytes);
  },
});
await app.listen({ port: 0, host: '127.0.0.1' });
console.log(app.server.address().port);
process.on('SIGTERM', () => void app.close().then(() => process.exit(0)));
