import type { Kysely } from 'kysely';
import type { Visit } from '@gomeum/contracts';
import type { Database } from '../../db/schema.ts';

/** All SQL about page visits. */
export class VisitsRepository {
  constructor(private readonly db: Kysely<Database>) {}

  async insert(visit: Visit & { userId: string }): Promise<void> {
    await this.db
      .insertInto('page_visits')
      .values({
        user_id: visit.userId,
        page: visit.page,
        ip: visit.ip,
        city: visit.city,
        country: visit.country,
        at: visit.at,
      })
      .execute();
  }

  /** A user's visits, newest first. */
  listForUser(userId: string, limit: number): Promise<Visit[]> {
    return this.db
      .selectFrom('page_visits')
      .select(['page', 'ip', 'city', 'country', 'at'])
      .where('user_id', '=', userId)
      .orderBy('at', 'desc')
      .orderBy('id', 'desc')
      .limit(limit)
      .execute();
  }

  /** Removes the address of visits made before `before` (city and country stay); how many. */
  async forgetAddresses(before: number): Promise<number> {
    const result = await this.db
      .updateTable('page_visits')
      .set({ ip: null })
      .where('at', '<', before)
      .where('ip', 'is not', null)
      .executeTakeFirst();
    return Number(result.numUpdatedRows);
  }
}
