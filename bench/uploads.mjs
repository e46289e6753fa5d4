/**
 * Animated uploads against everyone else: four guests each post a proof with an
 * 82 KB GIF of 48 frames at 1000×1000 (under the 50-megapixel limit) at the same moment, while an
 * account signs in again and again. Prints each upload's status and time, and the sign-ins' times
 * while the uploads ran (median and slowest); keeps its table in bench/runs/. The targets: every
 * sign-in within 1 s, every upload answered within 30 s with its outcome.
 *
 *   npm run build -w @gomeum/server && npm run bench:uploads -- [--uploads 4] [--rounds 3]
 *   BENCH_SERVER_MAIN=/elsewhere/server/dist/main.js node bench/uploads.mjs   # another build
 */
import { parseArgs } from 'node:util';
import sharp from 'sharp';
import { appendResults, machineNote, startServer } from './lib.mjs';
import { routeTable } from '../scripts/built-server.mjs';

const { routes, routeUrl } = await routeTable();

const { values } = parseArgs({
  options: { uploads: { type: 'string', default: '4' }, rounds: { type: 'string', default: '3' } },
});
const uploads = Number(values.uploads);
const rounds = Number(values.rounds);

/** The GIF of the finding: 48 frames of 1000×1000, each a flat colour (about 82 KB). */
async function animatedGif() {
  const frames = await Promise.all(
    Array.from({ length: 48 }, (_, i) =>
      sharp({ create: { width: 1000, height: 1000, channels: 3, background: { r: (i * 37) % 256, g: 120, b: 80 } } })
        .png()
        .toBuffer(),
    ),
  );
  return sharp(frames, { join: { animated: true } })
    .gif()
    .toBuffer();
}

const cookieOf = (response) =>
  response.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;

const gif = await animatedGif();
const server = await startServer();
const lines = [];
try {
  const account = { email: 'bench-login@example.com', password: 'a-bench-password-77' };
  const registered = await fetch(`${server.base}${routes.register.path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(account),
  });
  if (!registered.ok) throw new Error(`register: ${registered.status} ${await registered.text()}`);
  console.log(`${uploads} uploads of a ${(gif.length / 1024).toFixed(0)} KB GIF (48 frames, 1000×1000) at once,`);
  console.log(`sign-ins one after another meanwhile; ${rounds} rounds; ${machineNote()}`);
  lines.push(
    `${uploads} proofs with a ${(gif.length / 1024).toFixed(0)} KB GIF of 48 frames at 1000×1000 posted at once by`,
    `${uploads} guests, while one account signs in again and again (\`node bench/uploads.mjs\`); ${machineNote()}.`,
    '',
    '| round | uploads: status, seconds | sign-ins during them | median | slowest |',
    '| ----- | ------------------------ | -------------------- | ------ | ------- |',
  );
  for (let round = 1; round <= rounds; round += 1) {
    const cookies = [];
    for (let i = 0; i < uploads; i += 1) {
      const guest = await fetch(`${server.base}${routes.guest.path}`, { method: 'POST' });
      const cookie = cookieOf(guest);
      const task = await fetch(`${server.base}${routeUrl(routes.confirmTask, { planetId: 'music' })}`, {
        method: 'PUT',
        headers: { cookie, 'content-type': 'application/json' },
        body: JSON.stringify({ description: 'Draw a flip-book every evening', reward: 'New pencils' }),
      });
      if (!task.ok) throw new Error(`task: ${task.status}`);
      cookies.push(cookie);
    }
    const started = performance.now();
    let running = uploads;
    const results = cookies.map(async (cookie) => {
      const form = new FormData();
      form.set('date', '2026-11-20');
      form.set('title', 'A flip-book');
      form.set('content', 'Forty-eight pages of a cat jumping over the moon.');
      form.set('image', new Blob([gif], { type: 'image/gif' }), 'flip-book.gif');
      try {
        const response = await fetch(`${server.base}${routeUrl(routes.submitProof, { planetId: 'music' })}`, {
          method: 'POST',
          headers: { cookie },
          body: form,
          signal: AbortSignal.timeout(120_000),
        });
        await response.arrayBuffer();
        return { status: response.status, seconds: (performance.now() - started) / 1000 };
      } catch (error) {
        return { status: error.name, seconds: (performance.now() - started) / 1000 };
      } finally {
        running -= 1;
      }
    });
    // Sign-ins one after another while any upload is still running.
    const logins = [];
    while (running > 0) {
      const at = performance.now();
      const login = await fetch(`${server.base}${routes.login.path}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(account),
      });
      await login.arrayBuffer();
      if (!login.ok) throw new Error(`login: ${login.status}`);
      logins.push((performance.now() - at) / 1000);
    }
    const done = await Promise.all(results);
    const described = done.map((r) => `${r.status} ${r.seconds.toFixed(2)}`).join(', ');
    const row = `| ${round} | ${described} | ${logins.length} | ${median(logins).toFixed(3)} s | ${Math.max(...logins).toFixed(3)} s |`;
    console.log(row);
    lines.push(row);
  }
} finally {
  await server.stop();
}
appendResults('Animated uploads and sign-ins', lines);
