import { spawn, type ChildProcess } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import path from 'node:path';
import pg from 'pg';
import S3rver from 's3rver';
import { freePort, spawnBuiltServer } from '../../scripts/built-server.mjs';

export { freePort };

/** The repository this test belongs to. */
export const REPO = path.resolve(import.meta.dirname, '../..');

/** Resolves once `port` on loopback accepts connections, or throws after `timeoutMs`. */
export async function waitForPort(port: number, timeoutMs = 20_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const open = await new Promise<boolean>((resolve) => {
      const socket = net.connect(port, '127.0.0.1');
      socket.once('connect', () => {
        socket.destroy();
        resolve(true);
      });
      socket.once('error', () => resolve(false));
    });
    if (open) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`nothing listens on port ${port}`);
}

/** A child process with its output kept in a log file, stopped by signalling its process group. */
export class Service {
  readonly exited: Promise<number | null>;
  private exitCode: number | null | undefined;

  constructor(
    readonly name: string,
    readonly child: ChildProcess,
    readonly logFile: string,
  ) {
    this.exited = new Promise((resolve) =>
      child.once('exit', (code, signal) => {
        this.exitCode = code ?? (signal ? -1 : null);
        resolve(this.exitCode);
      }),
    );
  }

  /** Starts `command` in its own process group, its output appended to `logFile`. */
  static start(
    name: string,
    command: string,
    args: string[],
    options: { cwd: string; env: NodeJS.ProcessEnv; logFile: string },
  ) {
    const log = fs.openSync(options.logFile, 'a');
    const child = spawn(command, args, {
      cwd: options.cwd,
      env: options.env,
      stdio: ['ignore', log, log],
      detached: true,
    });
    fs.closeSync(log);
    return new Service(name, child, options.logFile);
  }

  get running(): boolean {
    return this.exitCode === undefined;
  }

  /** The last lines of its output, for failure messages. */
  tail(lines = 40): string {
    const text = fs.existsSync(this.logFile) ? fs.readFileSync(this.logFile, 'utf8') : '';
    return text.split('\n').slice(-lines).join('\n');
  }

  /** Sends `signal` to the process itself (as a supervisor would). */
  signal(signal: NodeJS.Signals): void {
    if (this.running) this.child.kill(signal);
  }

  /** Stops it and everything it started: its process group, SIGTERM then SIGKILL. */
  async stop(): Promise<void> {
    if (!this.running || this.child.pid === undefined) return;
    try {
      process.kill(-this.child.pid, 'SIGTERM');
    } catch {
      return;
    }
    const killer = setTimeout(() => {
      try {
        if (this.child.pid !== undefined) process.kill(-this.child.pid, 'SIGKILL');
      } catch {
        // already gone
      }
    }, 15_000);
    await this.exited;
    clearTimeout(killer);
  }
}

/** A PostgreSQL database of our own on the test server, dropped at the end. */
export async function createDatabase(adminUrl: string): Promise<{ url: string; drop: () => Promise<void> }> {
  const name = `gomeum_deploy_${crypto.randomBytes(5).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      const client = new pg.Client({ connectionString: adminUrl });
      await client.connect();
      await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await client.end();
    },
  };
}

/** A private Redis on a free port, without persistence. */
export async function startRedis(dir: string): Promise<{ url: string; service: Service }> {
  const port = await freePort();
  const service = Service.start(
    'redis',
    'redis-server',
    ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no', '--dir', dir],
    { cwd: dir, env: process.env, logFile: path.join(dir, 'redis.log') },
  );
  await waitForPort(port);
  return { url: `redis://127.0.0.1:${port}`, service };
}

/** The S3-compatible test server with a `gomeum` bucket. */
export async function startS3(dir: string): Promise<{ env: Record<string, string>; close: () => Promise<void> }> {
  const server = new S3rver({
    port: 0,
    address: '127.0.0.1',
    silent: true,
    directory: dir,
    configureBuckets: [{ name: 'gomeum' }],
  });
  const { port } = await server.run();
  return {
    env: {
      S3_BUCKET: 'gomeum',
      S3_ENDPOINT: `http://127.0.0.1:${port}`,
      S3_ACCESS_KEY_ID: 'S3RVER',
      S3_SECRET_ACCESS_KEY: 'S3RVER',
      S3_FORCE_PATH_STYLE: '1',
    },
    close: () => server.close(),
  };
}

/** Where nginx connects to the instances from: what TRUST_PROXY names. */
export const PROXY_ADDRESS = '127.0.0.2';

/**
 * nginx on loopback, as our own process: `deploy/nginx.conf` (the documented site config) with
 * this run's ports, inside a minimal main config that keeps every file in `dir`. Connections to the
 * instances leave from {@link PROXY_ADDRESS}, and each response names the instance that answered
 * (`X-Upstream`), so the test can tell where a request went.
 */
