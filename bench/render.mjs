/**
 * The render alone, in the process: `renderPage` of a built `web/dist-ssr/entry-server.js` for a
 * signed-in guest's page, its reads answered from memory (recorded once from a running server), in
 * en, zh and ko in turn, against another build's render module in the same process, round by round
 * (the first two rounds warm up). Prints CPU ms per render of each; fails when their HTML differs.
 *
 *   npm run build && node bench/render.mjs --path /task/music --baseline DIR [--renders 400] [--rounds 8]
 */
import path from 'node:path';
import { Writable } from 'node:stream';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { guestCookie, machineNote, ROOT, startServer } from './lib.mjs';

const { values } = parseArgs({
  options: {
    path: { type: 'string', default: '/task/music' },
    baseline: { type: 'string' },
    renders: { type: 'string', default: '400' },
    rounds: { type: 'string', default: '8' },
  },
});
const renders = Number(values.renders);
const rounds = Number(values.rounds);
const trees = [ROOT, ...(values.baseline ? [path.resolve(values.baseline)] : [])];
const modules = [];
for (const tree of trees)
  modules.push(await import(pathToFileURL(path.join(tree, 'web/dist-ssr/entry-server.js')).href));

const server = await startServer({ DATABASE_URL: '', REDIS_URL: '' });
const cookie = await guestCookie(server.base);
const replies = new Map();
const live = async (url) => {
  const response = await fetch(`${server.base}${url}`, { headers: { cookie } });
  const reply = { status: response.status, body: await response.json() };
  replies.set(url, reply);
  return reply;
};
const recorded = async (url) => structuredClone(replies.get(url));

/** One render of the page, streamed to the end, with its state and art taken as the server takes them. */
async function render(module, read, language) {
  const page = await module.renderPage({ url: values.path, language, nonce: 'bench', read });
  if (!page) throw new Error(`${values.path} was not rendered`);
  let html = '';
  const sink = new Writable({
    write(chunk, _encoding, done) {
      html += chunk;
      done();
    },
  });
  await new Promise((resolve) => {
    sink.on('finish', resolve);
    page.pipe(sink);
  });
  JSON.stringify(page.state());
  page.sprites();
  return html;
}

const first = [];
for (const module of modules) first.push(await render(module, live, 'en'));
await server.stop();
if (new Set(first).size !== 1) throw new Error('the builds render different HTML');

const cpu = modules.map(() => 0);
for (let round = 0; round < rounds; round += 1) {
  for (const [at, module] of modules.entries()) {
    const start = process.cpuUsage();
    for (let i = 0; i < renders; i += 1) {
      await render(module, recorded, ['en', 'zh', 'ko'][i % 3]);
      // Back to the event loop now and then, as a server is.
      if (i % 10 === 0) await new Promise((resolve) => setImmediate(resolve));
    }
    const used = process.cpuUsage(start);
    if (round >= 2) cpu[at] += (used.user + used.system) / 1000 / renders / (rounds - 2);
  }
}
console.log(`${values.path}, ${renders} renders × ${rounds} rounds (2 to warm up); ${machineNote()}`);
for (const [at, tree] of trees.entries())
  console.log(`${at === 0 ? 'this build' : `baseline (${tree})`}: ${cpu[at].toFixed(3)} ms CPU per render`);
