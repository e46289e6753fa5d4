import type { Insertable, Kysely, Selectable } from 'kysely';
import type { Database, PushSubscriptionsTable } from '../../db/schema.ts';

/** A stored push subscription. */
export type PushSubscriptionRow = Selectable<PushSubscriptionsTable>;

/** All SQL about push subscriptions and the VAPID keys' setting. */
export class PushRepository {
  constructor(private readonly db: Kysely<Database>) {}

  /** Stores a subscription; the same endpoint signing in as someone else moves to that user. */
  async upsert(row: Insertable<PushSubscriptionsTable>): Promise<void> {
    await this.db
      .insertInto('push_subscriptions')
      .values(row)
      .onConflict((oc) =>
        oc
          .column('endpoint')
          .doUpdateSet({ user_id: row.user_id, p256dh: row.p256dh, auth: row.auth, locale: row.locale }),
      )
      .execute();
  }

  findByEndpoint(endpoint: string): Promise<PushSubscriptionRow | undefined> {
    return this.db.selectFrom('push_subscriptions').selectAll().where('endpoint', '=', endpoint).executeTakeFirst();
  }

  /** Up to `limit` subscriptions after `afterId` in id order: the whole table, page by page. */
  page(afterId: string, limit: number): Promise<PushSubscriptionRow[]> {
    return this.db
      .selectFrom('push_subscriptions')
      .selectAll()
      .where('id', '>', afterId)
      .orderBy('id', 'asc')
      .limit(limit)
      .execute();
  }

  listForUser(userId: string): Promise<PushSubscriptionRow[]> {
    return this.db.selectFrom('push_subscriptions').selectAll().where('user_id', '=', userId).execute();
  }

  /** These users' subscriptions whose operator alerts are on. */
  listAlertedFor(userIds: readonly string[]): Promise<PushSubscriptionRow[]> {
    if (userIds.length === 0) return Promise.resolve([]);
    return this.db
      .selectFrom('push_subscriptions')
      .selectAll()
      .where('user_id', 'in', userIds)
      .where('operator_alerts', '=', 1)
      .execute();
  }

  /** One of this user's subscriptions, by its endpoint. */
  findForUser(userId: string, endpoint: string): Promise<PushSubscriptionRow | undefined> {
    return this.db
      .selectFrom('push_subscriptions')
      .selectAll()
      .where('endpoint', '=', endpoint)
      .where('user_id', '=', userId)
      .executeTakeFirst();
  }

  /** Sets the operator-alerts switch of one of this user's subscriptions; false when it is not theirs. */
  async setOperatorAlerts(userId: string, endpoint: string, enabled: boolean): Promise<boolean> {
    const result = await this.db
      .updateTable('push_subscriptions')
      .set({ operator_alerts: enabled ? 1 : 0 })
      .where('endpoint', '=', endpoint)
      .where('user_id', '=', userId)
      .executeTakeFirst();
    return result.numUpdatedRows > 0n;
  }

  async deleteByEndpoint(endpoint: string): Promise<void> {
    await this.db.deleteFrom('push_subscriptions').where('endpoint', '=', endpoint).execute();
  }

  /** Deletes a subscription only if it is this user's. */
  async deleteForUser(userId: string, endpoint: string): Promise<void> {
    await this.db
      .deleteFrom('push_subscriptions')
      .where('endpoint', '=', endpoint)
      .where('user_id', '=', userId)
      .execute();
  }

  /** Deletes every subscription of this user; returns how many there were. */
  async deleteAllForUser(userId: string): Promise<number> {
    const result = await this.db.deleteFrom('push_subscriptions').where('user_id', '=', userId).executeTakeFirst();
    return Number(result.numDeletedRows);
  }

  async getSetting(key: string): Promise<string | undefined> {
    const row = await this.db.selectFrom('settings').select('value').where('key', '=', key).executeTakeFirst();
    return row?.value;
  }

  /** Writes a setting unless one exists; several instances starting at once agree on the first. */
  async insertSettingIfMissing(key: string, value: string): Promise<void> {
    await this.db
      .insertInto('settings')
      .values({ key, value })
      .onConflict((oc) => oc.column('key').doNothing())
      .execute();
  }
}
