import crypto from 'node:crypto';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { TEST_OPERATOR } from '../test/accounts.ts';
import { createTestApp, TEST_DATABASE_URL } from '../test/test-app.ts';

describe.skipIf(!TEST_DATABASE_URL)('instances starting together on an empty PostgreSQL database', () => {
  it('all come up: migrations run once, the content and the operator exist once', async () => {
    const schema = `test_start_${crypto.randomBytes(5).toString('hex')}`;
    const admin = new pg.Client({ connectionString: TEST_DATABASE_URL });
    await admin.connect();
    await admin.query(`CREATE SCHEMA ${schema}`);
    try {
      const starts = await Promise.allSettled(
        [1, 2, 3].map(() => createTestApp({ databaseSchema: schema, operator: TEST_OPERATOR })),
      );
      const apps = starts.flatMap((start) => (start.status === 'fulfilled' ? [start.value] : []));
      try {
        expect(starts.map((start) => (start.status === 'rejected' ? String(start.reason) : 'up'))).toEqual([
          'up',
          'up',
          'up',
        ]);
        const count = async (query: string) => Number((await admin.query<{ count: string }>(query)).rows[0]?.count);
        expect(await count(`SELECT count(*) FROM ${schema}.kysely_migration`)).toBeGreaterThanOrEqual(2);
        expect(
          await count(
            `SELECT count(*) FROM (SELECT name FROM ${schema}.kysely_migration GROUP BY name HAVING count(*) > 1) d`,
          ),
        ).toBe(0);
        expect(await count(`SELECT count(*) FROM ${schema}.users WHERE role = 'operator'`)).toBe(1);
        expect(await count(`SELECT count(*) FROM ${schema}.task_definitions`)).toBe(7);
        expect(await count(`SELECT count(*) FROM ${schema}.settings WHERE key = 'vapid_keys'`)).toBe(1);
        // Every instance signs pushes with the same stored key.
        expect(new Set(apps.map((app) => app.services.push.publicKey)).size).toBe(1);
      } finally {
        await Promise.all(apps.map((app) => app.app.close()));
      }
    } finally {
      await admin.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
      await admin.end();
    }
  });
});
