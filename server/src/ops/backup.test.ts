import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import SQLite from 'better-sqlite3';
import pg from 'pg';
import { afterAll, describe, expect, vi } from 'vitest';
import type { AppConfig } from '../config.ts';
import { guestClient } from '../test/accounts.ts';
import { appTest } from '../test/app-test.ts';
import { makeImage } from '../test/images.ts';
import { TEST_DATABASE_URL, type TestClient } from '../test/test-app.ts';
import { backup, restore } from './backup.ts';

const run = promisify(execFile);
const SERVER = path.resolve(import.meta.dirname, '../..');

const it = appTest({ chatRateLimit: { messages: 100_000, aiReplies: 1 } });

describe('backup and restore while the app runs', () => {
  let user: { client: TestClient; id: string };
  const folders: string[] = [];
  const folder = () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'gomeum-backup-'));
    folders.push(dir);
    return dir;
  };

  it.beforeAll(async ({ t }) => {
    user = await guestClient(t);
  });
  afterAll(async () => {
    for (const dir of folders) fs.rmSync(dir, { recursive: true, force: true });
  });

  /** Stored chat message ids of the user (their numbers in the conversation, as the wire names them), in a restored copy. */
  async function restoredIds(config: AppConfig): Promise<Set<number>> {
    if (config.databaseUrl) {
      const client = new pg.Client({ connectionString: config.databaseUrl });
      await client.connect();
      try {
        const { rows } = await client.query<{ seq: string }>(
          `SELECT seq FROM ${config.databaseSchema ?? 'public'}.chat_messages WHERE user_id = $1`,
          [user.id],
        );
        return new Set(rows.map((row) => Number(row.seq)));
      } finally {
        await client.end();
      }
    }
    const db = new SQLite(path.join(config.dataDir, 'gomeum.sqlite'), { readonly: true });
    try {
      expect(db.pragma('integrity_check', { simple: true })).toBe('ok');
      const rows = db.prepare('SELECT seq FROM chat_messages WHERE user_id = ?').all(user.id) as { seq: number }[];
      return new Set(rows.map((row) => row.seq));
    } finally {
      db.close();
    }
  }

  it('copies every write acknowledged before it started, and the uploads, during concurrent writes', async ({ t }) => {
    expect(
      (await user.client.request('PUT', '/api/planets/music/task', { description: 'Scales', reward: 'Tea' })).status,
    ).toBe(200);
    const proof = await user.client.postForm(
      '/api/planets/music/logs',
      { date: '2026-11-23', title: 'Day 1', content: 'Done' },
      [{ field: 'image', name: 'p.png', type: 'image/png', bytes: await makeImage('png', 200, 150) }],
    );
    expect(proof.status).toBe(200);

    // Writers keep writing before, during and after the backup.
    const acknowledged: number[] = [];
    const writes = { on: true };
    const writer = (async () => {
      for (let i = 0; writes.on; i += 1) {
        const response = await user.client.post('/api/chat/messages', { content: `write ${i}` });
        if (response.status === 200) acknowledged.push((response.body as { message: { id: number } }).message.id);
      }
    })();
    // Forty writes acknowledged (within the test's own bound).
    await vi.waitFor(() => expect(acknowledged.length).toBeGreaterThanOrEqual(40), { timeout: 20_000, interval: 10 });

    const dir = folder();
    // Everything acknowledged until now came before the backup started: the array cannot change
    // between this line and the call (one thread), whereas comparing clock readings drops a write
    // acknowledged within the same millisecond.
    const before = [...acknowledged];
    const manifest = await backup(t.config, dir);
    // And the writers went on after it: one more write acknowledged (within the test's own bound).
    const whenDone = acknowledged.length;
    await vi.waitFor(() => expect(acknowledged.length).toBeGreaterThan(whenDone), { timeout: 20_000, interval: 10 });
    writes.on = false;
    await writer;
    expect(manifest).toMatchObject({
      format: 1,
      engine: TEST_DATABASE_URL ? 'postgres' : 'sqlite',
      uploads: 'uploads',
      files: 1,
    });

    // Restore into an empty data folder (and, on PostgreSQL, an empty database).
    const target: AppConfig = { ...t.config, dataDir: folder() };
    let database: string | null = null;
    if (TEST_DATABASE_URL) {
      database = `restore_${Date.now()}`;
      const admin = new pg.Client({ connectionString: TEST_DATABASE_URL });
      await admin.connect();
      await admin.query(`CREATE DATABASE ${database}`);
      await admin.end();
      target.databaseUrl = TEST_DATABASE_URL.replace(/\/[^/]+$/, `/${database}`);
    }
    try {
      await restore(target, dir);
      const restored = await restoredIds(target);
      expect(before.length).toBeGreaterThanOrEqual(40);
      expect(before.filter((id) => !restored.has(id))).toEqual([]);
      const key = new URL(`http://x${(proof.body as { log: { imageUrl: string } }).log.imageUrl}`).pathname.replace(
        '/api/files/',
        '',
      );
      expect(fs.existsSync(path.join(target.dataDir, 'uploads', key))).toBe(true);

      // Never over something: a second restore into the same place is refused.
      await expect(restore(target, dir)).rejects.toThrow(/not empty|exists/);
    } finally {
      if (database) {
        const admin = new pg.Client({ connectionString: TEST_DATABASE_URL });
        await admin.connect();
        await admin.query(`DROP DATABASE IF EXISTS ${database}`);
        await admin.end();
      }
    }
  });

  it('works from the command line, as `npm run backup -- <folder>`', async ({ t }) => {
    const dir = path.join(folder(), 'nightly');
    const env = {
      ...process.env,
      DATA_DIR: t.config.dataDir,
      DATABASE_URL: t.config.databaseUrl ?? '',
      INIT_CWD: path.dirname(dir),
    };
    const { stdout } = await run(process.execPath, ['--import', 'tsx', 'src/backup-cli.ts', 'backup', 'nightly'], {
      cwd: SERVER,
      env,
    });
    expect(stdout).toMatch(/Backed up the (sqlite|postgres) database and \d+ uploaded files into/);
    expect(fs.existsSync(path.join(dir, 'manifest.json'))).toBe(true);
    await expect(
      run(process.execPath, ['--import', 'tsx', 'src/backup-cli.ts', 'restore'], { cwd: SERVER, env }),
    ).rejects.toThrow();
  });
});
