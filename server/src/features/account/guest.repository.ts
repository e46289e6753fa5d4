import { sql, type Kysely, type Transaction } from 'kysely';
import { isPostgres } from '../../db/coalesce.ts';
import type { Database } from '../../db/schema.ts';

type Db = Kysely<Database> | Transaction<Database>;

/** What a merge did: rows moved, merged or removed (all tables together), and the guest's ended sessions. */
export interface MergeOutcome {
  rows: number;
  guestId: string;
  guestSessionIds: string[];
}

const changed = (result: { numUpdatedRows?: bigint; numDeletedRows?: bigint }) =>
  Number(result.numUpdatedRows ?? result.numDeletedRows ?? 0n);

/**
 * All SQL of a guest's work as a whole: bringing it into an account (the merge offered at login),
 * and the one-time "keep your progress?" ask.
 */
export class GuestRepository {
  constructor(private readonly db: Kysely<Database>) {}

  /** Forgets the offer this session holds (declined); whether there was one. */
  async dropOffer(sessionId: string, now: number): Promise<boolean> {
    const result = await this.db
      .deleteFrom('guest_merges')
      .where('session_id', '=', sessionId)
      .where('expires_at', '>', now)
      .executeTakeFirst();
    await this.db.deleteFrom('guest_merges').where('expires_at', '<=', now).execute();
    return Number(result.numDeletedRows) > 0;
  }

  /**
   * Brings the guest named by this session's offer into `userId`, in one transaction: the offer is
   * used up first (so two answers cannot both merge), every row of the guest moves to the account,
   * and the guest (with its sessions) is deleted last. Where both hold a row that may exist once
   * per user, the account's stays and the guest's is folded into it: a task on the same planet (the
   * guest's proofs become entries of the account's task), a moon answer to the same question (the
   * two texts are kept together), the read marks and flags. Null when there is no valid offer.
   */
  async merge(sessionId: string, userId: string, now: number): Promise<MergeOutcome | null> {
    return this.db.transaction().execute(async (trx) => {
      const offer = await trx
        .deleteFrom('guest_merges')
        .where('session_id', '=', sessionId)
        .where('expires_at', '>', now)
        .returning('guest_user_id')
        .executeTakeFirst();
      if (!offer) return null;
      const guestId = offer.guest_user_id;
      const guest = await trx
        .selectFrom('users')
        .select('id')
        .where('id', '=', guestId)
        .where('is_guest', '=', 1)
        .executeTakeFirst();
      if (!guest || guestId === userId) return null;
      let rows = 0;
      rows += await this.moveTasks(trx, guestId, userId);
      rows += await this.moveChat(trx, guestId, userId);
      rows += await this.moveMoonAnswers(trx, guestId, userId);
      rows += await this.movePlanetReads(trx, guestId, userId);
      rows += await this.moveMeta(trx, guestId, userId);
      rows += await this.moveReminders(trx, guestId, userId);
      for (const table of ['push_subscriptions', 'page_visits', 'proof_reactions'] as const) {
        rows += changed(
          await trx.updateTable(table).set({ user_id: userId }).where('user_id', '=', guestId).executeTakeFirst(),
        );
      }
      rows += changed(
        await trx.updateTable('files').set({ owner_id: userId }).where('owner_id', '=', guestId).executeTakeFirst(),
      );
      rows += changed(await trx.deleteFrom('guest_merges').where('guest_user_id', '=', guestId).executeTakeFirst());
      const sessions = await trx.deleteFrom('sessions').where('user_id', '=', guestId).returning('id').execute();
      rows += sessions.length;
      rows += changed(await trx.deleteFrom('users').where('id', '=', guestId).executeTakeFirst());
      return { rows, guestId, guestSessionIds: sessions.map((s) => s.id) };
    });
  }

