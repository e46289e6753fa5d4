import { sql, type Kysely } from 'kysely';

/**
 * `users_operators`: the operators among the users, by an index of their own (a partial index,
 * the same on both engines). Every user message that may alert the operator reads their ids;
 * without it each read passed every user (40 ms of CPU a message at a million users).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createIndex('users_operators')
    .on('users')
    .column('id')
    .where(sql.ref('role'), '=', 'operator')
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('users_operators').execute();
}
