import type { DatabaseHandle } from './database.ts';
import { migrateToLatest } from './migrator.ts';
import { seedContent } from './seed.ts';
import { withStartupLock } from './startup-lock.ts';

/**
 * Brings a freshly opened database up to date: migrations, then the starting content when asked,
 * under the startup lock (instances started together on an empty database do not race).
 */
export async function prepareDatabase(database: DatabaseHandle, seed: boolean, now: () => number): Promise<void> {
  await withStartupLock(database, async () => {
    await migrateToLatest(database.db, database.engine, database.schema);
    if (seed) await seedContent(database.db, now());
  });
}