  /**
   * Proofs all move. A task moves unless the account has one on that planet: then the account's
   * stays, the guest's proofs count towards it, and the guest's task row goes.
   */
  private async moveTasks(trx: Db, guestId: string, userId: string): Promise<number> {
    let rows = changed(
      await trx.updateTable('task_logs').set({ user_id: userId }).where('user_id', '=', guestId).executeTakeFirst(),
    );
    const accountPlanets = trx.selectFrom('user_tasks').select('planet').where('user_id', '=', userId);
    rows += changed(
      await trx
        .updateTable('user_tasks')
        .set({ user_id: userId })
        .where('user_id', '=', guestId)
        .where('planet', 'not in', accountPlanets)
        .executeTakeFirst(),
    );
    const folded = await trx.deleteFrom('user_tasks').where('user_id', '=', guestId).returning('planet').execute();
    rows += folded.length;
    for (const { planet } of folded) {
      const task = await trx
        .selectFrom('user_tasks')
        .select(['id', 'goal', 'confirmed', 'status'])
        .where('user_id', '=', userId)
        .where('planet', '=', planet)
        .executeTakeFirst();
      if (!task || task.confirmed !== 1 || task.status === 'completed') continue;
      const count = await trx
        .selectFrom('task_logs')
        .select((eb) => eb.fn.countAll().as('n'))
        .where('user_id', '=', userId)
        .where('planet', '=', planet)
        .executeTakeFirstOrThrow();
      if (Number(count.n) >= task.goal) {
        await trx.updateTable('user_tasks').set({ status: 'completed' }).where('id', '=', task.id).execute();
      }
    }
    return rows;
  }

  /** A reminder moves unless the account has one for that planet: the account's stays. */
  private async moveReminders(trx: Db, guestId: string, userId: string): Promise<number> {
    const accountPlanets = trx.selectFrom('task_reminders').select('planet').where('user_id', '=', userId);
    let rows = changed(
      await trx
        .updateTable('task_reminders')
        .set({ user_id: userId })
        .where('user_id', '=', guestId)
        .where('planet', 'not in', accountPlanets)
        .executeTakeFirst(),
    );
    rows += changed(await trx.deleteFrom('task_reminders').where('user_id', '=', guestId).executeTakeFirst());
    return rows;
  }

  /**
   * Every message moves (ids keep their order), and the conversation is numbered again in that
   * order (`seq`, see `renumberChat`). A retry id the account already used is dropped from the
   * guest's message (it only matters while a send is retried); the operator's read mark is the
   * account's, or the guest's when the account has none.
   */
  private async moveChat(trx: Db, guestId: string, userId: string): Promise<number> {
    // The guest's inbox row goes first (the guest goes): each message moving then only counts
    // itself into the account's row (the database's triggers), never the guest's again.
    await trx.deleteFrom('chat_conversations').where('user_id', '=', guestId).execute();
    await trx
      .updateTable('chat_messages')
      .set({ client_id: null })
      .where('user_id', '=', guestId)
      .where('client_id', 'in', (eb) =>
        eb
          .selectFrom('chat_messages as mine')
          .select('mine.client_id')
          .where('mine.user_id', '=', userId)
          .where('mine.client_id', 'is not', null),
      )
      .execute();
    await this.numbersAside(trx, guestId, userId);
    let rows = changed(
      await trx.updateTable('chat_messages').set({ user_id: userId }).where('user_id', '=', guestId).executeTakeFirst(),
    );
    await this.renumberChat(trx, userId);
    const accountRead = await trx
      .selectFrom('chat_reads')
      .select('user_id')
      .where('user_id', '=', userId)
      .executeTakeFirst();
    rows += changed(
      accountRead
        ? await trx.deleteFrom('chat_reads').where('user_id', '=', guestId).executeTakeFirst()
        : await trx
            .updateTable('chat_reads')
            .set({ user_id: userId })
            .where('user_id', '=', guestId)
            .executeTakeFirst(),
    );
    return rows;
  }

  /**
   * Before the merge, both conversations' numbers go out of the way (each message takes its id,
   * negated: unique whoever holds it), so no two messages of one user share a number on the way.
   * PostgreSQL: the account's lock of numbers is taken first (see migration
   * 20261205200000_chat_message_seq): a message stored for it meanwhile waits and is numbered after.
   */
  private async numbersAside(trx: Db, guestId: string, userId: string): Promise<void> {
    if (isPostgres(this.db)) {
      await sql`select pg_advisory_xact_lock(hashtextextended(${`chat_messages.seq:${userId}`}, 0))`.execute(trx);
    }
    await trx
      .updateTable('chat_messages')
      .set((eb) => ({ seq: eb.neg(eb.ref('id')) }))
      .where('user_id', 'in', [guestId, userId])
      .execute();
  }

  /** The merged conversation numbered 1, 2, 3… in id order (the order its messages were stored). */
  private async renumberChat(trx: Db, userId: string): Promise<void> {
    await sql`
      update chat_messages set seq = numbered.n
      from (select id, row_number() over (order by id) as n from chat_messages where user_id = ${userId}) as numbered
      where chat_messages.id = numbered.id`.execute(trx);
  }

