import type { Kysely } from 'kysely';
import { sql } from 'kysely';
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

  // Null until the delivery to every subscription has finished.
  await db.schema.alterTable('notifications').addColumn('push_delivered', 'integer').execute();
  await db.schema.alterTable('notifications').addColumn('push_failed', 'integer').execute();
  // Broadcasts sent before delivery was recorded count as finished, with nothing known.
  await sql`update notifications set push_delivered = 0, push_failed = 0`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('notifications').dropColumn('push_failed').execute();
  await db.schema.alterTable('notifications').dropColumn('push_delivered').execute();
  await db.schema.dropIndex('chat_messages_user_sender').execute();
  await db.schema.dropTable('chat_reads').execute();
}