export async function startNginx(dir: string, instancePorts: number[]): Promise<{ url: string; service: Service }> {
  const port = await freePort();
  const site = fs.readFileSync(path.join(REPO, 'deploy/nginx.conf'), 'utf8');
  const servers = site.match(/^ {4}server 127\.0\.0\.1:\d+;$/gm) ?? [];
  if (servers.length !== instancePorts.length)
    throw new Error('deploy/nginx.conf: expected one upstream line per instance');
  let configured = site.replace(/^ {4}listen 80;$/m, `    listen 127.0.0.1:${port};`);
  servers.forEach((line, index) => {
    configured = configured.replace(line, `    server 127.0.0.1:${instancePorts[index] ?? 0};`);
  });
  if (!configured.includes(`listen 127.0.0.1:${port};`)) throw new Error('deploy/nginx.conf: no `listen 80;` line');
  fs.writeFileSync(path.join(dir, 'gomeum.conf'), configured);
  for (const temp of ['body', 'proxy', 'fastcgi', 'uwsgi', 'scgi'])
    fs.mkdirSync(path.join(dir, 'temp', temp), { recursive: true });
  fs.writeFileSync(
    path.join(dir, 'nginx.conf'),
    `daemon off;
worker_processes 1;
pid ${dir}/nginx.pid;
error_log ${dir}/error.log warn;
events { worker_connections 1024; }
http {
  access_log ${dir}/access.log;
  client_body_temp_path ${dir}/temp/body;
  proxy_temp_path ${dir}/temp/proxy;
  fastcgi_temp_path ${dir}/temp/fastcgi;
  uwsgi_temp_path ${dir}/temp/uwsgi;
  scgi_temp_path ${dir}/temp/scgi;
  proxy_bind ${PROXY_ADDRESS};
  add_header X-Upstream $upstream_addr always;
  include ${dir}/gomeum.conf;
}
`,
  );
  const service = Service.start(
    'nginx',
    'nginx',
    ['-p', dir, '-c', path.join(dir, 'nginx.conf'), '-e', path.join(dir, 'error.log')],
    {
      cwd: dir,
      env: process.env,
      logFile: path.join(dir, 'nginx.out'),
    },
  );
  await waitForPort(port);
  return { url: `http://127.0.0.1:${port}`, service };
}

/** One server instance, started with `npm start` in the deployed tree. */
export interface Instance {
  index: number;
  port: number;
  url: string;
  service: Service;
}

/**
 * Starts instance `index` on `port` with `env` (its whole environment): `npm start` in `root` (a
 * built tree), by scripts/built-server.mjs, in a process group of its own.
 */
export function startInstance(
  root: string,
  index: number,
  port: number,
  env: NodeJS.ProcessEnv,
  logDir: string,
): Instance {
  const logFile = path.join(logDir, `instance-${index}.log`);
  const log = fs.openSync(logFile, 'a');
  const child = spawnBuiltServer({
    root,
    port,
    env,
    inheritEnv: false,
    npmStart: true,
    stdio: ['ignore', log, log],
    detached: true,
  });
  fs.closeSync(log);
  return { index, port, url: `http://127.0.0.1:${port}`, service: new Service(`instance ${index}`, child, logFile) };
}

/** Resolves once the instance answers /healthz (the process is up), or throws with its log. */
export async function waitForHealthy(instance: Instance, timeoutMs = 60_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (!instance.service.running)
      throw new Error(`${instance.service.name} exited while starting:\n${instance.service.tail()}`);
    try {
      if ((await fetch(`${instance.url}/healthz`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`${instance.service.name} did not become healthy:\n${instance.service.tail()}`);
}

/** A metric of an instance's `/metrics` (the test runner's address is allowed), summed over its labels. */
export async function metric(instance: Instance, name: string): Promise<number> {
  const text = await (await fetch(`${instance.url}/metrics`)).text();
  const lines = text.split('\n').filter((l) => l.startsWith(`${name} `) || l.startsWith(`${name}{`));
  if (lines.length === 0) throw new Error(`${name} is not in ${instance.service.name}'s metrics`);
  return lines.reduce((sum, line) => sum + Number(line.slice(line.lastIndexOf(' ') + 1)), 0);
}

/** A response as the forging client sees it. */
export interface RawResponse {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: string;
}

/** An HTTP request from a chosen loopback address, with whatever headers a client may forge. */
export function rawRequest(
  url: string,
  options: { from: string; method?: string; headers?: Record<string, string>; body?: string },
): Promise<RawResponse> {
  return new Promise((resolve, reject) => {
    const target = new URL(url);
    const request = http.request(
      {
        host: target.hostname,
        port: target.port,
        path: `${target.pathname}${target.search}`,
        method: options.method ?? 'GET',
        localAddress: options.from,
        headers: {
          ...(options.body === undefined ? {} : { 'content-type': 'application/json' }),
          ...options.headers,
        },
      },
      (response) => {
        let body = '';
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => (body += chunk));
        response.on('end', () => resolve({ status: response.statusCode ?? 0, headers: response.headers, body }));
      },
    );
    request.on('error', reject);
    request.end(options.body);
  });
}

/** The session cookie a response set (`name=value`), for the next raw requests. */
export function cookieOf(response: RawResponse): string {
  return (response.headers['set-cookie'] ?? []).map((cookie) => cookie.split(';')[0]).join('; ');
}
