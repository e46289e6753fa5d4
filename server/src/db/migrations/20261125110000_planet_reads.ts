import type { Kysely } from 'kysely';

/**
 * When each user last looked at each planet's task screen: the galaxy marks a planet where
 * Gomeum wrote something newer.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('planet_reads')
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('planet', 'text', (c) => c.notNull())
    .addColumn('seen_at', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('planet_reads_pk', ['user_id', 'planet'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('planet_reads').execute();
}
