import type { Kysely } from 'kysely';
import type { MigrationContext } from '../migrator.ts';

/**
 * The user's own read mark in their conversation with Gomeum (features/chat): `chat_reads.user_read_id`,
 * the id of the newest message the user has seen with the chat open, beside the operator's
 * `read_id`. The operator sees which of their replies the user has read; 0 = none yet. It lives
 * and goes with the conversation's row (moved with a guest's merge, deleted with the user).
 */
export async function up(db: Kysely<unknown>, { engine }: MigrationContext): Promise<void> {
  await db.schema
    .alterTable('chat_reads')
    .addColumn('user_read_id', engine === 'postgres' ? 'bigint' : 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('chat_reads').dropColumn('user_read_id').execute();
}
