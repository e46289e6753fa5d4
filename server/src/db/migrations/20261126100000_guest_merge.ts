import type { Kysely } from 'kysely';

/**
 * Guests keep their work. `guest_merges`: a browser that was a guest logged into an account; that
 * new session (and no other) may bring the guest's work into the account, once, until it expires.
 * `user_meta.keep_asked_at`: when a guest was asked, after a proof, whether to keep their progress
 * (asked once).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('guest_merges')
    .addColumn('session_id', 'text', (c) => c.primaryKey().references('sessions.id').onDelete('cascade'))
    .addColumn('guest_user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('expires_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('guest_merges_guest').on('guest_merges').column('guest_user_id').execute();
  await db.schema.alterTable('user_meta').addColumn('keep_asked_at', 'bigint').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('user_meta').dropColumn('keep_asked_at').execute();
  await db.schema.dropTable('guest_merges').execute();
}
