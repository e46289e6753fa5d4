import type { Kysely, Selectable } from 'kysely';
import type { Database, TaskRemindersTable } from '../../db/schema.ts';

/** A stored reminder. */
export type ReminderRow = Selectable<TaskRemindersTable>;

/** What a reminder needs to know of its task: whether it is on, done, and how far along. */
export interface ReminderTask {
  confirmed: boolean;
  completed: boolean;
  description: string;
  goal: number;
  cadence: 'daily' | 'weekly' | null;
  count: number;
  /** When the latest proof was made; null before the first. */
  latestProofAt: number | null;
}

/** All SQL about task reminders. */
export class RemindersRepository {
  constructor(private readonly db: Kysely<Database>) {}

  get(userId: string, planet: string): Promise<ReminderRow | undefined> {
    return this.db
      .selectFrom('task_reminders')
      .selectAll()
      .where('user_id', '=', userId)
      .where('planet', '=', planet)
      .executeTakeFirst();
  }

  /** Stores a user's reminder for a task, replacing the one there was. */
  async upsert(row: ReminderRow): Promise<void> {
    await this.db
      .insertInto('task_reminders')
      .values(row)
      .onConflict((oc) =>
        oc.columns(['user_id', 'planet']).doUpdateSet({
          enabled: row.enabled,
          days: row.days,
          minute: row.minute,
          time_zone: row.time_zone,
          next_fire_at: row.next_fire_at,
          last_fired_at: row.last_fired_at,
          updated_at: row.updated_at,
        }),
      )
      .execute();
  }

  /** Reminders that are on and due at `now`, earliest first. */
  listDue(now: number, limit: number): Promise<ReminderRow[]> {
    return this.db
      .selectFrom('task_reminders')
      .selectAll()
      .where('enabled', '=', 1)
      .where('next_fire_at', '<=', now)
      .orderBy('next_fire_at')
      .limit(limit)
      .execute();
  }

  /**
   * Takes a due reminder's turn: moves its fire time from `seen` to `next`. Only one caller's
   * update finds `seen` still there (on PostgreSQL the others wait for the row, then find it
   * moved), so only one instance sends it; true for that one.
   */
  async claim(userId: string, planet: string, seen: number, next: number | null, now: number): Promise<boolean> {
    const result = await this.db
      .updateTable('task_reminders')
      .set({ next_fire_at: next, last_fired_at: now })
      .where('user_id', '=', userId)
      .where('planet', '=', planet)
      .where('enabled', '=', 1)
      .where('next_fire_at', '=', seen)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  }

  /** The user's task on a planet with its proof count and latest proof; undefined without one. */
  async task(userId: string, planet: string): Promise<ReminderTask | undefined> {
    const task = await this.db
      .selectFrom('user_tasks')
      .select(['confirmed', 'status', 'description', 'goal', 'cadence'])
      .where('user_id', '=', userId)
      .where('planet', '=', planet)
      .executeTakeFirst();
    if (!task) return undefined;
    const proofs = await this.db
      .selectFrom('task_logs')
      .select((eb) => [eb.fn.countAll<number | string>().as('n'), eb.fn.max<number | null>('created_at').as('latest')])
      .where('user_id', '=', userId)
      .where('planet', '=', planet)
      .executeTakeFirst();
    return {
      confirmed: task.confirmed === 1,
      completed: task.status === 'completed',
      description: task.description,
      goal: task.goal,
      cadence: task.cadence,
      count: Number(proofs?.n ?? 0),
      latestProofAt: proofs?.latest ?? null,
    };
  }
}
