import type { Kysely, Selectable } from 'kysely';
import type { Database, SessionsTable } from '../../db/schema.ts';

// Bound parameters per query stay far below SQLite's and PostgreSQL's limits.
const FIND_LIVE_BATCH = 500;

/** A session row as stored. */
export type SessionRow = Selectable<SessionsTable>;

/** All SQL about server-side sessions. */
export class SessionsRepository {
  constructor(private readonly db: Kysely<Database>) {}

  async insert(row: SessionRow): Promise<void> {
    await this.db.insertInto('sessions').values(row).execute();
  }

  findById(id: string): Promise<SessionRow | undefined> {
    return this.db.selectFrom('sessions').selectAll().where('id', '=', id).executeTakeFirst();
  }

  /** The sessions among `ids` that still exist and have not expired (asked in batches, so any count fits). */
  async findLive(ids: string[], now: number, idleMs: number): Promise<string[]> {
    const live: string[] = [];
    for (let start = 0; start < ids.length; start += FIND_LIVE_BATCH) {
      const rows = await this.db
        .selectFrom('sessions')
        .select('id')
        .where('id', 'in', ids.slice(start, start + FIND_LIVE_BATCH))
        .where('expires_at', '>', now)
        .where('last_seen_at', '>', now - idleMs)
        .execute();
      live.push(...rows.map((row) => row.id));
    }
    return live;
  }

  async touch(id: string, at: number): Promise<void> {
    await this.db.updateTable('sessions').set({ last_seen_at: at }).where('id', '=', id).execute();
  }

  async delete(id: string): Promise<void> {
    await this.db.deleteFrom('sessions').where('id', '=', id).execute();
  }

  /** Removes sessions past their absolute or idle expiry. */
  async deleteExpired(now: number, idleMs: number): Promise<void> {
    await this.db
      .deleteFrom('sessions')
      .where((eb) => eb.or([eb('expires_at', '<=', now), eb('last_seen_at', '<=', now - idleMs)]))
      .execute();
  }

  /** Removes the address sessions started before `before` were opened from; how many. */
  async forgetAddresses(before: number): Promise<number> {
    const result = await this.db
      .updateTable('sessions')
      .set({ ip: null })
      .where('created_at', '<', before)
      .where('ip', 'is not', null)
      .executeTakeFirst();
    return Number(result.numUpdatedRows);
  }
}
