/**
 * Shared pieces of the benchmark scripts: start the built server as `npm start` would (on a data
 * folder of its own), read a process's CPU time from /proc, run autocannon, and summarize.
 * Benchmarks are scripts, not tests: they print figures and keep each run's table in bench/runs/.
 */
import { fork, spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import { freePort, routeTable, startBuiltServer } from '../scripts/built-server.mjs';

export { freePort };

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** Waits until `url` answers 200, or throws after `timeoutMs`. */
export async function waitFor(url, timeoutMs = 30_000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      const response = await fetch(url);
      if (response.ok) return;
    } catch {
      // Not listening yet.
    }
    if (Date.now() > deadline) throw new Error(`${url} did not answer within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/**
 * Starts the built server as `npm start` runs it (scripts/built-server.mjs) on a fresh data
 * folder, with the rate limits raised so the load is not refused. Returns its pid, base URL, data
 * folder and a stop function. `env` adds or overrides settings (DATABASE_URL for PostgreSQL, for
 * example); `nodeArgs` go to node after the flags `npm start` gives it (`--cpu-prof`, say;
 * BENCH_NODE_ARGS in the environment sets them too; a flag given again there wins). `root`: another
 * checkout's build to start (see `baselineCheckout`), as its own `npm start` would.
 */
export async function startServer(
  env = {},
  nodeArgs = (process.env.BENCH_NODE_ARGS ?? '').split(' ').filter(Boolean),
  { root } = {},
) {
  const server = await startBuiltServer({
    ...(root ? { root } : {}),
    // BENCH_SERVER_MAIN: another build's main.js (the previous commit's, to compare).
    main: root ? undefined : process.env.BENCH_SERVER_MAIN,
    nodeArgs,
    showErrors: true,
    env: {
      NODE_ENV: 'production',
      AUTH_RATE_LIMIT: '100000',
      GUEST_RATE_LIMIT: '100000',
      GUEST_DAILY_LIMIT: '100000',
      CHAT_RATE_LIMIT: '100000000',
      ...env,
    },
  });
  return { pid: server.pid, base: server.url, dataDir: server.dataDir, stop: server.stop };
}

/**
 * The root of a checkout with its build, to measure beside this one: `spec` is that folder, or a
 * commit of this repository, checked out once (a detached git worktree in the temporary folder,
 * `gomeum-base-<commit>`), its packages installed (`npm ci`) and built (`npm run build`) the first
 * time; later runs reuse it.
 */
export function baselineCheckout(spec) {
  if (fs.existsSync(path.join(spec, 'package.json'))) return path.resolve(spec);
  const run = (command, args, cwd) => {
    const result = spawnSync(command, args, { cwd, stdio: ['ignore', 'inherit', 'inherit'] });
    if (result.status !== 0) throw new Error(`${command} ${args.join(' ')} failed in ${cwd}`);
  };
  const sha = spawnSync('git', ['rev-parse', '--short=12', `${spec}^{commit}`], { cwd: ROOT, encoding: 'utf8' });
  if (sha.status !== 0) throw new Error(`${spec}: neither a checkout's folder nor a commit`);
  const root = path.join(os.tmpdir(), `gomeum-base-${sha.stdout.trim()}`);
  if (!fs.existsSync(path.join(root, 'package.json'))) run('git', ['worktree', 'add', '--detach', root, spec], ROOT);
  if (!fs.existsSync(path.join(root, 'node_modules'))) run('npm', ['ci', '--no-audit', '--no-fund'], root);
  if (!fs.existsSync(path.join(root, 'server/dist/main.js'))) run('npm', ['run', 'build'], root);
  return root;
}

export const CLOCK_TICKS = 100; // USER_HZ on Linux

/** User + system CPU time of a process so far, in milliseconds (from /proc/PID/stat). */
export function cpuMs(pid) {
  const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  // After the command name: state is field 3, utime 14 and stime 15 (1-based) → 11 and 12 here.
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / CLOCK_TICKS;
}

/** Resident memory of a process, in MiB. */
export function rssMiB(pid) {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
  return kb / 1024;
}

/**
 * Runs autocannon against one target while reading the server's CPU time around it. Returns
 * requests per second, latency percentiles, server CPU per request and errors.
 */
export async function load({
  url,
  pid,
  connections = 50,
  seconds = 10,
  headers = {},
  method = 'GET',
  body,
  requests,
  setupClient,
}) {
  const before = cpuMs(pid);
  const result = await autocannon({
    url,
    connections,
    duration: seconds,
    headers,
    method,
    body,
    ...(requests ? { requests } : {}),
    ...(setupClient ? { setupClient } : {}),
  });
  const cpu = cpuMs(pid) - before;
  const total = result.requests.total;
  return {
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    cpuPerRequestMs: total > 0 ? cpu / total : NaN,
    errors: result.errors + result.timeouts + (result.non2xx ?? 0),
    requests: total,
  };
}

export function median(values) {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
}

/** The machine's load when the run started, for the record. */
export function machineNote() {
  const [one, five] = os.loadavg();
  return `${os.cpus().length} cores, load ${one.toFixed(2)} / ${five.toFixed(2)} (1 / 5 min), Node ${process.version}`;
}

/** The medians of a target's runs (`load` results): req/s, p50, p99, server CPU per request; errors summed. */
export function summarize(runs) {
  return {
    rps: median(runs.map((r) => r.rps)),
    p50: median(runs.map((r) => r.p50)),
    p99: median(runs.map((r) => r.p99)),
    cpu: median(runs.map((r) => r.cpuPerRequestMs)),
    errors: runs.reduce((sum, r) => sum + r.errors, 0),
  };
}

/**
 * Keeps a run's table in bench/runs/ (not committed), one file per run named by its date and
 * benchmark, and says where: docs/BENCHMARKS.md is the reference, and a run that changes a latest
 * figure is folded into its section there by hand.
 */
export function appendResults(title, lines) {
  const stamp = new Date().toISOString().slice(0, 16);
  const slug = title
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
  const dir = path.join(ROOT, 'bench/runs');
  fs.mkdirSync(dir, { recursive: true });
  const file = path.join(dir, `${stamp.replace(/[:T]/g, '-')}-${slug}.md`);
  fs.writeFileSync(file, `### ${title} — run of ${stamp.replace('T', ' ')} UTC\n\n${lines.join('\n')}\n`);
  console.log(`\nRecorded in ${path.relative(ROOT, file)}`);
}

/** Starts the bare Fastify baseline in a process of its own, answering `method route` with `bytes`. */
export async function startBare(route, bytes, method = 'GET', encoding) {
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'gomeum-bare-')), 'reply.json');
  fs.writeFileSync(file, bytes);
  const child = spawn(
    process.execPath,
    [path.join(ROOT, 'bench/bare-server.mjs'), file, route, method, ...(encoding ? [encoding] : [])],
    {
      stdio: ['ignore', 'pipe', 'inherit'],
    },
  );
  const port = await new Promise((resolve, reject) => {
    child.stdout.once('data', (chunk) => resolve(Number(String(chunk).trim())));
    child.once('exit', (code) => reject(new Error(`bare server exited with ${code}`)));
  });
  return {
    pid: child.pid,
    base: `http://127.0.0.1:${port}`,
    async stop() {
      child.kill('SIGTERM');
      await new Promise((resolve) => child.once('exit', resolve));
      fs.rmSync(path.dirname(file), { recursive: true, force: true });
    },
  };
}

