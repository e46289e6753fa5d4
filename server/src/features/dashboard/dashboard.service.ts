import type { DayCount, OperatorUser, Overview } from '@gomeum/contracts';
import { AppError } from '../../lib/errors.ts';
import type { DashboardRepository, DashboardUserRow } from './dashboard.repository.ts';

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

  async listUsers(query: string, page: number, pageSize: number) {
    const { rows, total } = await this.repository.searchUsers(query, pageSize, (page - 1) * pageSize);
    return { items: rows.map(toOperatorUser), total, page, pageSize };
  }

  /** One user as the list shows them; 404 when there is none. */
  async getUser(id: string): Promise<OperatorUser> {
    const row = await this.repository.findUser(id);
    if (!row) throw new AppError(404, 'errors.not_found');
    return toOperatorUser(row);
  }

  /** Visits per day over the last `days` days, for one user or everyone. */
  async visitsPerDay(days: number, userId?: string): Promise<DayCount[]> {
    const now = this.now();
    const from = (Math.floor(now / DAY_MS) - days + 1) * DAY_MS;
    return fillDays(await this.repository.visitsPerDay(from, userId), days, now);
  }

  async overview(days: number): Promise<Overview> {
    const now = this.now();
    const from = (Math.floor(now / DAY_MS) - days + 1) * DAY_MS;
    const startOfToday = Math.floor(now / DAY_MS) * DAY_MS;
    const [perDay, topPages, topCountries, activeUsersToday, counts, unansweredChats] = await Promise.all([
      this.repository.visitsPerDay(from),
      this.repository.topPages(from, 8),
      this.repository.topCountries(from, 8),
      this.repository.activeUsers(startOfToday),
      this.repository.userCounts(),
      this.repository.unansweredChats(),
    ]);
    return {
      visitsPerDay: fillDays(perDay, days, now),
      topPages,
      topCountries,
      activeUsersToday,
      totalUsers: counts.total,
      guestUsers: counts.guests,
      unansweredChats,
    };
  }
}
