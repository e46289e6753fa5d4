import type { Kysely } from 'kysely';

/**
 * The operator's alerts (features/operator-alerts): a push to the operator's devices when a user
 * writes to Gomeum or sends a proof while no dashboard is open.
 *
 * - `push_subscriptions.operator_alerts`: each device's own switch (1 = alerts on, the default:
 *   the operator's devices that already take push start getting them).
 * - `operator_alerts`: per user and topic (`chat`, `proof`), when the last alert went out. An
 *   alert is claimed by one conditional upsert (only when the last is older than the quiet
 *   period), so of instances racing on one conversation exactly one sends; the operator's answer
 *   deletes the row, and the next message alerts at once. Rows go with their user.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('push_subscriptions')
    .addColumn('operator_alerts', 'integer', (c) => c.notNull().defaultTo(1))
    .execute();
  await db.schema
    .createTable('operator_alerts')
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('topic', 'text', (c) => c.notNull())
    .addColumn('sent_at', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('operator_alerts_pk', ['user_id', 'topic'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('operator_alerts').execute();
  await db.schema.alterTable('push_subscriptions').dropColumn('operator_alerts').execute();
}
