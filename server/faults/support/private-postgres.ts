import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';
import { freePort } from '../../src/test/private-redis.ts';

const run = promisify(execFile);

/** Where Debian keeps the PostgreSQL server programs (the newest version installed). */
function binDir(): string {
  const root = '/usr/lib/postgresql';
  const versions = fs.existsSync(root) ? fs.readdirSync(root).sort((a, b) => Number(b) - Number(a)) : [];
  const dir = versions.map((v) => path.join(root, v, 'bin')).find((d) => fs.existsSync(path.join(d, 'pg_ctl')));
  if (!dir) throw new Error('PostgreSQL server programs not found under /usr/lib/postgresql');
  return dir;
}

/** Whether this machine can run a private PostgreSQL (its programs, and root to become postgres). */
export function canRunPrivatePostgres(): boolean {
  try {
    binDir();
    return process.getuid?.() === 0;
  } catch {
    return false;
  }
}

/**
 * A PostgreSQL server of the test's own: `initdb` in a temporary folder, started on a free port,
 * restarted (`fast` or `immediate`) at will — never the machine's shared one. initdb and pg_ctl
 * refuse root, so they run as the `postgres` user.
 */
export class PrivatePostgres {
  private constructor(
    private readonly dir: string,
    readonly port: number,
  ) {}

  private get data(): string {
    return path.join(this.dir, 'data');
  }

  private static async asPostgres(command: string): Promise<string> {
    const { stdout } = await run('su', ['postgres', '-s', '/bin/sh', '-c', command], { timeout: 120_000 });
    return stdout;
  }

  private pgCtl(args: string): Promise<string> {
    const bin = binDir();
    return PrivatePostgres.asPostgres(
      `${bin}/pg_ctl -D ${this.data} -l ${this.dir}/server.log -w -t 60 ` +
        `-o "-p ${this.port} -k ${this.dir} -c listen_addresses=127.0.0.1" ${args}`,
    );
  }

  static async start(): Promise<PrivatePostgres> {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'gomeum-pg-'));
    const { stdout } = await run('id', ['-u', 'postgres']);
    const { stdout: gid } = await run('id', ['-g', 'postgres']);
    fs.chownSync(dir, Number(stdout.trim()), Number(gid.trim()));
    const server = new PrivatePostgres(dir, await freePort());
    await PrivatePostgres.asPostgres(
      `${binDir()}/initdb -D ${server.data} -A trust -U postgres --no-sync --encoding=UTF8 --locale=C.UTF-8 >/dev/null`,
    );
    await server.pgCtl('start');
    return server;
  }

  /** A connection URL for one database of this server. */
  url(database = 'postgres'): string {
    return `postgres://postgres@127.0.0.1:${this.port}/${database}`;
  }

  /** Creates an empty database. */
  async createDatabase(name: string): Promise<string> {
    const client = new pg.Client({ connectionString: this.url() });
    await client.connect();
    try {
      await client.query(`CREATE DATABASE ${name}`);
    } finally {
      await client.end();
    }
    return this.url(name);
  }

  /** Restarts the server the way an operator (`fast`) or a crash-like stop (`immediate`) would. */
  async restart(mode: 'fast' | 'immediate'): Promise<void> {
    await this.pgCtl(`-m ${mode} restart`);
  }

  async stop(): Promise<void> {
    await this.pgCtl('-m fast stop').catch(() => undefined);
    fs.rmSync(this.dir, { recursive: true, force: true });
  }
}
