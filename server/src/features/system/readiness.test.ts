import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { errorBodySchema, healthSchema, readinessSchema } from '@gomeum/contracts';
import { describe, expect } from 'vitest';
import { guestClient } from '../../test/accounts.ts';
import { appTest } from '../../test/app-test.ts';
import { makeImage } from '../../test/images.ts';
import { PrivateRedis } from '../../test/private-redis.ts';
import { TEST_DATABASE_URL, type TestClient } from '../../test/test-app.ts';

const it = appTest();

describe('/healthz and /readyz', () => {
  it('/healthz speaks of the process alone; /readyz of the database, storage and Redis', async ({ t }) => {
    const health = await t.app.inject({ method: 'GET', url: '/healthz' });
    expect(health.statusCode).toBe(200);
    expect(healthSchema.parse(health.json())).toEqual({ status: 'ok' });
    expect(health.headers['cache-control']).toBe('no-store');

    const ready = await t.app.inject({ method: 'GET', url: '/readyz' });
    expect(ready.statusCode).toBe(200);
    expect(readinessSchema.parse(ready.json())).toEqual({
      status: 'ready',
      checks: { db: 'ok', redis: 'off', storage: 'ok' },
    });
    // The probe leaves nothing in the uploads folder.
    expect(fs.readdirSync(path.join(t.config.dataDir, 'uploads'))).toEqual([]);
  });
});

describe('/readyz with Redis configured', () => {
  it('is ready with Redis, degraded (still 200) without it, and ready again when it is back', async ({ newApp }) => {
    let redis!: PrivateRedis;
    const t = await newApp(async (after) => {
      redis = await PrivateRedis.forApp(after);
      return { redisUrl: redis.url };
    });
    const readiness = async () => {
      const response = await t.app.inject({ method: 'GET', url: '/readyz' });
      return { status: response.statusCode, body: readinessSchema.parse(response.json()) };
    };
    expect(await readiness()).toEqual({
      status: 200,
      body: { status: 'ready', checks: { db: 'ok', redis: 'ok', storage: 'ok' } },
    });
    await redis.down();
    let state = await readiness();
    while (state.body.checks.redis === 'ok') state = await readiness();
    expect(state).toEqual({
      status: 200,
      body: { status: 'degraded', checks: { db: 'ok', redis: 'down', storage: 'ok' } },
    });
    await redis.up();
    while (state.body.status !== 'ready') state = await readiness();
    expect(state.body.checks.redis).toBe('ok');
  });
});

/** Mounts a small tmpfs (a disk that can really fill up); only root may. */
function mountSmallDisk(megabytes: number): string | null {
  if (process.platform !== 'linux' || process.getuid?.() !== 0) return null;
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'gomeum-full-'));
  execFileSync('mount', ['-t', 'tmpfs', '-o', `size=${megabytes}m`, 'tmpfs', dir]);
  return dir;
}

/** Writes a file until the disk is full. */
function fillDisk(dir: string): string {
  const file = path.join(dir, 'filler');
  const fd = fs.openSync(file, 'w');
  const block = Buffer.alloc(64 * 1024, 1);
  try {
    for (;;) fs.writeSync(fd, block);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOSPC') throw error;
    // Then the last few bytes a smaller write still fits in.
    try {
      for (;;) fs.writeSync(fd, Buffer.alloc(512, 1));
    } catch {
      // Full.
    }
  } finally {
    fs.closeSync(fd);
  }
  return file;
}

const canMount = process.platform === 'linux' && process.getuid?.() === 0;

let disk: string;
const onSmallDisk = appTest((after) => {
  disk = mountSmallDisk(24) ?? '';
  after(() => {
    execFileSync('umount', [disk]);
    fs.rmdirSync(disk);
  });
  // The SQLite database and the uploads share the small disk (on PostgreSQL, only the uploads).
  return { dataDir: disk };
});

describe.skipIf(!canMount)('a full disk', () => {
  let user: { client: TestClient; id: string };
  const proof = { date: '2026-11-23', title: 'Practice', content: 'Twenty minutes of scales.' };

  onSmallDisk.beforeAll(async ({ t }) => {
    user = await guestClient(t);
    expect(
      (await user.client.request('PUT', '/api/planets/music/task', { description: 'Scales', reward: 'Tea' })).status,
    ).toBe(200);
  });

  const uploads = () => {
    const dir = path.join(disk, 'uploads');
    if (!fs.existsSync(dir)) return [];
    const entries = fs.readdirSync(dir, { recursive: true }).map(String);
    return entries.filter((entry) => fs.statSync(path.join(dir, entry)).isFile()).sort();
  };
  const photo = () => makeImage('png', 900, 700);

  onSmallDisk(
    'answers errors.storage_full, leaves no file behind, says so in /readyz, and recovers when space is back',
    async ({ t }) => {
      const before = uploads();
      const filler = fillDisk(disk);

      // An upload that cannot be written: 507, and not a byte of it stays.
      const upload = await user.client.postForm('/api/planets/music/logs', proof, [
        { field: 'image', name: 'photo.png', type: 'image/png', bytes: await photo() },
      ]);
      expect(upload.status).toBe(507);
      expect(errorBodySchema.parse(upload.body).error.code).toBe('errors.storage_full');
      expect(uploads()).toEqual(before);
      const files = await t.database.db.selectFrom('files').select('key').execute();
      expect(files).toEqual([]);

      if (!TEST_DATABASE_URL) {
        // SQLite on the full disk: every answer is a stored message or a clear 507, never a 500.
        const acknowledged: number[] = [];
        let refused = 0;
        for (let i = 0; i < 400 && refused === 0; i += 1) {
          const response = await user.client.post('/api/chat/messages', { content: `note ${i} ${'x'.repeat(1500)}` });
          if (response.status === 200) acknowledged.push((response.body as { message: { id: number } }).message.id);
          else {
            expect(response.status).toBe(507);
            expect(errorBodySchema.parse(response.body).error.code).toBe('errors.storage_full');
            refused += 1;
          }
        }
        expect(refused).toBe(1);
        const stored = await t.database.db
          .selectFrom('chat_messages')
          .select('id')
          .where('user_id', '=', user.id)
          .where('sender', '=', 'user')
          .execute();
        expect(stored.map((row) => row.id).sort((x, y) => x - y)).toEqual(acknowledged);
      }

      // Readiness tells the load balancer; reading still works.
      const ready = await t.app.inject({ method: 'GET', url: '/readyz' });
      expect(ready.statusCode).toBe(503);
      expect(readinessSchema.parse(ready.json())).toMatchObject({ status: 'unavailable', checks: { storage: 'full' } });
      expect((await user.client.get('/api/planets/music/task')).status).toBe(200);

      // Space again: the same requests succeed, with no restart; readiness follows once the memory
      // of the failure has passed.
      fs.rmSync(filler);
      const retried = await user.client.postForm('/api/planets/music/logs', proof, [
        { field: 'image', name: 'photo.png', type: 'image/png', bytes: await photo() },
      ]);
      expect(retried.status).toBe(200);
      expect((await user.client.post('/api/chat/messages', { content: 'Space again' })).status).toBe(200);
      t.clock.advance(31_000);
      const recovered = await t.app.inject({ method: 'GET', url: '/readyz' });
      expect(recovered.statusCode).toBe(200);
      expect(readinessSchema.parse(recovered.json()).checks.storage).toBe('ok');
    },
  );
});
