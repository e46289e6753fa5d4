import type { Kysely, Selectable } from 'kysely';
import type { Database, UpdatesTable } from '../../db/schema.ts';

/** An update row. */
export type UpdateRow = Selectable<UpdatesTable>;

/** All SQL about the updates diary and who has seen it. */
export class UpdatesRepository {
  constructor(private readonly db: Kysely<Database>) {}

  /** Updates, newest first. */
  list(limit: number): Promise<UpdateRow[]> {
    return this.db
      .selectFrom('updates')
      .selectAll()
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .limit(limit)
      .execute();
  }

  find(id: string): Promise<UpdateRow | undefined> {
    return this.db.selectFrom('updates').selectAll().where('id', '=', id).executeTakeFirst();
  }

  async insert(row: UpdateRow): Promise<void> {
    await this.db.insertInto('updates').values(row).execute();
  }

  /** Changes title and content; false when there is no such update. */
  async update(id: string, fields: { title: string; content: string; updated_at: number }): Promise<boolean> {
    const result = await this.db.updateTable('updates').set(fields).where('id', '=', id).executeTakeFirst();
    return Number(result.numUpdatedRows) > 0;
  }

  /** Sets or clears an update's image; false when there is no such update. */
  async setImage(id: string, imageKey: string | null, at: number): Promise<boolean> {
    const result = await this.db
      .updateTable('updates')
      .set({ image_key: imageKey, updated_at: at })
      .where('id', '=', id)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) > 0;
  }

  /** Deletes an update; false when there was none. */
  async delete(id: string): Promise<boolean> {
    const result = await this.db.deleteFrom('updates').where('id', '=', id).executeTakeFirst();
    return Number(result.numDeletedRows) > 0;
  }

  /** Creation time of the newest update, or null. */
  async latestCreatedAt(): Promise<number | null> {
    const row = await this.db
      .selectFrom('updates')
      .select((eb) => eb.fn.max<number | null>('created_at').as('latest'))
      .executeTakeFirst();
    return row?.latest ?? null;
  }

  /** The newest update creation time this user has seen in the diary (0 when never). */
  async lastSeenDiary(userId: string): Promise<number> {
    const row = await this.db
      .selectFrom('user_meta')
      .select('last_seen_diary')
      .where('user_id', '=', userId)
      .executeTakeFirst();
    return row ? row.last_seen_diary : 0;
  }

  /** Moves the user's last-seen mark forward to `at`; never backwards. */
  async markDiarySeen(userId: string, at: number): Promise<void> {
    await this.db
      .insertInto('user_meta')
      .values({ user_id: userId, welcome_shown: 0, last_seen_update: 0, last_seen_diary: at })
      .onConflict((oc) =>
        oc.column('user_id').doUpdateSet({ last_seen_diary: at }).where('user_meta.last_seen_diary', '<', at),
      )
      .execute();
  }
}
