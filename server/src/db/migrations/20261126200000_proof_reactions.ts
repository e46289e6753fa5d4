import type { Kysely } from 'kysely';

/**
 * Gomeum's reaction to a proof: the operator's reply, or the AI's while the operator is away. The
 * proof's id is the primary key, so the database itself keeps one reaction per proof, whoever
 * writes first; deleting the proof (or the user) deletes its reaction.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('proof_reactions')
    .addColumn('log_id', 'text', (c) => c.primaryKey().references('task_logs.id').onDelete('cascade'))
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('sender', 'text', (c) => c.notNull())
    .addColumn('content', 'text', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('proof_reactions_user').on('proof_reactions').column('user_id').execute();
  // The queue reads proofs newest first.
  await db.schema.createIndex('task_logs_created').on('task_logs').column('created_at').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('task_logs_created').execute();
  await db.schema.dropTable('proof_reactions').execute();
}
