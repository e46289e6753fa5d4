/**
 * `npm run bench:hydration`: how long the main thread is blocked while the app hydrates a page the
 * server rendered, run after run in a cold Chromium, as Lighthouse's mobile preset would count it; and the same
 * for another build in alternating runs, so that two builds are compared on the same machine at the
 * same moment.
 *
 * Lighthouse's TBT on a shared machine moves between sets of five runs by more than a change to
 * the app moves it (docs/BENCHMARKS.md). This measures what TBT is made of, for many more runs in
 * the same time: each load is traced (in a fresh browser, as one guest per server), and every main-thread task
 * after the first contentful paint, until 3 s after the load, is read off the trace. `blocking` is
 * what the mobile preset's simulation makes of them: a phone 4× slower, and each task's part over
 * 50 ms (Σ max(0, 4 × task − 50)). `longest` is the longest task as measured here. And the CPU
 * time the page's renderer and the GPU process used from the navigation until then (from /proc):
 * on a machine of few cores, what the other threads and processes use is taken from the main thread.
 *
 * Options: --routes=/planet/moon,/task/music --runs=10
 *          --targets=before=http://127.0.0.1:3472,after=http://127.0.0.1:3473 (default: the current
 *          build, served as bench-lighthouse.mjs serves it; `--web-dist=DIR` adds a second server of
 *          it with another build of the web app, as `other`)
 * CHROME_PATH picks the browser (default /usr/bin/chromium).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium } from 'playwright-core';
import { guestCookie } from '../bench/lib.mjs';
import { CHROMIUM_FLAGS, median, optionsOf, startServer } from './serve-build.mjs';

const args = optionsOf();
const runs = Number(args.runs ?? 10);
const routes = (args.routes ?? '/planet/moon,/task/music,/galaxy').split(',');
const chromePath = process.env.CHROME_PATH || '/usr/bin/chromium';
const CPU_SLOWDOWN = 4;
const BLOCKING_FROM_MS = 50;
const AFTER_LOAD_MS = 3000;
/** The kernel's clock ticks per second, in which /proc counts CPU time. */
const CLOCK_TICKS = 100;

/** The browser's processes (pid → kind: browser, renderer, gpu-process, …), read from /proc. */
function browserProcesses() {
  const found = new Map();
  for (const pid of fs.readdirSync('/proc').filter((name) => /^\d+$/.test(name))) {
    try {
      // (Chromium's child processes write their whole command line into their first argument.)
      const command = fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8').replaceAll('\0', ' ');
      if (!command.startsWith(chromePath) && !command.includes('/chromium ')) continue;
      found.set(pid, /--type=(\S+)/.exec(command)?.[1] ?? 'browser');
    } catch {
      // Gone meanwhile.
    }
  }
  return found;
}

/** CPU time (user and system, ms) each of `pids` has used so far. */
function cpuOf(pids) {
  const used = new Map();
  for (const pid of pids) {
    try {
      const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      used.set(pid, ((Number(fields[11]) + Number(fields[12])) * 1000) / CLOCK_TICKS);
    } catch {
      used.set(pid, 0);
    }
  }
  return used;
}

/**
 * Loads `route` signed in (`cookie`) in a new browser; returns the main thread's tasks after FCP
 * (ms), and the CPU time the page's renderer and the GPU process used from the navigation until 3 s
 * after the load (ms: the compositor's drawing of every frame is the GPU process's, here in software).
 */
