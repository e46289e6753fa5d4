import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';

/** All SQL of presence: the `presence` table (the operator's switch, each instance's open dashboards). */
export class PresenceRepository {
  constructor(private readonly db: Kysely<Database>) {}

  /** Reads a presence row's flag; `fallback` when the row is missing. */
  async presenceFlag(key: string, fallback: number): Promise<number> {
    const row = await this.db.selectFrom('presence').select('online').where('key', '=', key).executeTakeFirst();
    return row ? row.online : fallback;
  }

  /** When a presence row was last written; null when it is missing. */
  async updatedAt(key: string): Promise<number | null> {
    const row = await this.db.selectFrom('presence').select('updated_at').where('key', '=', key).executeTakeFirst();
    return row ? row.updated_at : null;
  }

  /** Writes a presence row. */
  async setPresence(key: string, online: number, now: number): Promise<void> {
    await this.db
      .insertInto('presence')
      .values({ key, online, updated_at: now })
      .onConflict((oc) => oc.column('key').doUpdateSet({ online, updated_at: now }))
      .execute();
  }

  /** How many presence rows with this key prefix are on and were refreshed since `since`. */
  async countFresh(prefix: string, since: number): Promise<number> {
    const row = await this.db
      .selectFrom('presence')
      .select((eb) => eb.fn.countAll().as('n'))
      .where('key', 'like', `${prefix}%`)
      .where('online', '>', 0)
      .where('updated_at', '>=', since)
      .executeTakeFirst();
    return Number(row?.n ?? 0);
  }
}
