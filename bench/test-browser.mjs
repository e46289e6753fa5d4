/**
 * What a browser test costs in each of Debian's two Chromium builds: the full browser
 * (/usr/bin/chromium, where push is tested) and its headless shell (/usr/bin/chromium-headless-shell,
 * package chromium-headless-shell, where the browser suite's other files run when it is installed). In
 * alternating rounds, each build is launched with the suite's flags and runs the work of a typical
 * browser test file: six fresh profiles, each entering as a guest and opening three pages until the
 * browser is idle. Prints the wall time and the CPU the browser's processes used (user and system,
 * read from this process's reaped children once the browser has closed), their medians and the
 * ratio shell ÷ full.
 *
 *   npm run build && node bench/test-browser.mjs [--rounds 3] [--profiles 6]
 */
import fs from 'node:fs';
import { parseArgs } from 'node:util';
import { chromium } from 'playwright-core';
import { CHROMIUM_FLAGS } from '../scripts/serve-build.mjs';
import { appendResults, CLOCK_TICKS, machineNote, median, startServer } from './lib.mjs';

const { values } = parseArgs({
  options: { rounds: { type: 'string', default: '3' }, profiles: { type: 'string', default: '6' } },
});
const rounds = Number(values.rounds);
const profiles = Number(values.profiles);

const BUILDS = { full: '/usr/bin/chromium', shell: '/usr/bin/chromium-headless-shell' };
for (const [name, file] of Object.entries(BUILDS)) {
  if (!fs.existsSync(file))
    throw new Error(`${name}: ${file} is missing (apt-get install chromium chromium-headless-shell)`);
}

/** CPU seconds (user, system) of this process's children that have ended and been reaped. */
function reapedCpu() {
  const stat = fs.readFileSync('/proc/self/stat', 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return { user: Number(fields[13]) / CLOCK_TICKS, system: Number(fields[14]) / CLOCK_TICKS };
}

const server = await startServer({ DATABASE_URL: '', REDIS_URL: '' });

/** One round in `executablePath`: the browser launched, the profiles' work, the browser closed. */
async function round(executablePath) {
  const before = reapedCpu();
  const started = performance.now();
  const browser = await chromium.launch({ executablePath, args: CHROMIUM_FLAGS });
  for (let i = 0; i < profiles; i += 1) {
    const context = await browser.newContext({
      baseURL: server.base,
      reducedMotion: 'reduce',
      viewport: { width: 1280, height: 800 },
    });
    const page = await context.newPage();
    await page.goto('/register');
    await page.getByRole('button', { name: 'Enter as a guest' }).click();
    await page.waitForURL('**/galaxy');
    for (const path of ['/planet/music', '/task/music', '/planet/moon']) {
      await page.goto(path);
      // Bounded: in the headless shell an idle period sometimes does not begin on a fresh profile's
      // first page (docs/BENCHMARKS.md, "Test suite times").
      await page.evaluate(
        () => new Promise((resolve) => globalThis.requestIdleCallback(() => resolve(undefined), { timeout: 10_000 })),
      );
    }
    await context.close();
  }
  await browser.close();
  const after = reapedCpu();
  return {
    wall: (performance.now() - started) / 1000,
    user: after.user - before.user,
    system: after.system - before.system,
  };
}

console.log(
  `Browser cost of a test file: ${profiles} profiles × 4 pages, ${rounds} alternating rounds; ${machineNote()}`,
);
const runs = { full: [], shell: [] };
try {
  for (let i = 0; i < rounds; i += 1) {
    for (const [name, file] of Object.entries(BUILDS)) {
      const result = await round(file);
      runs[name].push(result);
      console.log(
        `  ${name.padEnd(5)} wall ${result.wall.toFixed(1)} s, CPU ${(result.user + result.system).toFixed(1)} s (user ${result.user.toFixed(1)}, system ${result.system.toFixed(1)})`,
      );
    }
  }
} finally {
  await server.stop();
}

const summary = Object.fromEntries(
  Object.entries(runs).map(([name, list]) => [
    name,
    { wall: median(list.map((r) => r.wall)), cpu: median(list.map((r) => r.user + r.system)) },
  ]),
);
const lines = [
  '| build | wall (median) | browser CPU (median) |',
  '| ----- | ------------- | -------------------- |',
  ...Object.entries(summary).map(([name, s]) => `| ${name} | ${s.wall.toFixed(1)} s | ${s.cpu.toFixed(1)} s |`),
  '',
  `shell ÷ full: wall ${(summary.shell.wall / summary.full.wall).toFixed(2)}, CPU ${(summary.shell.cpu / summary.full.cpu).toFixed(2)}`,
  '',
  machineNote(),
];
console.log(`\n${lines.join('\n')}`);
appendResults('test browser', lines);
