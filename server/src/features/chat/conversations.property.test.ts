import type { ChatConversation, OperatorQueueItem } from '@gomeum/contracts';
import fc from 'fast-check';
import { sql, type Kysely } from 'kysely';
import { describe, expect } from 'vitest';
import type { Database } from '../../db/schema.ts';
import { appTest } from '../../test/app-test.ts';
import type { TestApp } from '../../test/test-app.ts';
import { ChatRepository } from './chat.repository.ts';

/**
 * The inbox, the queue and the overview's counts read from the rows the database keeps equal what
 * the queries they replaced counted over every message, on random histories: messages of every
 * kind (times may tie), read marks, deletions, messages moved to another user, proofs and
 * reactions. The former queries are kept here as they were, as the reference.
 */

const PREVIEW = 120;

/** The conversation list as it was read: grouped over every message, with the read marks. */
async function formerInbox(db: Kysely<Database>) {
  const rows = await db
    .selectFrom('chat_messages as m')
    .select((eb) => ['m.user_id', eb.fn.max('m.id').as('last_id'), eb.fn.countAll().as('message_count')])
    .where('m.kind', '!=', 'unavailable')
    .groupBy('m.user_id')
    .orderBy('last_id', 'desc')
    .limit(500)
    .execute();
  const ids = rows.map((row) => row.user_id);
  const unread = new Map<string, number>();
  const marks = new Map<string, number>();
  if (ids.length > 0) {
    const counted = await db
      .selectFrom('chat_messages as m')
      .leftJoin('chat_reads as r', 'r.user_id', 'm.user_id')
      .select((eb) => ['m.user_id', eb.fn.countAll().as('unread')])
      .where('m.user_id', 'in', ids)
      .where('m.sender', '=', 'user')
      .where((eb) => eb('m.id', '>', eb.fn.coalesce('r.read_id', eb.lit(0))))
      .groupBy('m.user_id')
      .execute();
    for (const row of counted) unread.set(row.user_id, Number(row.unread));
    const read = await db
      .selectFrom('chat_reads')
      .select(['user_id', 'user_read_id'])
      .where('user_id', 'in', ids)
      .execute();
    // The user's read mark as the wire names it: the number of the newest message at or below it.
    for (const row of read) {
      const seen = await db
        .selectFrom('chat_messages')
        .select('seq')
        .where('user_id', '=', row.user_id)
        .where('id', '<=', row.user_read_id)
        .orderBy('id', 'desc')
        .executeTakeFirst();
      marks.set(row.user_id, seen?.seq ?? 0);
    }
  }
  const seqs = new Map(
    (await db.selectFrom('chat_messages').select(['id', 'seq']).execute()).map((m) => [m.id, m.seq]),
  );
  return rows.map((row) => ({
    userId: row.user_id,
    lastId: row.last_id,
    lastSeq: seqs.get(row.last_id),
    messageCount: Number(row.message_count),
    unreadCount: unread.get(row.user_id) ?? 0,
    userReadId: marks.get(row.user_id) ?? 0,
  }));
}

/** The queue as it was made: each listed conversation's waiting part, then the proofs, sorted by time. */
async function formerQueue(db: Kysely<Database>): Promise<OperatorQueueItem[]> {
  const conversations = await formerInbox(db);
  const ids = conversations.map((c) => c.userId);
  const waiting =
    ids.length === 0
      ? []
      : await db
          .selectFrom('chat_messages as m')
          .select((eb) => ['m.user_id', eb.fn.min('m.created_at').as('since'), eb.fn.max('m.id').as('last_id')])
          .where('m.user_id', 'in', ids)
          .where('m.sender', '=', 'user')
          .where((eb) =>
            eb(
              'm.id',
              '>',
              eb.fn.coalesce(
                eb
                  .selectFrom('chat_messages as g')
                  .select((g) => g.fn.max('g.id').as('answered'))
                  .whereRef('g.user_id', '=', 'm.user_id')
                  .where('g.sender', '!=', 'user')
                  .where('g.kind', '=', 'message'),
                eb.lit(0),
              ),
            ),
          )
          .groupBy('m.user_id')
          .execute();
  const byUser = new Map(waiting.map((row) => [row.user_id, row]));
  const users = new Map(
    (await db.selectFrom('users').select(['id', 'email', 'guest_id']).execute()).map((u) => [u.id, u]),
  );
  const name = (id: string) => users.get(id)?.email ?? users.get(id)?.guest_id ?? id;
  const contents = new Map(
    (await db.selectFrom('chat_messages').select(['id', 'content']).execute()).map((m) => [m.id, m.content]),
  );
  const proofs = await db
    .selectFrom('task_logs as l')
    .leftJoin('proof_reactions as r', 'r.log_id', 'l.id')
    .select(['l.id', 'l.user_id', 'l.planet', 'l.title', 'l.content', 'l.created_at'])
    .where('r.log_id', 'is', null)
    .orderBy('l.created_at', 'asc')
    .orderBy('l.id', 'asc')
    .limit(100)
    .execute();
  const items: OperatorQueueItem[] = [
    ...conversations.flatMap((c) => {
      const entry = byUser.get(c.userId);
      if (!entry) return [];
      const preview = (contents.get(entry.last_id) ?? '').slice(0, PREVIEW);
      return [{ kind: 'chat' as const, userId: c.userId, name: name(c.userId), since: entry.since, preview }];
    }),
    ...proofs.map((proof) => ({
      kind: 'proof' as const,
      logId: proof.id,
      userId: proof.user_id,
      name: name(proof.user_id),
      planet: proof.planet as 'music',
      since: proof.created_at,
      preview: (proof.title || proof.content).slice(0, PREVIEW),
    })),
  ];
  return items.sort((a, b) => a.since - b.since);
}

