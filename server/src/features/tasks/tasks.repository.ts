import { sql, type Kysely, type Selectable, type Transaction } from 'kysely';
import { coalesced, isPostgres } from '../../db/coalesce.ts';
import type {
  Database,
  ProofReactionsTable,
  TaskDefinitionsTable,
  TaskLogsTable,
  UserTasksTable,
} from '../../db/schema.ts';
import { prepared } from '../../db/prepared.ts';

/** Row types this repository hands out. */
export type UserTaskRow = Selectable<UserTasksTable>;
export type TaskLogRow = Selectable<TaskLogsTable>;

/** A proof with Gomeum's reaction to it: the reaction's columns are null while it has none. */
export interface TaskLogWithReactionRow extends TaskLogRow {
  reaction_sender: ProofReactionsTable['sender'] | null;
  reaction_content: string | null;
  reaction_created_at: number | null;
}
export type TaskDefinitionRow = Selectable<TaskDefinitionsTable>;
/** A user's planet task in short: its planet, texts and status. */
export type TaskSummary = Pick<UserTaskRow, 'planet' | 'description' | 'reward' | 'status'>;

type Db = Kysely<Database> | Transaction<Database>;

/** Which page of proofs: a user's on a planet, the newest `limit`. */
interface LogPageKey {
  userId: string;
  planet: string;
  limit: number;
}

/** All SQL about users' planet tasks: the tasks, their proofs (the user's log), Gomeum's dot per planet. */
export class TasksRepository {
  // PostgreSQL: the log pages asked for together are read by one query (see db/coalesce.ts).
  private readonly postgres: boolean;

  constructor(private readonly db: Kysely<Database>) {
    // Inside a transaction, each query runs as its caller asks.
    this.postgres = isPostgres(db) && !db.isTransaction;
  }

  // A page of a user's proofs with Gomeum's reactions: what the task screen and its log read most.
  // One query (a reaction is at most one row per proof), built once (db/prepared.ts).
  private readonly newestLogs = prepared(
    (db, userId: string, planet: string, limit: number) =>
      db
        .selectFrom('task_logs as l')
        .leftJoin('proof_reactions as r', 'r.log_id', 'l.id')
        .selectAll('l')
        .select(['r.sender as reaction_sender', 'r.content as reaction_content', 'r.created_at as reaction_created_at'])
        .where('l.user_id', '=', userId)
        .where('l.planet', '=', planet)
        .orderBy('l.created_at', 'desc')
        .orderBy('l.id', 'desc')
        .limit(limit),
    // The limit is written into the SQL on SQLite (LimitLiteralPlugin).
    { written: [2] },
  );

  // PostgreSQL: many users' pages in one query, each page the same as `newestLogs` reads (a page
  // per asked triple, matched back by its position `n`).
  private readonly newestLogsCoalesced = coalesced<LogPageKey, TaskLogWithReactionRow[]>({
    one: ({ userId, planet, limit }) => this.newestLogs(this.db, userId, planet, limit),
    many: async (keys) => {
      const { rows } = await sql<TaskLogWithReactionRow & { n: number }>`
        select q.n, l.*, r.sender as reaction_sender, r.content as reaction_content, r.created_at as reaction_created_at
        from unnest(${keys.map((k) => k.userId)}::text[], ${keys.map((k) => k.planet)}::text[], ${keys.map((k) => k.limit)}::int[])
          with ordinality as q(user_id, planet, page_size, n)
        cross join lateral (
          select * from task_logs
          where task_logs.user_id = q.user_id and task_logs.planet = q.planet
          order by task_logs.created_at desc, task_logs.id desc
          limit q.page_size
        ) as l
        left join proof_reactions as r on r.log_id = l.id
        order by q.n, l.created_at desc, l.id desc`.execute(this.db);
      const pages = keys.map((): TaskLogWithReactionRow[] => []);
      for (const row of rows) pages[row.n - 1]?.push(row);
      return pages;
    },
  });

  /** Runs `work` in one transaction. */
  transaction<T>(work: (repo: TasksRepository, trx: Transaction<Database>) => Promise<T>): Promise<T> {
    return this.db.transaction().execute((trx) => work(new TasksRepository(trx), trx));
  }

  getDefinition(planet: string): Promise<TaskDefinitionRow | undefined> {
    return this.db.selectFrom('task_definitions').selectAll().where('planet', '=', planet).executeTakeFirst();
  }

  getUserTask(userId: string, planet: string): Promise<UserTaskRow | undefined> {
    return (this.db as Db)
      .selectFrom('user_tasks')
      .selectAll()
      .where('user_id', '=', userId)
      .where('planet', '=', planet)
      .executeTakeFirst();
  }

  /** Inserts a task row; false when one already exists for this user and planet. */
  async insertUserTask(row: UserTaskRow): Promise<boolean> {
    const result = await this.db
      .insertInto('user_tasks')
      .values(row)
      .onConflict((oc) => oc.columns(['user_id', 'planet']).doNothing())
      .executeTakeFirst();
    return Number(result.numInsertedOrUpdatedRows ?? 0) > 0;
  }

