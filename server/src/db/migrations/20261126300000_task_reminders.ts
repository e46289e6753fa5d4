import type { Kysely } from 'kysely';

/**
 * Reminders per task: on which days of the week (bit 0 = Monday … bit 6 = Sunday) and at which
 * local minute, in which IANA time zone. `next_fire_at` is the next instant it is due (null while
 * off); every instance looks for due rows, and the one whose conditional update moves
 * `next_fire_at` forward sends it, so a reminder goes out once however many instances run.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('task_reminders')
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('planet', 'text', (c) => c.notNull())
    .addColumn('enabled', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('days', 'integer', (c) => c.notNull())
    .addColumn('minute', 'integer', (c) => c.notNull())
    .addColumn('time_zone', 'text', (c) => c.notNull())
    .addColumn('next_fire_at', 'bigint')
    .addColumn('last_fired_at', 'bigint')
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('task_reminders_pk', ['user_id', 'planet'])
    .execute();
  await db.schema.createIndex('task_reminders_next_fire_at').on('task_reminders').column('next_fire_at').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('task_reminders').execute();
}