/** The overview's counts as they were counted. */
async function formerCounts(db: Kysely<Database>) {
  const users = await db
    .selectFrom('users')
    .select((eb) => [
      eb.fn.countAll<number | string>().as('total'),
      eb.fn.sum<number | string>('is_guest').as('guests'),
    ])
    .executeTakeFirstOrThrow();
  const unanswered = await db
    .selectFrom('chat_messages as m')
    .leftJoin('chat_reads as r', 'r.user_id', 'm.user_id')
    .select((eb) => eb.fn.count<number | string>('m.user_id').distinct().as('n'))
    .where('m.sender', '=', 'user')
    .where((eb) => eb('m.id', '>', eb.fn.coalesce('r.read_id', eb.lit(0))))
    .executeTakeFirstOrThrow();
  return {
    totalUsers: Number(users.total),
    guestUsers: Number(users.guests),
    unansweredChats: Number(unanswered.n),
  };
}

/** One step of a random history; `who` and `pick` choose among what exists when it runs. */
type Step =
  | { op: 'say'; who: number; sender: 'user' | 'gomeum' | 'gomeum_ai'; kind: string; tick: number }
  | { op: 'read'; who: number; pick: number; user: boolean }
  | { op: 'unsay'; pick: number }
  | { op: 'move'; who: number; to: number }
  | { op: 'proof'; who: number; tick: number }
  | { op: 'react'; pick: number }
  | { op: 'leave'; who: number };

const step: fc.Arbitrary<Step> = fc.oneof(
  {
    weight: 8,
    arbitrary: fc.record({
      op: fc.constant('say' as const),
      who: fc.nat(5),
      sender: fc.constantFrom('user' as const, 'user' as const, 'gomeum' as const, 'gomeum_ai' as const),
      kind: fc.constantFrom('message', 'message', 'message', 'welcome', 'announcement', 'unavailable', 'reaction'),
      tick: fc.nat(2),
    }),
  },
  {
    weight: 3,
    arbitrary: fc.record({ op: fc.constant('read' as const), who: fc.nat(5), pick: fc.nat(), user: fc.boolean() }),
  },
  { weight: 1, arbitrary: fc.record({ op: fc.constant('unsay' as const), pick: fc.nat() }) },
  { weight: 1, arbitrary: fc.record({ op: fc.constant('move' as const), who: fc.nat(5), to: fc.nat(5) }) },
  { weight: 2, arbitrary: fc.record({ op: fc.constant('proof' as const), who: fc.nat(5), tick: fc.nat(2) }) },
  { weight: 1, arbitrary: fc.record({ op: fc.constant('react' as const), pick: fc.nat() }) },
  { weight: 1, arbitrary: fc.record({ op: fc.constant('leave' as const), who: fc.nat(5) }) },
);

const it = appTest();