/**
 * With DATABASE_URL set, a PostgreSQL database of the run's own (created now, dropped by the
 * returned function); otherwise nothing (SQLite in the server's data folder).
 */
export async function benchDatabase(name) {
  const url = process.env.DATABASE_URL;
  if (!url) return { env: {}, engine: 'SQLite', drop: async () => undefined };
  const { default: pg } = await import('pg');
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  const database = `${name}_${process.pid}`;
  await admin.query(`CREATE DATABASE ${database}`);
  await admin.end();
  const own = new URL(url);
  own.pathname = `/${database}`;
  return {
    env: { DATABASE_URL: own.toString() },
    engine: 'PostgreSQL',
    async drop() {
      const client = new pg.Client({ connectionString: url });
      await client.connect();
      await client.query(`DROP DATABASE IF EXISTS ${database} WITH (FORCE)`);
      await client.end();
    },
  };
}

/** The session cookie a sign-in or guest entry answered with, as a `Cookie` header value. */
export function cookieOf(response) {
  const cookie = response.headers.getSetCookie().find((c) => c.startsWith('gomeum_session='));
  if (!cookie) throw new Error(`no session cookie (HTTP ${response.status})`);
  return cookie.split(';')[0];
}

/** A live-socket client process (bench/live-client.mjs) and a way to ask it something and wait for its answer. */
export function startWorker() {
  const child = fork(path.join(ROOT, 'bench/live-client.mjs'), [], { stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
  return {
    child,
    ask(message) {
      return new Promise((resolve) => {
        child.once('message', resolve);
        child.send(message);
      });
    },
  };
}

/** A new guest's session cookie (`name=value` pairs for a Cookie header), from the server at `base`. */
export async function guestCookie(base) {
  const { routes } = await routeTable();
  const response = await fetch(`${base}${routes.guest.path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: '{}',
  });
  if (!response.ok) throw new Error(`guest sign-in answered ${response.status}`);
  return response.headers
    .getSetCookie()
    .map((cookie) => cookie.split(';')[0])
    .join('; ');
}

/** A Redis of the run's own (`redis-server`, nothing saved), so no other Redis user hears the run. */
export async function startRedis() {
  const port = await freePort();
  const child = spawn(
    'redis-server',
    ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'],
    {
      stdio: 'ignore',
    },
  );
  for (let tries = 0; ; tries += 1) {
    const up = await new Promise((resolve) => {
      const probe = net.connect(port, '127.0.0.1', () => {
        probe.end();
        resolve(true);
      });
      probe.once('error', () => resolve(false));
    });
    if (up) break;
    if (tries > 100) throw new Error('redis-server did not start');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return { url: `redis://127.0.0.1:${port}`, stop: () => child.kill() };
}

/**
 * Starts `count` built servers (`startServer`) one after another (the first migrates and seeds,
 * the others find it done), sharing a Redis of the run's own when there are several. `servers`
 * fills as they start, so `stop` ends whichever did, and the Redis.
 */
export function serverGroup() {
  const servers = [];
  let redis = null;
  return {
    servers,
    async start(count, env = {}) {
      if (count > 1) redis = await startRedis();
      for (let i = 0; i < count; i += 1) {
        servers.push(await startServer({ ...env, ...(redis ? { REDIS_URL: redis.url } : {}) }));
      }
    },
    async stop() {
      await Promise.all(servers.map((s) => s.stop()));
      redis?.stop();
    },
  };
}
