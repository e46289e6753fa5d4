import type { Kysely } from 'kysely';

/**
 * When each periodic job (the daily retention job, say) last ran. Every instance checks the jobs;
 * the one whose conditional update moves `last_run_at` forward runs the job, the others do not.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('job_runs')
    .addColumn('name', 'text', (c) => c.primaryKey())
    .addColumn('last_run_at', 'bigint', (c) => c.notNull().defaultTo(0))
    // Which instance ran it last (for the logs of whoever wonders).
    .addColumn('run_by', 'text')
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('job_runs').execute();
}
