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
