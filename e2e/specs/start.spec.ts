import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { staleReason } from '../../scripts/build-state.mjs';
import { freePort } from '../../scripts/built-server.mjs';

const ROOT = path.resolve(import.meta.dirname, '../..');

/** A minimal tree with the build's sources and outputs, every file dated `sourceTime`/`outputTime`. */
function fakeTree(sourceTime: Date, outputTime: Date): string {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'gomeum-build-state-'));
  const write = (file: string, when: Date) => {
    fs.mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
    fs.writeFileSync(path.join(root, file), file);
    fs.utimesSync(path.join(root, file), when, when);
  };
  for (const file of [
    'package-lock.json',
    'packages/contracts/src/index.ts',
    'server/src/app.ts',
    'server/src/app.test.ts',
    'web/src/main.tsx',
    'web/index.html',
  ]) {
    write(file, sourceTime);
  }
  for (const file of [
    'server/dist/main.js',
    'server/dist/cli.js',
    'server/dist/backup-cli.js',
    'server/dist/route-table.js',
    'web/dist/index.html',
    'web/dist/version.json',
    'web/dist-ssr/entry-server.js',
  ]) {
    write(file, outputTime);
  }
  // Folders are dated too: adding a file changes its folder's time.
  for (const dir of ['packages/contracts/src', 'server/src', 'web/src', 'web', 'server', 'packages/contracts']) {
    fs.utimesSync(path.join(root, dir), sourceTime, sourceTime);
  }
  return root;
}

describe('npm start', () => {
  const cleanup: string[] = [];
  afterEach(() => {
    for (const dir of cleanup.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
  });

  it('builds only when the build is missing or older than a source (tests do not count)', () => {
    const older = new Date('2026-11-01T00:00:00Z');
    const newer = new Date('2026-11-02T00:00:00Z');
    const root = fakeTree(older, newer);
    cleanup.push(root);
    expect(staleReason(root)).toBeNull();

    fs.utimesSync(path.join(root, 'server/src/app.test.ts'), new Date(), new Date());
    expect(staleReason(root)).toBeNull();

    fs.utimesSync(path.join(root, 'server/src/app.ts'), new Date(), new Date());
    expect(staleReason(root)).toBe('server/src changed since the last build');

    fs.utimesSync(path.join(root, 'server/src/app.ts'), older, older);
    fs.rmSync(path.join(root, 'web/dist/version.json'));
    expect(staleReason(root)).toBe('web/dist/version.json is missing');
  });

  it('refuses to start a stale tree that has no build tools (npm ci --omit=dev), saying what to do', async () => {
    const root = fakeTree(new Date('2026-11-02T00:00:00Z'), new Date('2026-11-01T00:00:00Z'));
    cleanup.push(root);
    const script = `import(${JSON.stringify(path.join(ROOT, 'scripts/build-state.mjs'))}).then((m) => m.ensureBuilt(${JSON.stringify(root)}))`;
    const child = spawn(process.execPath, ['--input-type=module', '-e', script], { stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
    expect(code).toBe(1);
    expect(output).toContain('changed since the last build, and the build tools are not installed');
    expect(output).toContain('npm ci && npm run build');
  });

  it('runs the built server without building again, and exits cleanly on SIGTERM', async () => {
    expect(staleReason(ROOT)).toBeNull();
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'gomeum-start-'));
    cleanup.push(dataDir);
    const port = await freePort();
    const child = spawn(process.execPath, ['scripts/start.mjs'], {
      cwd: ROOT,
      env: {
        ...process.env,
        PORT: String(port),
        HOST: '127.0.0.1',
        DATA_DIR: dataDir,
        LOG_LEVEL: 'warn',
        DATABASE_URL: '',
        REDIS_URL: '',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
    await expect
      .poll(async () => (await fetch(`http://127.0.0.1:${port}/healthz`).catch(() => null))?.status, {
        timeout: 30_000,
      })
      .toBe(200);
    child.kill('SIGTERM');
    expect(await exited).toBe(0);
    expect(output).not.toContain('Building');
  });
});
