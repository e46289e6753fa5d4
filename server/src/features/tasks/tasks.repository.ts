import type { Kysely, Selectable, Transaction } from 'kysely';
import type {
  Database,
  GomeumLogsTable,
  GomeumTasksTable,
  TaskDefinitionsTable,
  TaskLogsTable,
  UserTasksTable,
} from '../../db/schema.ts';

/** Row types this repository hands out. */
export type UserTaskRow = Selectable<UserTasksTable>;
export type TaskLogRow = Selectable<TaskLogsTable>;
export type GomeumLogRow = Selectable<GomeumLogsTable>;
export type GomeumTaskRow = Selectable<GomeumTasksTable>;
export type TaskDefinitionRow = Selectable<TaskDefinitionsTable>;

type Db = Kysely<Database> | Transaction<Database>;

/** All SQL about planet tasks, proofs and logs. */
export class TasksRepository {
  constructor(private readonly db: Kysely<Database>) {}

  /** Runs `work` in one transaction. */
  transaction<T>(work: (repo: TasksRepository, trx: Transaction<Database>) => Promise<T>): Promise<T> {
    return this.db.transaction().execute((trx) => work(new TasksRepository(trx), trx));
  }

  getDefinition(planet: string): Promise<TaskDefinitionRow | undefined> {
    return this.db.selectFrom('task_definitions').selectAll().where('planet', '=', planet).executeTakeFirst();
  }

  getGomeumTask(planet: string): Promise<GomeumTaskRow | undefined> {
    return this.db.selectFrom('gomeum_tasks').selectAll().where('planet', '=', planet).executeTakeFirst();
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

  /** Sets description and reward and confirms, only if not yet confirmed; false otherwise. */
  async confirmUserTask(id: string, description: string, reward: string, at: number): Promise<boolean> {
    const result = await this.db
      .updateTable('user_tasks')
      .set({ description, reward, confirmed: 1, updated_at: at })
      .where('id', '=', id)
      .where('confirmed', '=', 0)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) > 0;
  }

  async updateUserTask(
    id: string,
    changes: Partial<Pick<UserTaskRow, 'description' | 'reward' | 'proof' | 'status' | 'image_key' | 'updated_at'>>,
  ): Promise<void> {
    await this.db.updateTable('user_tasks').set(changes).where('id', '=', id).execute();
  }

  async insertLog(row: TaskLogRow): Promise<void> {
    await this.db.insertInto('task_logs').values(row).execute();
  }

  /** A user's log on a planet, newest first. */
  listLogs(userId: string, planet: string, limit: number): Promise<TaskLogRow[]> {
    return this.db
      .selectFrom('task_logs')
      .selectAll()
      .where('user_id', '=', userId)
      .where('planet', '=', planet)
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .limit(limit)
      .execute();
  }

  async upsertGomeumTask(row: GomeumTaskRow): Promise<void> {
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

  async insertGomeumLog(row: GomeumLogRow): Promise<void> {
    await this.db.insertInto('gomeum_logs').values(row).execute();
  }

  /** Gomeum's log on a planet, newest first. */
  listGomeumLogs(planet: string, limit: number): Promise<GomeumLogRow[]> {
    return this.db
      .selectFrom('gomeum_logs')
      .selectAll()
      .where('planet', '=', planet)
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .limit(limit)
      .execute();
  }

  /** True when the user exists (the operator may only edit real users' tasks). */
  async userExists(userId: string): Promise<boolean> {
    const row = await this.db.selectFrom('users').select('id').where('id', '=', userId).executeTakeFirst();
    return row !== undefined;
  }
}
