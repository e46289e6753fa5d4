import { sql, type Kysely, type Selectable } from 'kysely';
import type { Database, ProofReactionsTable } from '../../db/schema.ts';

/** A stored reaction. */
export type ProofReactionRow = Selectable<ProofReactionsTable>;

/** A reaction about to be stored. */
export interface NewReaction {
  logId: string;
  sender: ProofReactionRow['sender'];
  content: string;
  createdAt: number;
}

/** One proof no one has reacted to, with its user and task, for the operator's queue. */
export interface WaitingProofRow {
  id: string;
  user_id: string;
  planet: string;
  date: string;
  title: string;
  content: string;
  image_key: string | null;
  created_at: number;
  email: string | null;
  guest_id: string | null;
  is_guest: number;
  description: string | null;
  reward: string | null;
  goal: number | null;
}

/** A proof with what the AI needs to react to it. */
export interface ProofContextRow {
  id: string;
  user_id: string;
  planet: string;
  date: string;
  title: string;
  content: string;
  locale: string;
  description: string | null;
  reward: string | null;
  goal: number | null;
}

/** All SQL about Gomeum's reactions to proofs. */
export class ReactionsRepository {
  constructor(private readonly db: Kysely<Database>) {}

  /**
   * Stores a reaction unless the proof already has one or no longer exists, in one statement: the
   * proof's id is the table's key, so of writers racing on one proof exactly one row is stored.
   * Returns the stored row, or undefined when this writer lost (or the proof is gone).
   */
  async insertOnce(reaction: NewReaction): Promise<ProofReactionRow | undefined> {
    const result = await this.db
      .insertInto('proof_reactions')
      .columns(['log_id', 'user_id', 'sender', 'content', 'created_at'])
      .expression((eb) =>
        eb
          .selectFrom('task_logs')
          .select([
            'task_logs.id',
            'task_logs.user_id',
            sql<string>`cast(${reaction.sender} as text)`.as('sender'),
            sql<string>`cast(${reaction.content} as text)`.as('content'),
            sql<number>`cast(${reaction.createdAt} as bigint)`.as('created_at'),
          ])
          .where('task_logs.id', '=', reaction.logId),
      )
      .onConflict((oc) => oc.column('log_id').doNothing())
      .executeTakeFirst();
    if (Number(result.numInsertedOrUpdatedRows ?? 0) === 0) return undefined;
    return this.find(reaction.logId);
  }

  find(logId: string): Promise<ProofReactionRow | undefined> {
    return this.db.selectFrom('proof_reactions').selectAll().where('log_id', '=', logId).executeTakeFirst();
  }

  /** The planet of a proof, or undefined when it does not exist. */
  async planetOf(logId: string): Promise<string | undefined> {
    const row = await this.db.selectFrom('task_logs').select('planet').where('id', '=', logId).executeTakeFirst();
    return row?.planet;
  }

  /**
   * Proofs without a reaction (`waiting_proofs`, kept by the database's triggers), with their user
   * and task: newest first, or oldest first after `after` (the queue's pages, a range of an index).
   */
  waiting(
    limit: number,
    oldestFirst = false,
    after: { createdAt: number; logId: string } | null = null,
  ): Promise<WaitingProofRow[]> {
    const order = oldestFirst ? 'asc' : 'desc';
    let query = this.waitingRows();
    if (after) {
      query = query.where((eb) =>
        eb(eb.refTuple('w.created_at', 'w.log_id'), oldestFirst ? '>' : '<', eb.tuple(after.createdAt, after.logId)),
      );
    }
    return query.orderBy('w.created_at', order).orderBy('w.log_id', order).limit(limit).execute();
  }

  /** One proof as the queue lists it, while it waits for a reaction. */
  waitingOne(logId: string): Promise<WaitingProofRow | undefined> {
    return this.waitingRows().where('w.log_id', '=', logId).executeTakeFirst();
  }

  private waitingRows() {
    return this.db
      .selectFrom('waiting_proofs as w')
      .innerJoin('task_logs as l', 'l.id', 'w.log_id')
      .innerJoin('users as u', 'u.id', 'l.user_id')
      .leftJoin('user_tasks as t', (join) =>
        join.onRef('t.user_id', '=', 'l.user_id').onRef('t.planet', '=', 'l.planet'),
      )
      .select([
        'l.id',
        'l.user_id',
        'l.planet',
        'l.date',
        'l.title',
        'l.content',
        'l.image_key',
        'l.created_at',
        'u.email',
        'u.guest_id',
        'u.is_guest',
        't.description',
        't.reward',
        't.goal',
      ]);
  }

  /** How many proofs each (user, planet) of these proofs counts, by `user_id planet`. */
  async counts(pairs: readonly { user_id: string; planet: string }[]): Promise<Map<string, number>> {
    if (pairs.length === 0) return new Map();
    const users = [...new Set(pairs.map((p) => p.user_id))];
    const rows = await this.db
      .selectFrom('task_logs')
      .select(['user_id', 'planet', (eb) => eb.fn.countAll<number | string>().as('n')])
      .where('user_id', 'in', users)
      .groupBy(['user_id', 'planet'])
      .execute();
    return new Map(rows.map((row) => [`${row.user_id} ${row.planet}`, Number(row.n)]));
  }

  /** A proof with its user's language and task, or undefined when it is gone. */
  proofContext(logId: string): Promise<ProofContextRow | undefined> {
    return this.db
      .selectFrom('task_logs as l')
      .innerJoin('users as u', 'u.id', 'l.user_id')
      .leftJoin('user_tasks as t', (join) =>
        join.onRef('t.user_id', '=', 'l.user_id').onRef('t.planet', '=', 'l.planet'),
      )
      .select([
        'l.id',
        'l.user_id',
        'l.planet',
        'l.date',
        'l.title',
        'l.content',
        'u.locale',
        't.description',
        't.reward',
        't.goal',
      ])
      .where('l.id', '=', logId)
      .executeTakeFirst();
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

  /** Reactions to a user's proofs stored after `after`, newest first (at most `limit`), with their planet. */
  after(userId: string, after: number, limit: number): Promise<(ProofReactionRow & { planet: string })[]> {
    return this.db
      .selectFrom('proof_reactions as r')
      .innerJoin('task_logs as l', 'l.id', 'r.log_id')
      .select(['r.log_id', 'r.user_id', 'r.sender', 'r.content', 'r.created_at', 'l.planet'])
      .where('r.user_id', '=', userId)
      .where('r.created_at', '>', after)
      .orderBy('r.created_at', 'desc')
      .limit(limit)
      .execute();
  }
}
