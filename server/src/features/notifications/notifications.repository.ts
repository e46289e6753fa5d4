import type { Kysely, Selectable } from 'kysely';
import type { Database, NotificationsTable } from '../../db/schema.ts';

/** A broadcast row. */
export type NotificationRow = Selectable<NotificationsTable>;

/** All SQL about broadcasts. */
export class NotificationsRepository {
  constructor(private readonly db: Kysely<Database>) {}

  async insert(row: NotificationRow): Promise<void> {
    await this.db.insertInto('notifications').values(row).execute();
  }

  /** Records how the push delivery of a broadcast went. */
  async setDelivery(id: string, delivered: number, failed: number): Promise<void> {
    await this.db
      .updateTable('notifications')
      .set({ push_delivered: delivered, push_failed: failed })
      .where('id', '=', id)
      .execute();
  }

  /** Broadcasts, newest first. */
  list(limit: number): Promise<NotificationRow[]> {
    return this.db
      .selectFrom('notifications')
      .selectAll()
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .limit(limit)
      .execute();
  }
}
