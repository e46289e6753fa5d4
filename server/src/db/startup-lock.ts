import { sql } from 'kysely';
import type { DatabaseHandle } from './database.ts';

/**
 * Runs one instance's start-up writes (migrations, starting content, the operator account) while no
 * other instance runs its own: on PostgreSQL under a session advisory lock, so instances started
 * together on an empty database wait for the first one instead of racing it. The lock goes with
 * its connection if the process dies. SQLite serves one process per file, so it needs none.
 */
export async function withStartupLock<T>(database: DatabaseHandle, work: () => Promise<T>): Promise<T> {
  if (database.engine !== 'postgres') return work();
  // Per schema: test files, each in a schema of its own, do not wait for each other.
  const key = `gomeum:startup:${database.schema ?? ''}`;
  return database.db.connection().execute(async (connection) => {
    await sql`select pg_advisory_lock(hashtext(${key}))`.execute(connection);
    try {
      return await work();
    } finally {
      await sql`select pg_advisory_unlock(hashtext(${key}))`.execute(connection);
    }
  });
}
