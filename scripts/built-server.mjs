/**
 * The built server (`server/dist` and `web/dist`; `npm run build` first), started as `npm start`
 * runs it: the one way the e2e suite, the deployment test, the screenshots and the benchmarks
 * start it. Also the route tables, built, for plain JavaScript to call the API by. Plain JavaScript
 * (the benchmarks and scripts import it as is); its types are in built-server.d.mts.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

export const ROOT = path.resolve(import.meta.dirname, '..');

/** A free TCP port on loopback. */
export function freePort() {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port')),
      );
    });
  });
}

/** The node flags `npm start` gives the server, read from `root`'s package.json `start` script. */
export function startFlags(root = ROOT) {
  const { scripts } = JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8'));
  return scripts.start.split(/\s+/).filter((word) => word.startsWith('--'));
}

/** `base` with `env` laid over it; a setting given as `undefined` is removed. */
function environment(base, env) {
  const removed = Object.keys(env).filter((key) => env[key] === undefined);
  return Object.fromEntries(Object.entries({ ...base, ...env }).filter(([key]) => !removed.includes(key)));
}

/**
 * Spawns the built server of `root` listening on 127.0.0.1:`port`: `node`, the flags `npm start`
 * gives it, `nodeArgs`, then `main` (the build's `server/dist/main.js` by default); or, with
 * `npmStart`, `npm start` itself in `root`, as a deployment runs it. `env` is laid over this
 * process's environment (a setting given as `undefined` is removed), or is the whole of it with
 * `inheritEnv: false`. Returns the child process.
 */
export function spawnBuiltServer({
  root = ROOT,
  port,
  env = {},
  nodeArgs = [],
  main = path.join(root, 'server/dist/main.js'),
  npmStart = false,
  inheritEnv = true,
  stdio = ['ignore', 'pipe', 'pipe'],
  detached = false,
}) {
  const [command, args] = npmStart
    ? ['npm', ['start', '--silent']]
    : [process.execPath, [...startFlags(root), ...nodeArgs, main]];
  return spawn(command, args, {
    cwd: root,
    env: environment(inheritEnv ? process.env : {}, { ...env, PORT: String(port), HOST: '127.0.0.1' }),
    stdio,
    detached,
  });
}

/**
 * Starts the built server (`spawnBuiltServer`; of the checkout at `root`, this one by default) on a free port with an empty data folder of its own
 * (removed when it stops) and logging at `warn`, and resolves once /healthz answers. Its output is
 * kept for the reasons of a failure, and its errors (stderr) shown as they come with `showErrors`;
 * should it die before it is stopped, it says so, with its output. Returns its URL, pid and data
 * folder, its output so far and a stop function (SIGTERM, then waits for it to exit).
 */
export async function startBuiltServer({
  root = ROOT,
  env = {},
  nodeArgs,
  main,
  showErrors = false,
  timeoutMs = 60_000,
} = {}) {
  if (!fs.existsSync(main ?? path.join(root, 'server/dist/main.js')))
    throw new Error(`No built server in ${root}: run \`npm run build\` there first.`);
  const port = await freePort();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'gomeum-built-'));
  const child = spawnBuiltServer({
    root,
    port,
    nodeArgs,
    main,
    env: { DATA_DIR: dataDir, LOG_LEVEL: 'warn', ...env },
  });
  let output = '';
  child.stdout.on('data', (chunk) => (output += chunk));
  child.stderr.on('data', (chunk) => {
    output += chunk;
    if (showErrors) process.stderr.write(chunk);
  });
  let inUse = false;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.once('exit', (code, signal) => {
    if (inUse) process.stderr.write(`\nthe built server exited (${code ?? signal}) while in use:\n${output}\n`);
  });
  const stop = async () => {
    inUse = false;
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
    await exited;
    fs.rmSync(dataDir, { recursive: true, force: true });
  };
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (child.exitCode !== null) {
      await stop();
      throw new Error(`the built server exited (${child.exitCode}) while starting:\n${output}`);
    }
    if (Date.now() > deadline) {
      await stop();
      throw new Error(`the built server did not answer within ${timeoutMs} ms:\n${output}`);
    }
    try {
      if ((await fetch(`${url}/healthz`)).ok) break;
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  inUse = true;
  return { url, port, pid: child.pid, dataDir, output: () => output, stop };
}

/** The contract's route tables and URL builder, from the server's build (`server/dist/route-table.js`). */
export function routeTable(root = ROOT) {
  return import(pathToFileURL(path.join(root, 'server/dist/route-table.js')).href);
}
