import type { Kysely } from 'kysely';

/**
 * The sender's own id of a chat message: a send retried after an error carries the same id, and
 * the unique index makes the second one find the first instead of storing a duplicate. Messages
 * stored before (and those the server writes itself) have none; NULLs never collide.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('chat_messages').addColumn('client_id', 'text').execute();
  await db.schema
    .createIndex('chat_messages_user_client_id')
    .on('chat_messages')
    .columns(['user_id', 'client_id'])
    .unique()
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('chat_messages_user_client_id').execute();
  await db.schema.alterTable('chat_messages').dropColumn('client_id').execute();
}
