import { sql } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { guestClient } from '../test/accounts.ts';
import { createTestApp, TEST_DATABASE_URL, type TestApp } from '../test/test-app.ts';

describe.skipIf(!TEST_DATABASE_URL)('PostgreSQL connections that the server ends', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  it('are replaced: the process lives on and the next requests succeed', async () => {
    const { client } = await guestClient(t);
    expect((await client.get('/api/me')).body).toMatchObject({ role: 'user' });
    // What a `pg_ctl restart` does to every open connection: "terminating connection due to
    // administrator command" (57P01), delivered to idle pool clients as an 'error' event.
    const admin = new pg.Client({ connectionString: TEST_DATABASE_URL });
    await admin.connect();
    try {
      const ended = await admin.query<{ pid: number }>(
        'SELECT pg_terminate_backend(pid) AS pid FROM pg_stat_activity WHERE application_name = $1',
        [`gomeum:${t.config.databaseSchema ?? ''}`],
      );
      expect(ended.rowCount).toBeGreaterThan(0);
    } finally {
      await admin.end();
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
    for (let i = 0; i < 5; i += 1) expect((await client.get('/api/me')).body).toMatchObject({ role: 'user' });
  });

  it('are replaced even when one is lost in the middle of a transaction', async () => {
    const admin = new pg.Client({ connectionString: TEST_DATABASE_URL });
    await admin.connect();
    try {
      // Between two queries of a transaction, the connection belongs to no pool: it must have a
      // listener of its own, or its 'error' event ends the process.
      const failed = t.database.db.transaction().execute(async (trx) => {
        const { rows } = await sql<{ pid: number }>`select pg_backend_pid() as pid`.execute(trx);
        await admin.query('SELECT pg_terminate_backend($1)', [rows[0]?.pid]);
        await new Promise((resolve) => setTimeout(resolve, 200));
        await sql`select 1`.execute(trx);
      });
      await expect(failed).rejects.toThrow();
    } finally {
      await admin.end();
    }
    const { client } = await guestClient(t);
    expect((await client.get('/api/me')).body).toMatchObject({ role: 'user' });
  });
});
