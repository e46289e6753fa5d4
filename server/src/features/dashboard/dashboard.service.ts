import type { DayCount, OperatorUser, Overview, UserListPage } from '@gomeum/contracts';
import { AppError } from '../../lib/errors.ts';
import type { DashboardRepository, DashboardUserRow } from './dashboard.repository.ts';

/** The first string after every string that starts with `prefix` (its last character moved on by one). */
export function prefixEnd(prefix: string): string {
  const chars = Array.from(prefix);
  const last = chars.pop() ?? '';
  return chars.join('') + String.fromCodePoint((last.codePointAt(0) ?? 0) + 1);
}

/** Orders strings as the database's index does: by code point (byte order of UTF-8). */
function compareCodePoints(a: string, b: string): number {
  const x = Array.from(a);
  const y = Array.from(b);
  for (let i = 0; i < Math.min(x.length, y.length); i += 1) {
    const diff = (x[i]?.codePointAt(0) ?? 0) - (y[i]?.codePointAt(0) ?? 0);
    if (diff !== 0) return diff;
  }
  return x.length - y.length;
}

const DAY_MS = 86_400_000;

function toOperatorUser(row: DashboardUserRow): OperatorUser {
  return {
    id: row.id,
    email: row.email,
    guestId: row.guest_id,
    isGuest: row.is_guest === 1,
    role: row.role,
    createdAt: row.created_at,
    lastLoginAt: row.last_login_at,
    lastIp: row.last_ip,
  };
}

/** Every UTC day of the window, oldest first, with zero where nothing happened (charts need gaps). */
export function fillDays(counts: { day: number; count: number }[], days: number, now: number): DayCount[] {
  const today = Math.floor(now / DAY_MS);
  const byDay = new Map(counts.map((c) => [c.day, c.count]));
  return Array.from({ length: days }, (_, i) => {
    const day = today - days + 1 + i;
    return { day: new Date(day * DAY_MS).toISOString().slice(0, 10), count: byDay.get(day) ?? 0 };
  });
}

/** What the operator's dashboard reads about users and activity. */
export class DashboardService {
  constructor(
    private readonly repository: DashboardRepository,
    private readonly now: () => number,
  ) {}

  /**
   * A page of users: newest first, or with a query, those whose email or guest id starts with it
   * (in any case) in the order of the value found. `cursor` is the previous page's `next`.
   */
  async listUsers(query: string, cursor: string | undefined, limit: number): Promise<UserListPage> {
    const prefix = query.toLowerCase();
    if (!prefix) {
      const [createdAt = '', id = ''] = cursor?.startsWith('t.') ? cursor.slice(2).split('.') : [];
      const after = createdAt && id ? { createdAt: Number(createdAt), id } : null;
      const [rows, counts] = await Promise.all([
        this.repository.newestUsers(after, limit + 1),
        this.repository.counts(),
      ]);
      const last = rows[limit - 1];
      const next = rows.length > limit && last ? `t.${last.created_at}.${last.id}` : null;
      return { items: rows.slice(0, limit).map(toOperatorUser), next, total: counts.users };
    }
    return this.searchUsers(prefix, cursor?.startsWith('k.') ? cursor.slice(2) : null, limit);
  }

  /**
   * Users whose email or guest id starts with `prefix`: both columns' index ranges after the value
   * `after`, merged in order (a user found by both is listed once, at the first).
   */
  private async searchUsers(prefix: string, after: string | null, limit: number): Promise<UserListPage> {
    const end = prefixEnd(prefix);
    const [byEmail, byGuestId] = await Promise.all([
      this.repository.usersByPrefix('email', prefix, end, after, limit + 1),
      this.repository.usersByPrefix('guest_id', prefix, end, after, limit + 1),
    ]);
    const found = [
      ...byEmail.map((row) => ({ key: row.email ?? '', row })),
      ...byGuestId.map((row) => ({ key: row.guest_id ?? '', row })),
    ].sort((a, b) => compareCodePoints(a.key, b.key));
    const seen = new Set<string>();
    const page: { key: string; row: DashboardUserRow }[] = [];
    let index = 0;
    for (; index < found.length && page.length < limit; index += 1) {
      const entry = found[index] as (typeof found)[number];
      if (seen.has(entry.row.id)) continue;
      seen.add(entry.row.id);
      page.push(entry);
    }
    const left = found.slice(index).some((entry) => !seen.has(entry.row.id));
    const more = left || byEmail.length > limit || byGuestId.length > limit;
    const last = page.at(-1);
    return {
      items: page.map((entry) => toOperatorUser(entry.row)),
      next: more && last ? `k.${last.key}` : null,
      total: null,
    };
  }

  /** One user as the list shows them; 404 when there is none. */
  async getUser(id: string): Promise<OperatorUser> {
    const row = await this.repository.findUser(id);
    if (!row) throw new AppError('errors.not_found');
    return toOperatorUser(row);
  }

  /** Visits per day over the last `days` days, for one user or everyone. */
  async visitsPerDay(days: number, userId?: string): Promise<DayCount[]> {
    const now = this.now();
    const fromDay = Math.floor(now / DAY_MS) - days + 1;
    const counts = userId
      ? await this.repository.userVisitsPerDay(fromDay * DAY_MS, userId)
      : await this.repository.visitsPerDay(fromDay);
    return fillDays(counts, days, now);
  }

  /** The overview: visits, pages and countries over the last `days` days, today's users, the kept counts. */
  async overview(days: number): Promise<Overview> {
    const now = this.now();
    const today = Math.floor(now / DAY_MS);
    const fromDay = today - days + 1;
    const [perDay, topPages, topCountries, activeUsersToday, counts] = await Promise.all([
      this.repository.visitsPerDay(fromDay),
      this.repository.topPages(fromDay, 8),
      this.repository.topCountries(fromDay, 8),
      this.repository.activeUsers(today),
      this.repository.counts(),
    ]);
    return {
      visitsPerDay: fillDays(perDay, days, now),
      topPages,
      topCountries,
      activeUsersToday,
      totalUsers: counts.users,
      guestUsers: counts.guests,
      unansweredChats: counts.unreadConversations,
    };
  }
}