  /** Answers move; where both answered a question, the account's answer keeps the guest's text after its own. */
  private async moveMoonAnswers(trx: Db, guestId: string, userId: string): Promise<number> {
    const guestAnswers = await trx
      .selectFrom('moon_answers')
      .select(['question_id', 'answer'])
      .where('user_id', '=', guestId)
      .execute();
    let rows = 0;
    for (const { question_id, answer } of guestAnswers) {
      const mine = await trx
        .selectFrom('moon_answers')
        .select('answer')
        .where('user_id', '=', userId)
        .where('question_id', '=', question_id)
        .executeTakeFirst();
      if (!mine) {
        await trx
          .updateTable('moon_answers')
          .set({ user_id: userId })
          .where('user_id', '=', guestId)
          .where('question_id', '=', question_id)
          .execute();
      } else {
        if (mine.answer.trim() !== answer.trim()) {
          await trx
            .updateTable('moon_answers')
            .set({ answer: `${mine.answer}\n\n${answer}` })
            .where('user_id', '=', userId)
            .where('question_id', '=', question_id)
            .execute();
        }
        await trx
          .deleteFrom('moon_answers')
          .where('user_id', '=', guestId)
          .where('question_id', '=', question_id)
          .execute();
      }
      rows += 1;
    }
    return rows;
  }

  /** Planet read marks: the later of the two where both looked at a planet. */
  private async movePlanetReads(trx: Db, guestId: string, userId: string): Promise<number> {
    const reads = await trx.selectFrom('planet_reads').selectAll().where('user_id', '=', guestId).execute();
    for (const read of reads) {
      await trx
        .insertInto('planet_reads')
        .values({ ...read, user_id: userId })
        .onConflict((oc) =>
          oc
            .columns(['user_id', 'planet'])
            .doUpdateSet({ seen_at: read.seen_at })
            .where('planet_reads.seen_at', '<', read.seen_at),
        )
        .execute();
    }
    await trx.deleteFrom('planet_reads').where('user_id', '=', guestId).execute();
    return reads.length;
  }

  /** Flags: the account's row, with what the guest has seen or been shown added to it. */
  private async moveMeta(trx: Db, guestId: string, userId: string): Promise<number> {
    const guest = await trx.selectFrom('user_meta').selectAll().where('user_id', '=', guestId).executeTakeFirst();
    if (!guest) return 0;
    const mine = await trx.selectFrom('user_meta').selectAll().where('user_id', '=', userId).executeTakeFirst();
    if (!mine) {
      await trx.updateTable('user_meta').set({ user_id: userId }).where('user_id', '=', guestId).execute();
      return 1;
    }
    await trx
      .updateTable('user_meta')
      .set({
        welcome_shown: Math.max(mine.welcome_shown, guest.welcome_shown),
        last_seen_update: Math.max(mine.last_seen_update, guest.last_seen_update),
        last_seen_diary: Math.max(mine.last_seen_diary, guest.last_seen_diary),
        last_seen_reaction: Math.max(mine.last_seen_reaction, guest.last_seen_reaction),
      })
      .where('user_id', '=', userId)
      .execute();
    await trx.deleteFrom('user_meta').where('user_id', '=', guestId).execute();
    return 1;
  }

  /**
   * Claims the one-time ask: true only for the first claim of a guest who has a proof (the flag is
   * flipped by a guarded update, so two tabs cannot both get it).
   */
  async claimKeepAsk(userId: string, now: number): Promise<boolean> {
    const proof = await this.db
      .selectFrom('task_logs')
      .select('id')
      .where('user_id', '=', userId)
      .limit(1)
      .executeTakeFirst();
    if (!proof) return false;
    await this.db
      .insertInto('user_meta')
      .values({ user_id: userId, welcome_shown: 0, last_seen_update: 0, last_seen_diary: 0 })
      .onConflict((oc) => oc.column('user_id').doNothing())
      .execute();
    const flipped = await this.db
      .updateTable('user_meta')
      .set({ keep_asked_at: now })
      .where('user_id', '=', userId)
      .where('keep_asked_at', 'is', null)
      .executeTakeFirst();
    return Number(flipped.numUpdatedRows) === 1;
  }
}
