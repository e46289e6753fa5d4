import { sql, type Kysely } from 'kysely';

/**
 * Goals and progress: how many proofs finish a task (1, the first behaviour, for every existing
 * task), an optional cadence, when the goal's celebration was shown, and the user's time zone
 * (days and weeks of a streak are counted in it).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('user_tasks')
    .addColumn('goal', 'integer', (c) => c.notNull().defaultTo(1))
    .execute();
  await db.schema.alterTable('user_tasks').addColumn('cadence', 'text').execute();
  await db.schema.alterTable('user_tasks').addColumn('celebrated_at', 'bigint').execute();
  await db.schema.alterTable('users').addColumn('time_zone', 'text').execute();
  // Tasks completed before goals existed have had their moment: no celebration for them now.
  await sql`update user_tasks set celebrated_at = updated_at where status = 'completed'`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('users').dropColumn('time_zone').execute();
  await db.schema.alterTable('user_tasks').dropColumn('celebrated_at').execute();
  await db.schema.alterTable('user_tasks').dropColumn('cadence').execute();
  await db.schema.alterTable('user_tasks').dropColumn('goal').execute();
}
