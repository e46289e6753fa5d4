import type { Kysely, Selectable } from 'kysely';
import type { Database, GomeumLogsTable, GomeumTasksTable } from '../../db/schema.ts';

/** Row types this repository hands out. */
export type GomeumLogRow = Selectable<GomeumLogsTable>;
export type GomeumTaskRow = Selectable<GomeumTasksTable>;

/** All SQL about Gomeum's own planet tasks and its log entries (the operator writes both). */
export class GomeumTasksRepository {
  constructor(private readonly db: Kysely<Database>) {}

  getTask(planet: string): Promise<GomeumTaskRow | undefined> {
    return this.db.selectFrom('gomeum_tasks').selectAll().where('planet', '=', planet).executeTakeFirst();
  }

  async upsertTask(row: GomeumTaskRow): Promise<void> {
    await this.db
      .insertInto('gomeum_tasks')
      .values(row)
      .onConflict((oc) =>
        oc.column('planet').doUpdateSet({
          description: row.description,
          reward: row.reward,
          proof: row.proof,
          image_key: row.image_key,
          updated_at: row.updated_at,
        }),
      )
      .execute();
  }

  async insertLog(row: GomeumLogRow): Promise<void> {
    await this.db.insertInto('gomeum_logs').values(row).execute();
  }

  /** One of Gomeum's log entries on a planet, or undefined. */
  getLog(planet: string, id: string): Promise<GomeumLogRow | undefined> {
    return this.db
      .selectFrom('gomeum_logs')
      .selectAll()
      .where('planet', '=', planet)
      .where('id', '=', id)
      .executeTakeFirst();
  }

  /** Rewrites a Gomeum log entry's text; true when the entry exists. */
  async updateLogContent(id: string, texts: { content: string; contents: string | null }): Promise<boolean> {
    const result = await this.db.updateTable('gomeum_logs').set(texts).where('id', '=', id).executeTakeFirst();
    return Number(result.numUpdatedRows) > 0;
  }

  /** Removes a Gomeum log entry; true when it existed. */
  async deleteLog(id: string): Promise<boolean> {
    const result = await this.db.deleteFrom('gomeum_logs').where('id', '=', id).executeTakeFirst();
    return Number(result.numDeletedRows) > 0;
  }

  /** Gomeum's log on a planet, newest first. */
  listLogs(planet: string, limit: number): Promise<GomeumLogRow[]> {
    return this.db
      .selectFrom('gomeum_logs')
      .selectAll()
      .where('planet', '=', planet)
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .limit(limit)
      .execute();
  }

  /** The newest Gomeum log time per planet. */
  async latestPerPlanet(): Promise<Map<string, number>> {
    const rows = await this.db
      .selectFrom('gomeum_logs')
      .select(['planet', (eb) => eb.fn.max('created_at').as('latest')])
      .groupBy('planet')
      .execute();
    return new Map(rows.map((r) => [r.planet, r.latest]));
  }

  /** The newest Gomeum log of all: when and on which planet. */
  async latest(): Promise<{ planet: string; created_at: number } | null> {
    const row = await this.db
      .selectFrom('gomeum_logs')
      .select(['planet', 'created_at'])
      .orderBy('created_at', 'desc')
      .limit(1)
      .executeTakeFirst();
    return row ?? null;
  }

  /** The newest Gomeum log on a planet where the user has a confirmed task: when and which planet. */
  async latestFor(userId: string): Promise<{ planet: string; created_at: number } | null> {
    const row = await this.db
      .selectFrom('gomeum_logs as g')
      .innerJoin('user_tasks as t', (join) =>
        join.onRef('t.planet', '=', 'g.planet').on('t.user_id', '=', userId).on('t.confirmed', '=', 1),
      )
      .select(['g.planet', 'g.created_at'])
      .orderBy('g.created_at', 'desc')
      .limit(1)
      .executeTakeFirst();
    return row ?? null;
  }
}
