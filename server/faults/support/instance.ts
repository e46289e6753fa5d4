import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { freePort } from '../../src/test/private-redis.ts';

const ROOT = path.resolve(import.meta.dirname, '../../..');

/**
 * One real server process, started as `npm start` starts it (the same entry point, the same
 * environment variables), on a free port. Tells a crash (an exit nobody asked for) from a stop.
 */
export class Instance {
  private child: ChildProcess | null = null;
  private output = '';
  private expectingExit = false;
  /** Exits nobody asked for: each is a crash. */
  readonly crashes: string[] = [];
  port = 0;

  constructor(
    readonly name: string,
    private readonly env: Record<string, string>,
    /** The data folder (kept across restarts); a new temporary one per start when absent. */
    private readonly dataDir?: string,
  ) {}

  get url(): string {
    return `http://127.0.0.1:${this.port}`;
  }

  get running(): boolean {
    return this.child !== null && this.child.exitCode === null && this.child.signalCode === null;
  }

  /** Starts the process and resolves once `/healthz` answers. */
  async start(): Promise<void> {
    this.port = await freePort();
    const dataDir = this.dataDir ?? fs.mkdtempSync(path.join(os.tmpdir(), `gomeum-fault-${this.name}-`));
    const inherited = { ...process.env };
    delete inherited.DATABASE_URL;
    delete inherited.REDIS_URL;
    this.expectingExit = false;
    const child = spawn(process.execPath, ['--import', 'tsx', 'server/src/main.ts'], {
      cwd: ROOT,
      env: { ...inherited, ...this.env, PORT: String(this.port), HOST: '127.0.0.1', DATA_DIR: dataDir },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    this.child = child;
    child.stdout.on('data', (chunk: Buffer) => this.keep(chunk));
    child.stderr.on('data', (chunk: Buffer) => this.keep(chunk));
    child.once('exit', (code, signal) => {
      if (!this.expectingExit)
        this.crashes.push(`${this.name} exited (${code ?? signal}):\n${this.output.slice(-4000)}`);
    });
    const deadline = Date.now() + 60_000;
    while (Date.now() < deadline) {
      if (!this.running) throw new Error(`${this.name} exited while starting:\n${this.output}`);
      try {
        if ((await fetch(`${this.url}/healthz`)).ok) return;
      } catch {
        // not listening yet
      }
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    throw new Error(`${this.name} did not start:\n${this.output}`);
  }

  private keep(chunk: Buffer): void {
    this.output = (this.output + chunk.toString()).slice(-200_000);
  }

  /** The process's recent output (logs), for a failure's story. */
  log(): string {
    return this.output;
  }

  /** SIGKILL: the instance is lost, as when its machine dies. */
  async kill(): Promise<void> {
    await this.end('SIGKILL');
  }

  /** SIGTERM: a clean stop. */
  async stop(): Promise<void> {
    await this.end('SIGTERM');
  }

  private async end(signal: NodeJS.Signals): Promise<void> {
    const child = this.child;
    if (!child || !this.running) return;
    this.expectingExit = true;
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill(signal);
    await exited;
  }
}
