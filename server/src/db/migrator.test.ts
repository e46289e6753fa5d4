import { afterEach, describe, expect, it } from 'vitest';
import { openTestDatabase } from '../test/test-app.ts';
import type { DatabaseHandle } from './database.ts';
import { createMigrator, migrateToLatest } from './migrator.ts';

describe('migrations', () => {
  let handle: DatabaseHandle | undefined;
  afterEach(async () => {
    await handle?.close();
  });

  it('upgrades a database with data in it: broadcasts sent before delivery was recorded read as done', async () => {
    handle = await openTestDatabase();
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

  it('numbers the messages kept in each conversation, in id order, and every message stored after', async () => {
    handle = await openTestDatabase();
    const { db } = handle;
    const migrator = createMigrator(db, handle.engine, handle.schema);
    expect((await migrator.migrateTo('20261201130000_visit_days')).error).toBeUndefined();
    for (const id of ['mia', 'leo']) {
      await db.insertInto('users').values({ id, role: 'user', is_guest: 1, locale: 'en', created_at: 1 }).execute();
    }
    // Interleaved, as conversations go on side by side (written as that schema knew them: no seq).
    const message = (userId: string, content: string) => ({
      user_id: userId,
      sender: 'user' as const,
      kind: 'message' as const,
      content,
      meta: null,
      created_at: 1,
    });
    for (const [userId, content] of [
      ['mia', 'm1'],
      ['leo', 'l1'],
      ['leo', 'l2'],
      ['mia', 'm2'],
      ['leo', 'l3'],
    ] as const) {
      await db.insertInto('chat_messages').values(message(userId, content)).execute();
    }

    await migrateToLatest(db, handle.engine, handle.schema);
    // Stored without a number (as the chat's own insert does on PostgreSQL): the database numbers it.
    await db.insertInto('chat_messages').values(message('mia', 'm3')).execute();
    const rows = await db.selectFrom('chat_messages').select(['user_id', 'content', 'seq']).orderBy('id').execute();
    expect(rows.map((row) => `${row.user_id} ${row.content} ${row.seq}`)).toEqual([
      'mia m1 1',
      'leo l1 1',
      'leo l2 2',
      'mia m2 2',
      'leo l3 3',
      'mia m3 3',
    ]);
    // Unique within a conversation.
    await expect(
      db
        .insertInto('chat_messages')
        .values({ ...message('leo', 'again'), seq: 3 })
        .execute(),
    ).rejects.toThrow(/unique|UNIQUE/);
  });
});
