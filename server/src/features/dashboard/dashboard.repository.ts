import { sql, type Kysely, type Selectable } from 'kysely';
import type { Database, UsersTable } from '../../db/schema.ts';

const DAY_MS = 86_400_000;

/** A user row as the operator's list needs it. */
export type DashboardUserRow = Pick<
  Selectable<UsersTable>,
  'id' | 'email' | 'guest_id' | 'is_guest' | 'role' | 'created_at' | 'last_login_at' | 'last_ip'
>;

/** Where a page of users starts: after the user created at `createdAt` with the id `id`. */
export interface NewestCursor {
  createdAt: number;
  id: string;
}

const USER_COLUMNS = ['id', 'email', 'guest_id', 'is_guest', 'role', 'created_at', 'last_login_at', 'last_ip'] as const;

/**
 * SQL behind the operator's dashboard: the users list and the overview, each a page of an index or
 * counts the database keeps (`operator_counts`, `visit_days`, `visit_pages`, `visit_countries`,
 * kept by its triggers), whatever the number of users and visits.
 */
export class DashboardRepository {
  constructor(private readonly db: Kysely<Database>) {}

  /** Users newest first: `limit` of them after `after` (by `users_created`). */
  newestUsers(after: NewestCursor | null, limit: number): Promise<DashboardUserRow[]> {
    let query = this.db.selectFrom('users').select(USER_COLUMNS);
    if (after) {
      const { createdAt, id } = after;
      query = query
        .where('created_at', '<=', createdAt)
        .where((eb) => eb.or([eb('created_at', '<', createdAt), eb('id', '>', id)]));
    }
    return query.orderBy('created_at', 'desc').orderBy('id').limit(limit).execute();
  }

  /**
   * Users whose `column` (email or guest id, both unique) starts with `prefix`, in its order: the
   * range [`prefix`, `end`) of the column's index, `limit` of them after the value `after`.
   */
  usersByPrefix(
    column: 'email' | 'guest_id',
    prefix: string,
    end: string,
    after: string | null,
    limit: number,
  ): Promise<DashboardUserRow[]> {
    return this.db
      .selectFrom('users')
      .select(USER_COLUMNS)
      .where(column, '>=', prefix)
      .where(column, '<', end)
      .$if(after !== null, (query) => query.where(column, '>', after ?? ''))
      .orderBy(column)
      .limit(limit)
      .execute();
  }

  /** One user, as the list shows them. */
  findUser(id: string): Promise<DashboardUserRow | undefined> {
    return this.db.selectFrom('users').select(USER_COLUMNS).where('id', '=', id).executeTakeFirst();
  }

  /** Visits per UTC day (day = ms / 86 400 000) from the day `fromDay` on, everyone's (the kept counts). */
  async visitsPerDay(fromDay: number): Promise<{ day: number; count: number }[]> {
    const rows = await this.db.selectFrom('visit_days').select(['day', 'visits']).where('day', '>=', fromDay).execute();
    return rows.map((r) => ({ day: r.day, count: r.visits }));
  }

  /** One user's visits per UTC day since `from` (ms): counted from their own visits. */
  async userVisitsPerDay(from: number, userId: string): Promise<{ day: number; count: number }[]> {
    const rows = await this.db
      .selectFrom('page_visits')
      .select([
        sql<number | string>`at / ${sql.lit(DAY_MS)}`.as('day'),
        (eb) => eb.fn.countAll<number | string>().as('count'),
      ])
      .where('user_id', '=', userId)
      .where('at', '>=', from)
      .groupBy(sql`at / ${sql.lit(DAY_MS)}`)
      .execute();
    return rows.map((r) => ({ day: Math.floor(Number(r.day)), count: Number(r.count) }));
  }

  /** The most visited pages (paths, without their query) from the day `fromDay` on. */
  async topPages(fromDay: number, limit: number): Promise<{ label: string; count: number }[]> {
    const rows = await this.db
      .selectFrom('visit_pages')
      .select(['page', sql<number | string>`sum(visits)`.as('count')])
      .where('day', '>=', fromDay)
      .groupBy('page')
      .having(sql`sum(visits)`, '>', 0)
      .orderBy('count', 'desc')
      .orderBy('page')
      .limit(limit)
      .execute();
    return rows.map((r) => ({ label: r.page, count: Number(r.count) }));
  }

  /** The countries most visits came from since the day `fromDay` (unknown ones left out). */
  async topCountries(fromDay: number, limit: number): Promise<{ label: string; count: number }[]> {
    const rows = await this.db
      .selectFrom('visit_countries')
      .select(['country', sql<number | string>`sum(visits)`.as('count')])
      .where('day', '>=', fromDay)
      .groupBy('country')
      .having(sql`sum(visits)`, '>', 0)
      .orderBy('count', 'desc')
      .orderBy('country')
      .limit(limit)
      .execute();
    return rows.map((r) => ({ label: r.country, count: Number(r.count) }));
  }

  /** Distinct users with a visit on the day `day`. */
  async activeUsers(day: number): Promise<number> {
    const row = await this.db.selectFrom('visit_days').select('active_users').where('day', '=', day).executeTakeFirst();
    return row?.active_users ?? 0;
  }

  /**
   * The kept counts: all users, guests, and conversations with a user message above the
   * operator's read mark (the inbox counts unread the same way, so the two numbers agree).
   */
  async counts(): Promise<{ users: number; guests: number; unreadConversations: number }> {
    const rows = await this.db
      .selectFrom('operator_counts')
      .select(['name', sql<number | string>`sum(value)`.as('value')])
      .groupBy('name')
      .execute();
    const value = (name: string) => Number(rows.find((row) => row.name === name)?.value ?? 0);
    return { users: value('users'), guests: value('guests'), unreadConversations: value('unread_conversations') };
  }
}
