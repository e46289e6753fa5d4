import type { Kysely } from 'kysely';
import type { Database, OperatorAlertsTable } from '../../db/schema.ts';

/** What an alert is about: a user's conversation with Gomeum, or their proofs. */
export type AlertTopic = OperatorAlertsTable['topic'];

/** All SQL of the operator's alerts: when each conversation was last alerted. */
export class OperatorAlertsRepository {
  constructor(private readonly db: Kysely<Database>) {}

  /**
   * Claims the right to alert of this user's topic at `now`: true when no alert went out since
   * `quietSince` (or ever). One statement, so of callers racing on one topic, on any instance,
   * exactly one gets true.
   */
  async claim(userId: string, topic: AlertTopic, now: number, quietSince: number): Promise<boolean> {
    const row = await this.db
      .insertInto('operator_alerts')
      .values({ user_id: userId, topic, sent_at: now })
      .onConflict((oc) =>
        oc
          .columns(['user_id', 'topic'])
          .doUpdateSet({ sent_at: now })
          .where('operator_alerts.sent_at', '<=', quietSince),
      )
      .returning('user_id')
      .executeTakeFirst();
    return row !== undefined;
  }

  /** The operator answered: the next message of this topic alerts at once. */
  async clear(userId: string, topic: AlertTopic): Promise<void> {
    await this.db.deleteFrom('operator_alerts').where('user_id', '=', userId).where('topic', '=', topic).execute();
  }
}
