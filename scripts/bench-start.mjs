/**
 * How long the server takes to start: from launching the command to the first 200 from /healthz.
 * Compares, in the same run and interleaved (the machine's load hits all alike):
 *   - `npm start` on a built tree (what operators run; no build, the tree is current),
 *   - `node server/dist/main.js` (the same without npm),
 *   - `tsx server/src/main.ts` (the server as it ran before the build existed, TypeScript at start),
 *   - the former `npm start`: `vite build` then `tsx server/src/main.ts`.
 * Each start uses a SQLite data folder that earlier starts already migrated and seeded, as a
 * restart does. Needs the dev dependencies and a current build (`npm run build`).
 *
 *   node scripts/bench-start.mjs [--rounds 5]
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ROOT, staleReason } from './build-state.mjs';
import { freePort } from './built-server.mjs';

const rounds = Number(process.argv[process.argv.indexOf('--rounds') + 1]) || 5;

const VARIANTS = [
  { name: 'npm start (built tree)', command: 'npm', args: ['start', '--silent'] },
  {
    name: 'node server/dist/main.js',
    command: process.execPath,
    args: ['--enable-source-maps', 'server/dist/main.js'],
  },
  { name: 'tsx server/src/main.ts', command: process.execPath, args: ['--import', 'tsx', 'server/src/main.ts'] },
  {
    name: 'former npm start (vite build + tsx)',
    command: 'sh',
    // It rebuilds web/dist in place: the build is reproducible, so the same bytes come out.
    args: ['-c', 'npm run build --silent -w @gomeum/web >/dev/null && exec node --import tsx server/src/main.ts'],
  },
];

/** Starts one variant; resolves with the milliseconds until /healthz answered 200. */
async function timeStart(variant, dataDir) {
  const port = await freePort();
  const started = performance.now();
  const child = spawn(variant.command, variant.args, {
    cwd: ROOT,
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: 'warn' },
    stdio: ['ignore', 'ignore', 'inherit'],
    detached: true,
  });
  const exited = new Promise((resolve) => child.once('exit', resolve));
  try {
    for (;;) {
      if (child.exitCode !== null) throw new Error(`${variant.name} exited with ${child.exitCode}`);
      try {
        const response = await fetch(`http://127.0.0.1:${port}/healthz`);
        if (response.ok) return performance.now() - started;
      } catch {
        // not listening yet
      }
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  } finally {
    process.kill(-child.pid, 'SIGTERM');
    await exited;
  }
}

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
};

const stale = staleReason();
if (stale) {
  console.error(`The build is not current (${stale}): run npm run build first.`);
  process.exit(1);
}
const work = fs.mkdtempSync(path.join(os.tmpdir(), 'gomeum-bench-start-'));
const dataDirs = VARIANTS.map((_, index) => path.join(work, `data-${index}`));
const times = VARIANTS.map(() => []);
try {
  console.log(`Warming up (first start migrates and seeds each data folder)…`);
  for (const [index, variant] of VARIANTS.entries()) await timeStart(variant, dataDirs[index]);
  for (let round = 1; round <= rounds; round += 1) {
    for (const [index, variant] of VARIANTS.entries()) times[index].push(await timeStart(variant, dataDirs[index]));
    console.log(`round ${round}/${rounds}: ${times.map((t) => `${Math.round(t.at(-1))} ms`).join(' · ')}`);
  }
} finally {
  fs.rmSync(work, { recursive: true, force: true });
}
console.log(
  `\nStart to first 200 from /healthz, ${rounds} rounds, Node ${process.version}, load ${os
    .loadavg()
    .map((l) => l.toFixed(1))
    .join(' ')}:`,
);
console.log('| Command | median | min | max |');
console.log('| --- | --- | --- | --- |');
for (const [index, variant] of VARIANTS.entries()) {
  const t = times[index];
  console.log(
    `| ${variant.name} | ${Math.round(median(t))} ms | ${Math.round(Math.min(...t))} ms | ${Math.round(Math.max(...t))} ms |`,
  );
}
