import { sql } from 'kysely';
import pg from 'pg';
import { describe, expect, vi } from 'vitest';
import { guestClient } from '../test/accounts.ts';
import { appTest } from '../test/app-test.ts';
import { TEST_DATABASE_URL, type TestApp } from '../test/test-app.ts';

const it = appTest();

describe.skipIf(!TEST_DATABASE_URL)('PostgreSQL connections that the server ends', () => {
  /** The connection losses the app hears from now on (it logs each), each error once. */
  function connectionsLost(t: TestApp): Set<unknown> {
    const lost = new Set<unknown>();
    const warn = vi.spyOn(t.app.log, 'warn');
    warn.mockClear();
    warn.mockImplementation((...args: unknown[]) => {
      const [fields, message] = args as [{ err?: unknown }, string | undefined];
      if (message?.startsWith('database connection lost')) lost.add(fields.err);
    });
    return lost;
  }

  it('are replaced: the process lives on and the next requests succeed', async ({ t }) => {
    const { client } = await guestClient(t);
    expect((await client.get('/api/me')).body).toMatchObject({ role: 'user' });
    // What a `pg_ctl restart` does to every open connection: "terminating connection due to
    // administrator command" (57P01), delivered to idle pool clients as an 'error' event.
    const lost = connectionsLost(t);
    const admin = new pg.Client({ connectionString: TEST_DATABASE_URL });
    await admin.connect();
    try {
      const ended = await admin.query<{ pid: number }>(
        'SELECT pg_terminate_backend(pid) AS pid FROM pg_stat_activity WHERE application_name = $1',
        [`gomeum:${t.config.databaseSchema ?? ''}`],
      );
      expect(ended.rowCount).toBeGreaterThan(0);
      // The app has heard of every connection it lost (the pool drops those).
      await vi.waitFor(() => expect(lost.size).toBe(ended.rowCount));
    } finally {
      await admin.end();
    }
    for (let i = 0; i < 5; i += 1) expect((await client.get('/api/me')).body).toMatchObject({ role: 'user' });
  });

  it('are replaced even when one is lost in the middle of a transaction', async ({ t }) => {
    const lost = connectionsLost(t);
    const admin = new pg.Client({ connectionString: TEST_DATABASE_URL });
    await admin.connect();
    try {
      // Between two queries of a transaction, the connection belongs to no pool: it must have a
      // listener of its own, or its 'error' event ends the process.
      const failed = t.database.db.transaction().execute(async (trx) => {
        const { rows } = await sql<{ pid: number }>`select pg_backend_pid() as pid`.execute(trx);
        await admin.query('SELECT pg_terminate_backend($1)', [rows[0]?.pid]);
        // The loss reached the connection while no query of it was running.
        await vi.waitFor(() => expect(lost.size).toBe(1));
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
