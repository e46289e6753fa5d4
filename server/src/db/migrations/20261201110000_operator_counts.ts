import { sql, type Kysely } from 'kysely';
import type { MigrationContext } from '../migrator.ts';

/**
 * What the operator's overview counts, kept by the database instead of counted over every row:
 * `operator_counts` holds, per name, a value in 16 slots (by the first character of the user's
 * id, a UUID), so writers racing on PostgreSQL rarely wait on the same row; a count is the sum of
 * its slots. Kept by triggers in the statement that changes what they count:
 * - `users`, `guests`: rows of `users`, and those that are guests;
 * - `unread_conversations`: conversations (`chat_conversations`) with a user message above the
 *   operator's read mark.
 *
 * And the users list by an index: newest first (`users_created`), and a search by the start of an
 * email address or guest id, a range over the columns' unique indexes. On PostgreSQL those two
 * columns compare by bytes (`collate "C"`): under a language's collation a range is not a prefix.
 */
export async function up(db: Kysely<unknown>, { engine }: MigrationContext): Promise<void> {
  await db.schema
    .createTable('operator_counts')
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('slot', 'text', (c) => c.notNull())
    .addColumn('value', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('operator_counts_key', ['name', 'slot'])
    .execute();
  await sql`
    insert into operator_counts (name, slot, value)
    select 'users', substr(id, 1, 1), count(*) from users group by substr(id, 1, 1)
    union all
    select 'guests', substr(id, 1, 1), count(*) from users where is_guest = 1 group by substr(id, 1, 1)
    union all
    select 'unread_conversations', substr(user_id, 1, 1), count(*) from chat_conversations
      where unread_count > 0 group by substr(user_id, 1, 1)`.execute(db);

  await db.schema.createIndex('users_created').on('users').columns(['created_at desc', 'id']).execute();
  if (engine === 'postgres') {
    for (const column of ['email', 'guest_id']) {
      await sql.raw(`alter table users alter column ${column} type text collate "C"`).execute(db);
    }
  }

  const triggers: [name: string, body: string, event: string][] = [
    [
      'users_counted_insert',
      `${add('users', 'new.id', '1')}; ${add('guests', 'new.id', 'new.is_guest')}`,
      'after insert on users',
    ],
    [
      'users_counted_delete',
      `${add('users', 'old.id', '-1')}; ${add('guests', 'old.id', '-old.is_guest')}`,
      'after delete on users',
    ],
    [
      'users_counted_guest',
      add('guests', 'new.id', 'new.is_guest - old.is_guest'),
      'after update of is_guest on users',
    ],
    [
      'unread_counted_insert',
      add('unread_conversations', 'new.user_id', 'case when new.unread_count > 0 then 1 else 0 end'),
      'after insert on chat_conversations',
    ],
    [
      'unread_counted_update',
      add(
        'unread_conversations',
        'new.user_id',
        'case when new.unread_count > 0 then 1 else 0 end - case when old.unread_count > 0 then 1 else 0 end',
      ),
      'after update of unread_count on chat_conversations',
    ],
    [
      'unread_counted_delete',
      add('unread_conversations', 'old.user_id', 'case when old.unread_count > 0 then -1 else 0 end'),
      'after delete on chat_conversations',
    ],
  ];
  for (const [name, body, event] of triggers) {
    if (engine === 'postgres') {
      await sql
        .raw(`create function ${name}() returns trigger language plpgsql as $$ begin ${body}; return null; end $$`)
        .execute(db);
      await sql.raw(`create trigger ${name} ${event} for each row execute function ${name}()`).execute(db);
    } else {
      await sql.raw(`create trigger ${name} ${event} begin ${body}; end`).execute(db);
    }
  }
}

/** Adds `delta` to the count `name` in the slot of the user `id` (SQL, the same on both engines). */
function add(name: string, id: string, delta: string): string {
  return `insert into operator_counts (name, slot, value) values ('${name}', substr(${id}, 1, 1), ${delta})
    on conflict (name, slot) do update set value = operator_counts.value + excluded.value`;
}

export async function down(db: Kysely<unknown>, { engine }: MigrationContext): Promise<void> {
  const triggers = [
    ['users_counted_insert', 'users'],
    ['users_counted_delete', 'users'],
    ['users_counted_guest', 'users'],
    ['unread_counted_insert', 'chat_conversations'],
    ['unread_counted_update', 'chat_conversations'],
    ['unread_counted_delete', 'chat_conversations'],
  ];
  for (const [name, table] of triggers) {
    if (engine === 'postgres') {
      await sql.raw(`drop trigger ${name} on ${table}`).execute(db);
      await sql.raw(`drop function ${name}()`).execute(db);
    } else {
      await sql.raw(`drop trigger ${name}`).execute(db);
    }
  }
  await db.schema.dropIndex('users_created').execute();
  await db.schema.dropTable('operator_counts').execute();
}
