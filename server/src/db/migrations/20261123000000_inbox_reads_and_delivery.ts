import type { Kysely } from 'kysely';
import type { MigrationContext } from '../migrator.ts';

/**
 * The operator's read mark per conversation (for unread counts), and what became of each
 * broadcast's push delivery.
 */
export async function up(db: Kysely<unknown>, { engine }: MigrationContext): Promise<void> {
  await db.schema
    .createTable('chat_reads')
    .addColumn('user_id', 'text', (c) => c.primaryKey().references('users.id').onDelete('cascade'))
    // The id of the newest message of this conversation the operator has read.
    .addColumn('read_id', engine === 'postgres' ? 'bigint' : 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();

  // Unread counts look up a conversation's user messages above the read mark.
  await db.schema
    .createIndex('chat_messages_user_sender')
    .on('chat_messages')
    .columns(['user_id', 'sender', 'id'])
    .execute();

  // A new broadcast stores null here until delivery to every subscription has finished; those
  // sent before delivery was recorded take the default and count as finished, nothing known.
  for (const column of ['push_delivered', 'push_failed']) {
    await db.schema
      .alterTable('notifications')
      .addColumn(column, 'integer', (c) => c.defaultTo(0))
      .execute();
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('notifications').dropColumn('push_failed').execute();
  await db.schema.alterTable('notifications').dropColumn('push_delivered').execute();
  await db.schema.dropIndex('chat_messages_user_sender').execute();
  await db.schema.dropTable('chat_reads').execute();
}
