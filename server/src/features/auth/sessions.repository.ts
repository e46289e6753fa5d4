import { sql, type Kysely, type Selectable } from 'kysely';
import { coalesced, isPostgres } from '../../db/coalesce.ts';
import { prepared } from '../../db/prepared.ts';
import type { Database, SessionsTable, UsersTable } from '../../db/schema.ts';

// Bound parameters per query stay far below SQLite's and PostgreSQL's limits.
const FIND_LIVE_BATCH = 500;

/** A session row as stored. */
export type SessionRow = Selectable<SessionsTable>;

/** A session with its user, as every signed-in request reads it. */
export interface SessionWithUser {
  session: Pick<SessionRow, 'expires_at' | 'last_seen_at'>;
  user: Selectable<UsersTable>;
}

/** The session's own columns come back under `session_` names beside the user's. */
function sessionsWithUsers(db: Kysely<Database>) {
  return db
    .selectFrom('sessions')
    .innerJoin('users', 'users.id', 'sessions.user_id')
    .selectAll('users')
    .select(['sessions.expires_at as session_expires_at', 'sessions.last_seen_at as session_last_seen_at']);
}

function splitRow(row: Selectable<UsersTable> & { session_expires_at: number; session_last_seen_at: number }) {
  const { session_expires_at, session_last_seen_at, ...user } = row;
  return { session: { expires_at: session_expires_at, last_seen_at: session_last_seen_at }, user };
}

/** All SQL about server-side sessions. */
export class SessionsRepository {
  private readonly postgres: boolean;

  constructor(private readonly db: Kysely<Database>) {
    this.postgres = isPostgres(db);
  }

  // Every signed-in request asks this: built once (see db/prepared.ts).
  private readonly sessionWithUser = prepared((db, id: string) =>
    sessionsWithUsers(db).where('sessions.id', '=', id).limit(1),
  );

  // PostgreSQL: the lookups of requests arriving together are one query (see db/coalesce.ts).
  private readonly sessionsWithUsers = prepared((db, ids: string[]) =>
    sessionsWithUsers(db)
      .select('sessions.id as session_id')
      .where('sessions.id', '=', sql<string>`any(${ids})`),
  );

  private async findOne(id: string): Promise<SessionWithUser | undefined> {
    const [row] = await this.sessionWithUser(this.db, id);
    return row && splitRow(row);
  }

  private readonly findCoalesced = coalesced<string, SessionWithUser | undefined>({
    one: (id) => this.findOne(id),
    many: async (ids) => {
      const rows = await this.sessionsWithUsers(this.db, [...new Set(ids)]);
      const found = new Map(rows.map(({ session_id, ...row }) => [session_id, row]));
      return ids.map((id) => {
        const row = found.get(id);
        return row && splitRow(row);
      });
    },
  });

  async insert(row: SessionRow): Promise<void> {
    await this.db.insertInto('sessions').values(row).execute();
  }

  /**
   * A session with its user, in one query (every authenticated request asks this first). The
   * session's own columns come back under `session_` names.
   */
  findWithUser(id: string): Promise<SessionWithUser | undefined> {
    return this.postgres ? this.findCoalesced(id) : this.findOne(id);
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

  /** Lets this session bring the guest's work into its account until `expiresAt`, once (see the account feature). */
  async offerGuestMerge(sessionId: string, guestUserId: string, now: number, expiresAt: number): Promise<void> {
    // Offers nobody answered in time go as new ones are made.
    await this.db.deleteFrom('guest_merges').where('expires_at', '<=', now).execute();
    await this.db
      .insertInto('guest_merges')
      .values({ session_id: sessionId, guest_user_id: guestUserId, created_at: now, expires_at: expiresAt })
      .execute();
  }

  async touch(id: string, at: number): Promise<void> {
    await this.db.updateTable('sessions').set({ last_seen_at: at }).where('id', '=', id).execute();
  }

  async delete(id: string): Promise<void> {
    await this.db.deleteFrom('sessions').where('id', '=', id).execute();
  }

  /** Ends every session of the user but `keepId`; the ids of those ended. */
  async deleteOthersOfUser(userId: string, keepId: string): Promise<string[]> {
    const rows = await this.db
      .deleteFrom('sessions')
      .where('user_id', '=', userId)
      .where('id', '!=', keepId)
      .returning('id')
      .execute();
    return rows.map((row) => row.id);
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
