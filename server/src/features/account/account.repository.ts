import { sql, type Kysely, type Selectable } from 'kysely';
import type { Database, UsersTable } from '../../db/schema.ts';

/** A user row as stored. */
export type AccountRow = Selectable<UsersTable>;

/**
 * Tables holding a user's rows, by the column naming the user, in the order they are deleted.
 * Then the user's files, and the `users` row last; its foreign keys cascade to any table not listed.
 */
const OWNED: readonly { table: keyof Database; column: string }[] = [
  // The inbox's row first: each message deleted after it finds no row to count down (one lookup).
  { table: 'chat_conversations', column: 'user_id' },
  { table: 'sessions', column: 'user_id' },
  { table: 'push_subscriptions', column: 'user_id' },
  { table: 'page_visits', column: 'user_id' },
  { table: 'moon_answers', column: 'user_id' },
  { table: 'chat_reads', column: 'user_id' },
  { table: 'chat_messages', column: 'user_id' },
  { table: 'proof_reactions', column: 'user_id' },
  { table: 'task_reminders', column: 'user_id' },
  { table: 'task_logs', column: 'user_id' },
  { table: 'user_tasks', column: 'user_id' },
  { table: 'user_meta', column: 'user_id' },
];

// Rows read per query while a download streams: memory stays flat however long a history is.
const PAGE = 500;

/** All SQL of a user's data as a whole: reading it for a download, deleting it with the account. */
export class AccountRepository {
  constructor(private readonly db: Kysely<Database>) {}

  findUser(userId: string): Promise<AccountRow | undefined> {
    return this.db.selectFrom('users').selectAll().where('id', '=', userId).executeTakeFirst();
  }

  /** Ids of the user's sessions (to close their live sockets once the rows are gone). */
  async sessionIds(userId: string): Promise<string[]> {
    const rows = await this.db.selectFrom('sessions').select('id').where('user_id', '=', userId).execute();
    return rows.map((row) => row.id);
  }

  /**
   * Deletes every row of the user in one transaction, the user row last. Returns how many rows
   * went and the keys of the files whose records went with them: their stored bytes are the
   * caller's to remove once this has committed.
   */
  async deleteUser(userId: string): Promise<{ rows: number; fileKeys: string[] }> {
    return this.db.transaction().execute(async (trx) => {
      let rows = 0;
      for (const { table, column } of OWNED) {
        const result = await trx.deleteFrom(table).where(sql.ref(column), '=', userId).executeTakeFirst();
        rows += Number(result.numDeletedRows);
      }
      // Read back in the same transaction as they go: a file stored meanwhile is not missed.
      const files = await trx.deleteFrom('files').where('owner_id', '=', userId).returning('key').execute();
      const user = await trx.deleteFrom('users').where('id', '=', userId).executeTakeFirst();
      return { rows: rows + files.length + Number(user.numDeletedRows), fileKeys: files.map((file) => file.key) };
    });
  }

  sessions(userId: string) {
    return this.db
      .selectFrom('sessions')
      .select(['created_at', 'last_seen_at', 'expires_at', 'ip', 'user_agent'])
      .where('user_id', '=', userId)
      .orderBy('created_at')
      .execute();
  }

  tasks(userId: string) {
    return this.db
      .selectFrom('user_tasks')
      .select(['id', 'planet', 'description', 'reward', 'confirmed', 'proof', 'status', 'image_key', 'updated_at'])
      .where('user_id', '=', userId)
      .orderBy('planet')
      .execute();
  }

