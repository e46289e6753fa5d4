import type { Kysely } from 'kysely';

/**
 * `saved_replies`: the operator's short texts in up to three languages (`texts`, JSON), each found
 * in the reply box by its `shortcut`.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('saved_replies')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('shortcut', 'text', (c) => c.notNull().unique())
    .addColumn('texts', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('saved_replies').execute();
}