  /** Sets description, reward and goal and confirms, only if not yet confirmed; false otherwise. */
  async confirmUserTask(
    id: string,
    set: { description: string; reward: string; goal: number; cadence: 'daily' | 'weekly' | null },
    at: number,
  ): Promise<boolean> {
    const result = await this.db
      .updateTable('user_tasks')
      .set({ ...set, confirmed: 1, updated_at: at })
      .where('id', '=', id)
      .where('confirmed', '=', 0)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) > 0;
  }

  async updateUserTask(
    id: string,
    changes: Partial<
      Pick<UserTaskRow, 'description' | 'reward' | 'proof' | 'status' | 'image_key' | 'updated_at' | 'celebrated_at'>
    >,
  ): Promise<void> {
    await this.db.updateTable('user_tasks').set(changes).where('id', '=', id).execute();
  }

  async insertLog(row: TaskLogRow): Promise<void> {
    await this.db.insertInto('task_logs').values(row).execute();
  }

  /** A user's log on a planet, newest first, each proof with Gomeum's reaction when it has one. */
  listLogs(userId: string, planet: string, limit: number): Promise<TaskLogWithReactionRow[]> {
    return this.postgres
      ? this.newestLogsCoalesced({ userId, planet, limit })
      : this.newestLogs(this.db, userId, planet, limit);
  }

  /** One proof of a user's on a planet, or undefined (someone else's proof is not found either). */
  getLog(userId: string, planet: string, logId: string): Promise<TaskLogRow | undefined> {
    return this.db
      .selectFrom('task_logs')
      .selectAll()
      .where('id', '=', logId)
      .where('user_id', '=', userId)
      .where('planet', '=', planet)
      .executeTakeFirst();
  }

  /** Deletes one proof; false when it was already gone. */
  async deleteLog(logId: string): Promise<boolean> {
    const result = await this.db.deleteFrom('task_logs').where('id', '=', logId).executeTakeFirst();
    return Number(result.numDeletedRows) > 0;
  }

  /** How many proofs the user's log on a planet holds. */
  async countLogs(userId: string, planet: string): Promise<number> {
    const row = await this.db
      .selectFrom('task_logs')
      .select((eb) => eb.fn.countAll<number | string>().as('n'))
      .where('user_id', '=', userId)
      .where('planet', '=', planet)
      .executeTakeFirst();
    return Number(row?.n ?? 0);
  }

  /** When each proof on a planet was made (for streaks), oldest first. */
  async listLogTimes(userId: string, planet: string): Promise<number[]> {
    const rows = await this.db
      .selectFrom('task_logs')
      .select('created_at')
      .where('user_id', '=', userId)
      .where('planet', '=', planet)
      .orderBy('created_at')
      .execute();
    return rows.map((r) => r.created_at);
  }

  /** Marks the goal's celebration shown, once: false when it already was. */
  async markCelebrated(id: string, at: number): Promise<boolean> {
    const result = await this.db
      .updateTable('user_tasks')
      .set({ celebrated_at: at })
      .where('id', '=', id)
      .where('status', '=', 'completed')
      .where('celebrated_at', 'is', null)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) > 0;
  }

  /** Every task of a user, with how many proofs each planet's log holds. */
  async listStandings(userId: string): Promise<{ task: UserTaskRow | undefined; planet: string; count: number }[]> {
    const [tasks, counts] = await Promise.all([
      this.db.selectFrom('user_tasks').selectAll().where('user_id', '=', userId).execute(),
      this.db
        .selectFrom('task_logs')
        .select(['planet', (eb) => eb.fn.countAll<number | string>().as('n')])
        .where('user_id', '=', userId)
        .groupBy('planet')
        .execute(),
    ]);
    const planets = new Set([...tasks.map((t) => t.planet), ...counts.map((c) => c.planet)]);
    return [...planets].map((planet) => ({
      planet,
      task: tasks.find((t) => t.planet === planet),
      count: Number(counts.find((c) => c.planet === planet)?.n ?? 0),
    }));
  }

  /** When Gomeum last reacted to one of the user's proofs, per planet (the galaxy's reaction mark). */
  async latestReactionPerPlanet(userId: string): Promise<Map<string, number>> {
    const rows = await this.db
      .selectFrom('proof_reactions as r')
      .innerJoin('task_logs as l', 'l.id', 'r.log_id')
      .select(['l.planet', (eb) => eb.fn.max('r.created_at').as('latest')])
      .where('r.user_id', '=', userId)
      .groupBy('l.planet')
      .execute();
    return new Map(rows.map((r) => [r.planet, r.latest]));
  }

  /** When the user last looked at each planet's task screen. */
  async planetReads(userId: string): Promise<Map<string, number>> {
    const rows = await this.db.selectFrom('planet_reads').selectAll().where('user_id', '=', userId).execute();
    return new Map(rows.map((r) => [r.planet, r.seen_at]));
  }

  async markPlanetSeen(userId: string, planet: string, at: number): Promise<void> {
    await this.db
      .insertInto('planet_reads')
      .values({ user_id: userId, planet, seen_at: at })
      .onConflict((oc) => oc.columns(['user_id', 'planet']).doUpdateSet({ seen_at: at }))
      .execute();
  }

  /** A user's planet tasks in short, planet by planet (what the chat's AI is told). */
  listSummaries(userId: string): Promise<TaskSummary[]> {
    return this.db
      .selectFrom('user_tasks')
      .select(['planet', 'description', 'reward', 'status'])
      .where('user_id', '=', userId)
      .orderBy('planet')
      .execute();
  }
}