async function tasksOf(base, route, cookie) {
  const before = new Set(browserProcesses().keys());
  const browser = await chromium.launch({
    executablePath: chromePath,
    args: CHROMIUM_FLAGS,
  });
  const cpu = { renderer: 0, gpu: 0 };
  const tracePath = path.join(os.tmpdir(), `gomeum-hydration-${process.pid}.json`);
  try {
    // A phone's screen, as Lighthouse's mobile preset.
    const context = await browser.newContext({ viewport: { width: 412, height: 823 } });
    await context.addCookies(
      cookie.split('; ').map((pair) => {
        const [name = '', ...value] = pair.split('=');
        return { name, value: value.join('='), url: base };
      }),
    );
    const page = await context.newPage();
    await browser.startTracing(page, {
      path: tracePath,
      categories: ['devtools.timeline', 'disabled-by-default-devtools.timeline', 'loading'],
    });
    const ours = () => [...browserProcesses()].filter(([pid]) => !before.has(pid));
    const start = cpuOf(ours().map(([pid]) => pid));
    await page.goto(base + route, { waitUntil: 'load' });
    await page.waitForTimeout(AFTER_LOAD_MS);
    // (A process started meanwhile, such as the page's own renderer, counts from zero.)
    const kinds = new Map(ours());
    const end = cpuOf(kinds.keys());
    for (const [pid, ms] of end) {
      const used = ms - (start.get(pid) ?? 0);
      if (kinds.get(pid) === 'renderer') cpu.renderer += used;
      if (kinds.get(pid) === 'gpu-process') cpu.gpu += used;
    }
    await browser.stopTracing();
  } finally {
    await browser.close();
  }
  const events = JSON.parse(fs.readFileSync(tracePath, 'utf8')).traceEvents;
  fs.rmSync(tracePath, { force: true });
  const fcp = events.find((event) => event.name === 'firstContentfulPaint');
  if (!fcp) throw new Error(`${route}: no first contentful paint in the trace`);
  const tasks = events
    .filter((e) => e.name === 'RunTask' && e.ph === 'X' && e.pid === fcp.pid && e.tid === fcp.tid && e.ts >= fcp.ts)
    .map((e) => e.dur / 1000);
  return { tasks, cpu };
}

const blockingOf = (tasks) => tasks.reduce((sum, ms) => sum + Math.max(0, CPU_SLOWDOWN * ms - BLOCKING_FROM_MS), 0);

const servers = [];
try {
  let targets;
  if (args.targets) {
    targets = args.targets.split(',').map((pair) => {
      const [name, url] = pair.split('=');
      return { name, url: url.replace(/\/$/, '') };
    });
  } else {
    servers.push(await startServer());
    targets = [{ name: 'current', url: servers[0].url }];
    if (args['web-dist']) {
      servers.push(await startServer({ WEB_DIST: path.resolve(args['web-dist']) }));
      targets.push({ name: 'other', url: servers[1].url });
    }
  }
  for (const target of targets) target.cookie = await guestCookie(target.url);
  console.log(
    `${chromePath}, ${runs} alternating runs per page, ${new Date().toISOString()}, load ${os.loadavg()[0].toFixed(2)}`,
  );
  console.log(
    'page           build        blocking ms (simulated)  longest task ms  tasks over 12.5 ms  renderer CPU ms  GPU process CPU ms  (medians)',
  );
  const results = [];
  for (const route of routes) {
    const figures = new Map(targets.map((target) => [target.name, []]));
    for (let i = 0; i < runs; i++) {
      for (const target of targets) {
        const { tasks, cpu } = await tasksOf(target.url, route, target.cookie);
        figures.get(target.name).push({
          renderer: cpu.renderer,
          gpu: cpu.gpu,
          blocking: blockingOf(tasks),
          longest: Math.max(0, ...tasks),
          over: tasks.filter((ms) => CPU_SLOWDOWN * ms > BLOCKING_FROM_MS).length,
        });
      }
    }
    for (const target of targets) {
      const runsOf = figures.get(target.name);
      const m = (key) => median(runsOf.map((run) => run[key]));
      results.push({ route, build: target.name, runs: runsOf });
      console.log(
        [
          route.padEnd(14),
          target.name.padEnd(12),
          String(Math.round(m('blocking'))).padStart(24),
          m('longest').toFixed(1).padStart(16),
          String(m('over')).padStart(19),
          String(Math.round(m('renderer'))).padStart(16),
          String(Math.round(m('gpu'))).padStart(19),
        ].join(' '),
      );
    }
  }
  if (args.json) fs.writeFileSync(args.json, JSON.stringify(results, null, 2));
} finally {
  for (const server of servers) await server.stop();
}