  /** The user's proofs (task log entries) with Gomeum's reaction to each, page by page, oldest first. */
  async *proofs(userId: string) {
    let after: { created_at: number; id: string } | null = null;
    for (;;) {
      let query = this.db
        .selectFrom('task_logs as l')
        .leftJoin('proof_reactions as r', 'r.log_id', 'l.id')
        .select([
          'l.id',
          'l.planet',
          'l.date',
          'l.title',
          'l.content',
          'l.image_key',
          'l.created_at',
          'r.sender as reaction_sender',
          'r.content as reaction_content',
          'r.created_at as reaction_created_at',
        ])
        .where('l.user_id', '=', userId);
      if (after) {
        const { created_at, id } = after;
        query = query.where((eb) =>
          eb.or([
            eb('l.created_at', '>', created_at),
            eb.and([eb('l.created_at', '=', created_at), eb('l.id', '>', id)]),
          ]),
        );
      }
      const rows = await query.orderBy('l.created_at').orderBy('l.id').limit(PAGE).execute();
      if (rows.length > 0) yield rows;
      if (rows.length < PAGE) return;
      const last = rows[rows.length - 1] as { created_at: number; id: string };
      after = { created_at: last.created_at, id: last.id };
    }
  }

  /** Gomeum's logs on the planets where the user has a task, oldest first. */
  gomeumLogs(userId: string) {
    return this.db
      .selectFrom('gomeum_logs')
      .select(['id', 'planet', 'content', 'contents', 'images', 'created_at'])
      .where('planet', 'in', (eb) => eb.selectFrom('user_tasks').select('planet').where('user_id', '=', userId))
      .orderBy('created_at')
      .orderBy('id')
      .execute();
  }

  /** The user's conversation with Gomeum, page by page, oldest first (each message by its number in it). */
  async *chat(userId: string) {
    let after = 0;
    for (;;) {
      const rows = await this.db
        .selectFrom('chat_messages')
        .select(['seq', 'sender', 'kind', 'content', 'meta', 'created_at'])
        .where('user_id', '=', userId)
        .where('seq', '>', after)
        .orderBy('seq')
        .limit(PAGE)
        .execute();
      if (rows.length > 0) yield rows;
      if (rows.length < PAGE) return;
      after = (rows[rows.length - 1] as { seq: number }).seq;
    }
  }

  moonAnswers(userId: string) {
    return this.db
      .selectFrom('moon_answers as a')
      .innerJoin('moon_questions as q', 'q.id', 'a.question_id')
      .select(['q.number', 'q.question', 'a.answer', 'a.created_at'])
      .where('a.user_id', '=', userId)
      .orderBy('q.number')
      .execute();
  }

  /** The user's page visits, page by page, oldest first. */
  async *visits(userId: string) {
    let after = 0;
    for (;;) {
      const rows = await this.db
        .selectFrom('page_visits')
        .select(['id', 'page', 'ip', 'city', 'country', 'at'])
        .where('user_id', '=', userId)
        .where('id', '>', after)
        .orderBy('id')
        .limit(PAGE)
        .execute();
      if (rows.length > 0) yield rows;
      if (rows.length < PAGE) return;
      after = (rows[rows.length - 1] as { id: number }).id;
    }
  }

  reminders(userId: string) {
    return this.db
      .selectFrom('task_reminders')
      .select(['planet', 'enabled', 'days', 'minute', 'time_zone', 'next_fire_at', 'last_fired_at', 'updated_at'])
      .where('user_id', '=', userId)
      .orderBy('planet')
      .execute();
  }

  pushSubscriptions(userId: string) {
    return this.db
      .selectFrom('push_subscriptions')
      .select(['endpoint', 'locale', 'created_at'])
      .where('user_id', '=', userId)
      .orderBy('created_at')
      .execute();
  }

  meta(userId: string) {
    return this.db
      .selectFrom('user_meta')
      .select(['welcome_shown', 'last_seen_update', 'last_seen_diary', 'keep_asked_at'])
      .where('user_id', '=', userId)
      .executeTakeFirst();
  }

  files(userId: string) {
    return this.db
      .selectFrom('files')
      .select(['key', 'content_type', 'size', 'private', 'created_at'])
      .where('owner_id', '=', userId)
      .orderBy('key')
      .execute();
  }
}
