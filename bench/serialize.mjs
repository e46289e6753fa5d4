/**
 * Reply serialization alone, in one process: a page of 20 proofs (`routes.taskLogs`)
 * written by the function compiled from its schema (what the server uses), against zod's parse and
 * `JSON.stringify` (what it used before, and still uses for a schema JSON Schema cannot say).
 * Interleaved rounds, medians; no server, no network, so the figure moves little between runs.
 *
 *   node --import tsx bench/serialize.mjs [--rounds 9] [--calls 5000]
 */
import { parseArgs } from 'node:util';
import { routes, routeUrl } from '../packages/contracts/src/route-table.ts';
import { taskLogListSchema } from '../packages/contracts/src/tasks.ts';
import { compiledSerializer, parsingSerializer } from '../server/src/lib/zod-provider.ts';

const { values } = parseArgs({
  options: { rounds: { type: 'string', default: '9' }, calls: { type: 'string', default: '5000' } },
});
const rounds = Number(values.rounds);
const calls = Number(values.calls);

// The read benchmark's page: 20 proofs as the repository maps them (a third with a reaction).
const items = Array.from({ length: 20 }, (_, i) => ({
  id: `0b8f2f0e-5d0c-4d55-9c3e-${String(i).padStart(12, '0')}`,
  planet: 'music',
  date: `2026-11-${String(i + 1).padStart(2, '0')}`,
  title: `Evening practice ${i + 1}`,
  content: `Played scales for twenty minutes, then the slow movement of the sonata twice. ${'♪'.repeat(i + 1)}`,
  imageUrl:
    i % 2 === 0 ? null : routeUrl(routes.file, { folder: 'proofs', name: `${String(i).padStart(22, 'x')}.webp` }),
  createdAt: 1795825223410 + i,
  reaction:
    i % 3 === 0 ? { logId: String(i), planet: 'music', sender: 'gomeum', content: 'Lovely!', createdAt: 1 } : null,
}));
const reply = { items };

const compiled = compiledSerializer(taskLogListSchema);
if (!compiled) throw new Error('the page of proofs did not compile');
const parsing = parsingSerializer(taskLogListSchema);
// Field order may differ (required fields first); the fields and values may not.
const sorted = (value) =>
  Array.isArray(value)
    ? value.map(sorted)
    : value && typeof value === 'object'
      ? Object.fromEntries(
          Object.keys(value)
            .sort()
            .map((key) => [key, sorted(value[key])]),
        )
      : value;
if (JSON.stringify(sorted(JSON.parse(compiled(reply)))) !== JSON.stringify(sorted(JSON.parse(parsing(reply))))) {
  throw new Error('the two serializers disagree');
}

function microsPerCall(serialize) {
  const start = process.hrtime.bigint();
  for (let i = 0; i < calls; i += 1) serialize(reply);
  return Number(process.hrtime.bigint() - start) / calls / 1000;
}
for (let i = 0; i < 3000; i += 1) {
  compiled(reply);
  parsing(reply);
}
const times = { compiled: [], parsing: [] };
for (let r = 0; r < rounds; r += 1) {
  times.compiled.push(microsPerCall(compiled));
  times.parsing.push(microsPerCall(parsing));
}
const median = (list) => [...list].sort((a, b) => a - b)[list.length >> 1];
const bytes = Buffer.byteLength(compiled(reply));
console.log(`A page of 20 proofs (${bytes} bytes of JSON), ${rounds} interleaved rounds of ${calls} calls:`);
console.log(`  compiled from the schema: ${median(times.compiled).toFixed(1)} µs per reply`);
console.log(`  zod parse + JSON.stringify: ${median(times.parsing).toFixed(1)} µs per reply`);
console.log(`  ratio: ${(median(times.parsing) / median(times.compiled)).toFixed(2)}×`);
