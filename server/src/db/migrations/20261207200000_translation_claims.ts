import type { Kysely } from 'kysely';

/**
 * `translation_claims`: a text and language being translated by the AI right now, claimed by the
 * instance asking (insert first: the one whose row went in asks; the others wait for its kept
 * translation), so two instances never ask for the same new words at once. A claim goes when the
 * translation is kept or fails; one left by a stopped instance is taken over once stale.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('translation_claims')
    .addColumn('source_hash', 'text', (c) => c.notNull())
    .addColumn('target', 'text', (c) => c.notNull())
    .addColumn('claimed_at', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('translation_claims_pk', ['source_hash', 'target'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('translation_claims').execute();
}
