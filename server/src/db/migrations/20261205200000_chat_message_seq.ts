import { sql, type Kysely } from 'kysely';
import type { MigrationContext } from '../migrator.ts';

/**
 * `chat_messages.seq`: a message's number in its own conversation (1, 2, 3…), the id its user and
 * the operator see. `id` counts every conversation's messages together, so a user reading the ids
 * of their own messages could tell how many everyone else exchanged in between; `seq` tells them
 * nothing but their own conversation. `id` stays the table's key and what the database's own
 * bookkeeping compares (read marks, `chat_conversations`).
 *
 * Unique per user; a message stored without one is numbered `max(seq) + 1` of its user's:
 * - SQLite (one writer): the chat's insert numbers it in its own statement (so RETURNING carries
 *   it); a trigger numbers any other insert that leaves it out.
 * - PostgreSQL: a trigger before each row takes a lock of the user's (an advisory lock, held to the
 *   end of the transaction) so two instances storing for one user number in turn, then draws the
 *   row's `id` after it: within a conversation, `id`, `seq` and the order of commits agree.
 *
 * Existing messages are numbered here, in id order.
 */
export async function up(db: Kysely<unknown>, { engine }: MigrationContext): Promise<void> {
  await db.schema.alterTable('chat_messages').addColumn('seq', 'integer').execute();
  await sql`
    update chat_messages set seq = numbered.n
    from (select id, row_number() over (partition by user_id order by id) as n from chat_messages) as numbered
    where chat_messages.id = numbered.id`.execute(db);
  await db.schema
    .createIndex('chat_messages_user_seq')
    .on('chat_messages')
    .columns(['user_id', 'seq'])
    .unique()
    .execute();
  if (engine === 'postgres') {
    await sql`alter table chat_messages alter column seq set not null`.execute(db);
    await sql
      .raw(
        `create function chat_messages_seq() returns trigger language plpgsql as $$ begin
          if new.seq is null then
            perform pg_advisory_xact_lock(hashtextextended('chat_messages.seq:' || new.user_id, 0));
            new.seq := coalesce((select max(m.seq) from chat_messages m where m.user_id = new.user_id), 0) + 1;
            new.id := nextval(pg_get_serial_sequence('chat_messages', 'id'));
          end if;
          return new;
        end $$`,
      )
      .execute(db);
    await sql`create trigger chat_messages_seq before insert on chat_messages
      for each row execute function chat_messages_seq()`.execute(db);
  } else {
    await sql`create trigger chat_messages_seq after insert on chat_messages when new.seq is null begin
      update chat_messages set seq = (select coalesce(max(m.seq), 0) + 1 from chat_messages m where m.user_id = new.user_id)
      where id = new.id;
    end`.execute(db);
  }
}

export async function down(db: Kysely<unknown>, { engine }: MigrationContext): Promise<void> {
  if (engine === 'postgres') {
    await sql`drop trigger chat_messages_seq on chat_messages`.execute(db);
    await sql`drop function chat_messages_seq()`.execute(db);
  } else {
    await sql`drop trigger chat_messages_seq`.execute(db);
  }
  await db.schema.dropIndex('chat_messages_user_seq').execute();
  await db.schema.alterTable('chat_messages').dropColumn('seq').execute();
}