describe('the kept rows read as the former queries counted', () => {
  let db: Kysely<Database>;
  let chat: ChatRepository;

  it.beforeAll(async ({ t }) => {
    db = t.database.db;
    chat = new ChatRepository(db);
  });

  /** Runs a history on six fresh users (the old ones deleted, which the triggers follow too). */
  async function play(t: TestApp, steps: Step[]) {
    await db.deleteFrom('users').where('role', '=', 'user').execute();
    const users: string[] = [];
    for (let i = 0; i < 6; i += 1) {
      const id = crypto.randomUUID();
      const guest = i % 2;
      users.push(id);
      const email = guest ? null : `u${i}-${id}@example.com`;
      const guestId = guest ? `guest_${id}` : null;
      await db
        .insertInto('users')
        .values({ id, email, guest_id: guestId, role: 'user', is_guest: guest, locale: 'en', created_at: i })
        .execute();
    }
    let at = 1_000;
    let n = 0;
    const alive = (who: number) => users[who % users.length] as string;
    for (const s of steps) {
      if (s.op === 'say') {
        at += s.tick;
        // A user writes messages only; the rest are Gomeum's (as the app stores them).
        const kind = (s.sender === 'user' ? 'message' : s.kind) as 'message';
        n += 1;
        await chat.insert({
          userId: alive(s.who),
          sender: s.sender,
          kind,
          content: `m${n}`,
          meta: null,
          createdAt: at,
        });
      } else if (s.op === 'read') {
        const latest = await chat.latestSeq(alive(s.who));
        const upTo = latest === 0 ? 0 : s.pick % (latest + 1);
        if (s.user) await chat.markUserRead(alive(s.who), upTo, at);
        else await chat.markRead(alive(s.who), upTo, at);
      } else if (s.op === 'unsay') {
        const ids = await db.selectFrom('chat_messages').select('id').orderBy('id').execute();
        const victim = ids[s.pick % Math.max(1, ids.length)];
        if (victim) await db.deleteFrom('chat_messages').where('id', '=', victim.id).execute();
      } else if (s.op === 'move') {
        // As a guest's merge moves them: numbers out of the way, then the whole conversation numbered again.
        const [from, to] = [alive(s.who), alive(s.to)];
        await db
          .updateTable('chat_messages')
          .set((eb) => ({ seq: eb.neg(eb.ref('id')) }))
          .where('user_id', 'in', [from, to])
          .execute();
        await db.updateTable('chat_messages').set({ user_id: to }).where('user_id', '=', from).execute();
        await sql`update chat_messages set seq = numbered.n
          from (select id, row_number() over (order by id) as n from chat_messages where user_id = ${to}) as numbered
          where chat_messages.id = numbered.id`.execute(db);
      } else if (s.op === 'proof') {
        at += s.tick;
        n += 1;
        const log = {
          id: `log-${n}-${crypto.randomUUID()}`,
          user_id: alive(s.who),
          planet: 'music',
          date: '2026-12-01',
        };
        await db
          .insertInto('task_logs')
          .values({ ...log, title: n % 3 ? `proof ${n}` : '', content: `done ${n}`, image_key: null, created_at: at })
          .execute();
      } else if (s.op === 'react') {
        const logs = await db.selectFrom('task_logs').select(['id', 'user_id']).orderBy('id').execute();
        const log = logs[s.pick % Math.max(1, logs.length)];
        if (log) {
          await db
            .insertInto('proof_reactions')
            .values({ log_id: log.id, user_id: log.user_id, sender: 'gomeum', content: 'Nice', created_at: at })
            .onConflict((oc) => oc.column('log_id').doNothing())
            .execute();
        }
      } else {
        const gone = alive(s.who);
        await t.services.account.deleteByOperator(gone, gone);
        const id = crypto.randomUUID();
        users[s.who % users.length] = id;
        await db
          .insertInto('users')
          .values({ id, email: `new-${id}@example.com`, role: 'user', is_guest: 0, locale: 'en', created_at: at })
          .execute();
      }
    }
  }

  /** Every page of the inbox, then of the queue, `size` at a time, as the dashboard reads them. */
  async function readPages(t: TestApp, size: number) {
    const conversations: ChatConversation[] = [];
    let before: number | undefined;
    for (;;) {
      const page = await t.services.inbox.page({ before, limit: size });
      conversations.push(...page.conversations);
      if (page.next === null) break;
      before = page.next;
    }
    const queue: OperatorQueueItem[] = [];
    let cursor: string | undefined;
    for (;;) {
      const page = await t.services.inbox.queue({ cursor, limit: size });
      queue.push(...page.items);
      if (page.next === null) break;
      cursor = page.next;
    }
    return { conversations, queue };
  }

  it('on random histories: the same conversations, queue and counts, page by page', async ({ t }) => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(step, { minLength: 1, maxLength: 40 }),
        fc.integer({ min: 1, max: 4 }),
        async (steps, size) => {
          await play(t, steps);
          const { conversations, queue } = await readPages(t, size);
          const inbox = conversations.map((c) => ({
            userId: c.userId,
            lastId: c.position,
            lastSeq: c.lastMessage.id,
            messageCount: c.messageCount,
            unreadCount: c.unreadCount,
            userReadId: c.userReadId ?? 0,
          }));
          expect(inbox).toEqual(await formerInbox(db));
          // A conversation's version is new (the former queue had none).
          const unversioned = queue.map((item) =>
            item.kind === 'chat'
              ? { kind: item.kind, userId: item.userId, name: item.name, since: item.since, preview: item.preview }
              : item,
          );
          expect(unversioned).toEqual(await formerQueue(db));
          const overview = await t.services.dashboard.overview(1);
          expect({
            totalUsers: overview.totalUsers,
            guestUsers: overview.guestUsers,
            unansweredChats: overview.unansweredChats,
          }).toEqual(await formerCounts(db));
        },
      ),
      {
        numRuns: Number(process.env.PROPERTY_RUNS ?? 40),
        seed: Number(process.env.PROPERTY_SEED ?? Date.now() % 2 ** 31),
      },
    );
  });
});
