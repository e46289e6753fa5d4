import { sql, type Kysely, type Selectable } from 'kysely';
import type { Database, UsersTable } from '../../db/schema.ts';

const DAY_MS = 86_400_000;

/** A user row as the operator's list needs it. */
export type DashboardUserRow = Pick<
  Selectable<UsersTable>,
  'id' | 'email' | 'guest_id' | 'is_guest' | 'role' | 'created_at' | 'last_login_at' | 'last_ip'
>;

/** SQL behind the operator's dashboard: user search and the overview's aggregates. */
export class DashboardRepository {
  constructor(private readonly db: Kysely<Database>) {}

  /** Users whose email or guest id contains `query` (case-insensitive), newest first. */
  async searchUsers(
    query: string,
    limit: number,
    offset: number,
  ): Promise<{ rows: DashboardUserRow[]; total: number }> {
    let base = this.db.selectFrom('users');
    if (query) {
      const pattern = `%${query.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
      base = base.where((eb) =>
        eb.or([
          eb(sql`lower(coalesce(email, ''))`, 'like', sql`${pattern} escape '\\'`),
          eb(sql`coalesce(guest_id, '')`, 'like', sql`${pattern} escape '\\'`),
        ]),
      );
    }
    const [rows, count] = await Promise.all([
      base
        .select(['id', 'email', 'guest_id', 'is_guest', 'role', 'created_at', 'last_login_at', 'last_ip'])
        .orderBy('created_at', 'desc')
        .orderBy('id')
        .limit(limit)
        .offset(offset)
        .execute(),
      base.select((eb) => eb.fn.countAll<number | string>().as('n')).executeTakeFirstOrThrow(),
    ]);
    return { rows, total: Number(count.n) };
  }

  /** One user, as the list shows them. */
  findUser(id: string): Promise<DashboardUserRow | undefined> {
    return this.db
      .selectFrom('users')
      .select(['id', 'email', 'guest_id', 'is_guest', 'role', 'created_at', 'last_login_at', 'last_ip'])
      .where('id', '=', id)
      .executeTakeFirst();
  }

  /** Visits per UTC day since `from` (day number = ms / 86 400 000), optionally for one user. */
  async visitsPerDay(from: number, userId?: string): Promise<{ day: number; count: number }[]> {
    let query = this.db
      .selectFrom('page_visits')
      .select([
        sql<number | string>`at / ${sql.lit(DAY_MS)}`.as('day'),
        (eb) => eb.fn.countAll<number | string>().as('count'),
      ])
      .where('at', '>=', from);
    if (userId) query = query.where('user_id', '=', userId);
    const rows = await query.groupBy(sql`at / ${sql.lit(DAY_MS)}`).execute();
    return rows.map((r) => ({ day: Math.floor(Number(r.day)), count: Number(r.count) }));
  }

  /** The most visited pages (path without query) since `from`. */
  async topPages(from: number, limit: number): Promise<{ label: string; count: number }[]> {
    const rows = await this.db
      .selectFrom('page_visits')
      .select(['page', (eb) => eb.fn.countAll<number | string>().as('count')])
      .where('at', '>=', from)
      .groupBy('page')
      .orderBy('count', 'desc')
      .orderBy('page')
      .limit(limit * 4)
      .execute();
    // Fold `/task/music?x=1` into `/task/music`, then keep the top ones.
    const totals = new Map<string, number>();
    for (const row of rows) {
      const path = row.page.split('?')[0] ?? row.page;
      totals.set(path, (totals.get(path) ?? 0) + Number(row.count));
    }
    return [...totals]
      .map(([label, count]) => ({ label, count }))
      .sort((a, b) => b.count - a.count || a.label.localeCompare(b.label))
      .slice(0, limit);
  }

  /** The countries most visits came from since `from` (unknown ones left out). */
  async topCountries(from: number, limit: number): Promise<{ label: string; count: number }[]> {
    const rows = await this.db
      .selectFrom('page_visits')
      .select(['country', (eb) => eb.fn.countAll<number | string>().as('count')])
      .where('at', '>=', from)
      .where('country', 'is not', null)
      .groupBy('country')
      .orderBy('count', 'desc')
      .orderBy('country')
      .limit(limit)
      .execute();
    return rows.map((r) => ({ label: r.country ?? '', count: Number(r.count) }));
  }

  /** Distinct users with a visit since `from`. */
  async activeUsers(from: number): Promise<number> {
    const row = await this.db
      .selectFrom('page_visits')
      .select(sql<number | string>`count(distinct user_id)`.as('n'))
      .where('at', '>=', from)
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }

  /** All users and guests. */
  async userCounts(): Promise<{ total: number; guests: number }> {
    const row = await this.db
      .selectFrom('users')
      .select([
        (eb) => eb.fn.countAll<number | string>().as('total'),
        sql<number | string | null>`sum(is_guest)`.as('guests'),
      ])
      .executeTakeFirstOrThrow();
    return { total: Number(row.total), guests: Number(row.guests ?? 0) };
  }

  /**
   * Conversations that wait for Gomeum: a user message above the operator's read mark. The inbox
   * counts unread the same way (chat repository `unreadCounts`), so the two numbers agree.
   */
  async unansweredChats(): Promise<number> {
    const row = await this.db
      .selectFrom('chat_messages as m')
      .leftJoin('chat_reads as r', 'r.user_id', 'm.user_id')
      .select((eb) => eb.fn.count<number | string>('m.user_id').distinct().as('n'))
      .where('m.sender', '=', 'user')
      .where((eb) => eb('m.id', '>', eb.fn.coalesce('r.read_id', eb.lit(0))))
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }
}
