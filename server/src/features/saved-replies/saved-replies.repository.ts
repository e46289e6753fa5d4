import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';

/** A saved reply as stored: its words per language in JSON. */
export interface SavedReplyRow {
  id: string;
  shortcut: string;
  texts: string;
}

/** The operator's saved replies, and what filling one in for a user needs (SQL only here). */
export class SavedRepliesRepository {
  constructor(private readonly db: Kysely<Database>) {}

  list(limit: number): Promise<SavedReplyRow[]> {
    return this.db
      .selectFrom('saved_replies')
      .select(['id', 'shortcut', 'texts'])
      .orderBy('shortcut')
      .limit(limit)
      .execute();
  }

  find(id: string): Promise<SavedReplyRow | undefined> {
    return this.db
      .selectFrom('saved_replies')
      .select(['id', 'shortcut', 'texts'])
      .where('id', '=', id)
      .executeTakeFirst();
  }

  async count(): Promise<number> {
    const row = await this.db
      .selectFrom('saved_replies')
      .select((eb) => eb.fn.countAll<number | string>().as('n'))
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }

  /** Whether another reply (not `exceptId`) has this shortcut. */
  async shortcutTaken(shortcut: string, exceptId?: string): Promise<boolean> {
    let query = this.db.selectFrom('saved_replies').select('id').where('shortcut', '=', shortcut);
    if (exceptId) query = query.where('id', '!=', exceptId);
    return (await query.executeTakeFirst()) !== undefined;
  }

  async insert(row: SavedReplyRow, now: number): Promise<void> {
    await this.db
      .insertInto('saved_replies')
      .values({ ...row, updated_at: now })
      .execute();
  }

  /** Whether the reply existed. */
  async update(row: SavedReplyRow, now: number): Promise<boolean> {
    const result = await this.db
      .updateTable('saved_replies')
      .set({ shortcut: row.shortcut, texts: row.texts, updated_at: now })
      .where('id', '=', row.id)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) > 0;
  }

  async delete(id: string): Promise<boolean> {
    const result = await this.db.deleteFrom('saved_replies').where('id', '=', id).executeTakeFirst();
    return Number(result.numDeletedRows) > 0;
  }

  /** The planet of the user's most recently changed task, if any. */
  async latestPlanet(userId: string): Promise<string | undefined> {
    const row = await this.db
      .selectFrom('user_tasks')
      .select('planet')
      .where('user_id', '=', userId)
      .orderBy('updated_at', 'desc')
      .limit(1)
      .executeTakeFirst();
    return row?.planet;
  }
}
