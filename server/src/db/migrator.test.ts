import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterEach, describe, expect, it } from 'vitest';
import { TEST_DATABASE_URL } from '../test/test-app.ts';
import { openDatabase, type DatabaseHandle } from './database.ts';
import { createMigrator, migrateToLatest } from './migrator.ts';

describe('migrations', () => {
  let handle: DatabaseHandle | undefined;
  let cleanup: () => Promise<void> = () => Promise.resolve();
  afterEach(async () => {
    await handle?.close();
    await cleanup();
  });

  async function open(): Promise<DatabaseHandle> {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'gomeum-migrate-'));
    const schema = TEST_DATABASE_URL ? `test_${crypto.randomBytes(6).toString('hex')}` : undefined;
    cleanup = async () => {
      fs.rmSync(dataDir, { recursive: true, force: true });
      if (schema && TEST_DATABASE_URL) {
        const client = new pg.Client({ connectionString: TEST_DATABASE_URL });
        await client.connect();
        await client.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
        await client.end();
      }
    };
    return openDatabase({ dataDir, databaseUrl: TEST_DATABASE_URL, databaseSchema: schema });
  }

  it('upgrades a database with data in it: broadcasts sent before delivery was recorded read as done', async () => {
    handle = await open();
    const migrator = createMigrator(handle.db, handle.engine, handle.schema);
    const first = await migrator.migrateTo('20261122000000_initial');
    expect(first.error).toBeUndefined();
    // Written as the first schema knew it: no delivery columns yet.
    await handle.db
      .insertInto('notifications')
      .values({ id: 'old', title: 'Old news', message: 'From before', sender: 'Gomeum', created_at: 1 })
      .execute();

    await migrateToLatest(handle.db, handle.engine, handle.schema);
    const row = await handle.db.selectFrom('notifications').selectAll().where('id', '=', 'old').executeTakeFirst();
    expect(row).toMatchObject({ title: 'Old news', push_delivered: 0, push_failed: 0 });
    expect(await handle.db.selectFrom('chat_reads').selectAll().execute()).toEqual([]);

    // Running again changes nothing.
    await migrateToLatest(handle.db, handle.engine, handle.schema);
    const migrations = await createMigrator(handle.db, handle.engine, handle.schema).getMigrations();
    expect(migrations.map((m) => m.name)).toContain('20261123000000_inbox_reads_and_delivery');
    expect(migrations.filter((m) => m.executedAt === undefined)).toEqual([]);
  });
});
