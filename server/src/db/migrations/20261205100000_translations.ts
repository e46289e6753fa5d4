import type { Kysely } from 'kysely';

/**
 * `translations`: each text translated for the operator (a user's message, proof or moon answer,
 * a drafted reply, the operator's own reply), once per target language, by the SHA-256 of the
 * text, so the same words are never sent to the AI twice. The operator's reply sent in a user's
 * language is kept here too, as its translation into the operator's language.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('translations')
    .addColumn('source_hash', 'text', (c) => c.notNull())
    .addColumn('target', 'text', (c) => c.notNull())
    .addColumn('text', 'text', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('translations_pk', ['source_hash', 'target'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('translations').execute();
}
