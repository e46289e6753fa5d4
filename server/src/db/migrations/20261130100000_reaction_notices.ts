import { sql, type Kysely } from 'kysely';

/**
 * Gomeum's reactions in the user's chat: `user_meta.last_seen_reaction` is the time of the newest
 * reaction to one of the user's proofs already posted into their chat. A chat sync posts the newer
 * ones and moves the mark in one transaction (a conditional update: of syncs racing, one posts).
 * Users who had reactions before this migration have seen them under their proofs: their mark
 * starts now, so no old reaction is posted into their chat.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('user_meta')
    .addColumn('last_seen_reaction', 'bigint', (c) => c.notNull().defaultTo(0))
    .execute();
  await sql`update user_meta set last_seen_reaction = ${Date.now()}`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('user_meta').dropColumn('last_seen_reaction').execute();
}
