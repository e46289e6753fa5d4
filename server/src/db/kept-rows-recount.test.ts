import crypto from 'node:crypto';
import { isDeepStrictEqual } from 'node:util';
import { afterEach, describe, expect, it } from 'vitest';
import { openTestDatabase, TEST_DATABASE_URL } from '../test/test-app.ts';
import type { DatabaseHandle } from './database.ts';
import { createMigrator, migrateToLatest } from './migrator.ts';
import type { Database } from './schema.ts';
import type { Kysely } from 'kysely';

/**
 * The operator's kept rows (conversations, counts, waiting proofs, visits per day) are right after
 * the migrations that make them ran while another instance kept writing (PostgreSQL: a deployment
 * runs the previous build beside the new one): every write is counted once, by the migration's
 * count or by the triggers after it (20261206100000_kept_rows_recounted). What they should hold
 * is worked out here from the rows themselves.
 */

const DAY = 86_400_000;
const BEFORE_KEPT_ROWS = '20261130200000_chat_user_reads';
const LAST_BEFORE_RECOUNT = '20261205200000_chat_message_seq';

/** Another instance: random writes, each its own statement, until told to stop. */
function writer(db: Kysely<Database>, users: string[], logs: string[], rand: () => number) {
  const running = { stop: false };
  let writes = 0;
  let at = 5_000_000;
  const pick = <T>(list: readonly T[]) => list[Math.floor(rand() * list.length)] as T;
  const step = async () => {
    at += 1_000;
    const user = pick(users);
    const roll = rand();
    if (roll < 0.45) {
      const sender = pick(['user', 'user', 'gomeum', 'gomeum_ai'] as const);
      const kind = sender === 'user' ? 'message' : pick(['message', 'message', 'unavailable', 'reaction'] as const);
      await db
        .insertInto('chat_messages')
        .values({ user_id: user, sender, kind, content: `w${writes}`, meta: null, created_at: at })
        .execute();
    } else if (roll < 0.6) {
      const top = await db
        .selectFrom('chat_messages')
        .select((eb) => eb.fn.max('id').as('id'))
        .executeTakeFirst();
      const readId = Math.floor(rand() * (top?.id ?? 0));
      await db
        .insertInto('chat_reads')
        .values({ user_id: user, read_id: readId, updated_at: at })
        .onConflict((oc) => oc.column('user_id').doUpdateSet({ read_id: readId }))
        .execute();
    } else if (roll < 0.7) {
      const id = crypto.randomUUID();
      await db
        .insertInto('users')
        .values({ id, email: null, guest_id: `guest_${id}`, role: 'user', is_guest: 1, locale: 'en', created_at: at })
        .execute();
      users.push(id);
    } else if (roll < 0.8) {
      const id = crypto.randomUUID();
      const proof = { id, user_id: user, planet: 'music', date: '2026-12-01', title: 'P', content: 'Done' };
      await db
        .insertInto('task_logs')
        .values({ ...proof, image_key: null, created_at: at })
        .execute();
      logs.push(id);
    } else if (roll < 0.85) {
      await db
        .insertInto('proof_reactions')
        .values({ log_id: pick(logs), user_id: user, sender: 'gomeum', content: 'Nice', created_at: at })
        .onConflict((oc) => oc.column('log_id').doNothing())
        .execute();
    } else {
      const page = pick(['/', '/galaxy?from=home', '/moon']);
      await db
        .insertInto('page_visits')
        .values({ user_id: user, page, ip: null, city: null, country: pick(['KR', null]), at: 400 * DAY + at * 37 })
        .execute();
    }
    writes += 1;
  };
  let failed: unknown;
  const done = (async () => {
    while (!running.stop) await step();
  })().catch((error: unknown) => {
    failed = error ?? new Error('the writer stopped');
  });
  return {
    writes: () => writes,
    /** Each write is a request of its own: none may fail (a deadlock with the migration would). */
    failed: () => failed,
    stop: async () => {
      running.stop = true;
      await done;
    },
  };
}

/** What the kept rows should hold, from the rows they count. */
async function expected(db: Kysely<Database>) {
  const messages = await db.selectFrom('chat_messages').selectAll().orderBy('id').execute();
  const reads = new Map((await db.selectFrom('chat_reads').selectAll().execute()).map((r) => [r.user_id, r.read_id]));
  const conversations = new Map<string, Record<string, number | null>>();
  for (const userId of new Set(messages.map((m) => m.user_id))) {
    const own = messages.filter((m) => m.user_id === userId);
    const shown = own.filter((m) => m.kind !== 'unavailable');
    if (shown.length === 0) continue;
    const answered = Math.max(0, ...own.filter((m) => m.sender !== 'user' && m.kind === 'message').map((m) => m.id));
    const waiting = own.filter((m) => m.sender === 'user' && m.id > answered);
    conversations.set(userId, {
      last_id: Math.max(...shown.map((m) => m.id)),
      message_count: shown.length,
      unread_count: own.filter((m) => m.sender === 'user' && m.id > (reads.get(userId) ?? 0)).length,
      answered_id: answered,
      waiting_since: waiting.length ? Math.min(...waiting.map((m) => m.created_at)) : null,
      waiting_id: waiting.length ? Math.max(...waiting.map((m) => m.id)) : null,
    });
  }
  const users = await db.selectFrom('users').select(['id', 'is_guest']).execute();
  const reacted = new Set((await db.selectFrom('proof_reactions').select('log_id').execute()).map((r) => r.log_id));
  const logs = await db.selectFrom('task_logs').select('id').execute();
  const visits = await db.selectFrom('page_visits').select(['user_id', 'at']).execute();
  const days = new Map<number, { visits: number; users: Set<string> }>();
  const lastDay = new Map<string, number>();
  for (const visit of visits) {
    const day = Math.floor(visit.at / DAY);
    const entry = days.get(day) ?? { visits: 0, users: new Set<string>() };
    entry.visits += 1;
    entry.users.add(visit.user_id);
    days.set(day, entry);
    lastDay.set(visit.user_id, Math.max(lastDay.get(visit.user_id) ?? day, day));
  }
  return {
    conversations,
    counts: {
      users: users.length,
      guests: users.filter((u) => u.is_guest === 1).length,
      unread_conversations: [...conversations.values()].filter((c) => (c.unread_count ?? 0) > 0).length,
    },
    waiting: logs.filter((l) => !reacted.has(l.id)).map((l) => l.id),
    days: new Map([...days].map(([day, e]) => [day, { visits: e.visits, active_users: e.users.size }])),
    lastDay,
  };
}

/** What the kept rows hold. */
async function kept(db: Kysely<Database>) {
  const rows = await db.selectFrom('chat_conversations').selectAll().execute();
  const counts = await db
    .selectFrom('operator_counts')
    .select(['name', (eb) => eb.fn.sum<number | string>('value').as('n')])
    .groupBy('name')
    .execute();
  const count = (name: string) => Number(counts.find((c) => c.name === name)?.n ?? 0);
  const days = await db.selectFrom('visit_days').selectAll().where('visits', '>', 0).execute();
  const users = await db.selectFrom('users').select(['id', 'last_visit_day']).execute();
  return {
    conversations: new Map(
      rows.map((c) => [
        c.user_id,
        {
          last_id: c.last_id,
          message_count: c.message_count,
          unread_count: c.unread_count,
          answered_id: c.answered_id,
          waiting_since: c.waiting_since,
          waiting_id: c.waiting_id,
        },
      ]),
    ),
    counts: { users: count('users'), guests: count('guests'), unread_conversations: count('unread_conversations') },
    waiting: (await db.selectFrom('waiting_proofs').select('log_id').execute()).map((w) => w.log_id),
    days: new Map(days.map((d) => [d.day, { visits: d.visits, active_users: d.active_users }])),
    lastDay: new Map(users.flatMap((u) => (u.last_visit_day === null ? [] : [[u.id, u.last_visit_day] as const]))),
  };
}

/** 400 users, 60 messages each (a fifth of them Gomeum's answers), half read, a proof and a visit each. */
async function seed(db: Kysely<Database>) {
  const users = Array.from({ length: 400 }, () => crypto.randomUUID());
  for (let i = 0; i < users.length; i += 100) {
    await db
      .insertInto('users')
      .values(
        users.slice(i, i + 100).map((id, k) => ({
          id,
          email: (i + k) % 2 ? null : `${id}@example.com`,
          guest_id: (i + k) % 2 ? `guest_${id}` : null,
          role: 'user' as const,
          is_guest: (i + k) % 2,
          locale: 'en',
          created_at: i + k,
        })),
      )
      .execute();
  }
  let state = 7;
  const rand = () => (state = (state * 1_103_515_245 + 12_345) % 2 ** 31) / 2 ** 31;
  for (const [i, user] of users.entries()) {
    const messages = Array.from({ length: 60 }, (_, k) => ({
      user_id: user,
      sender: k % 5 === 4 ? ('gomeum' as const) : ('user' as const),
      kind: 'message' as const,
      content: `m${k}`,
      meta: null,
      created_at: i * 100 + k,
    }));
    const stored = await db.insertInto('chat_messages').values(messages).returning('id').execute();
    const readId = stored[30]?.id ?? 0;
    if (i % 2 === 0)
      await db.insertInto('chat_reads').values({ user_id: user, read_id: readId, updated_at: 1 }).execute();
  }
  const logs = users.map(() => crypto.randomUUID());
  await db
    .insertInto('task_logs')
    .values(
      logs.map((id, i) => ({
        id,
        user_id: users[i] as string,
        planet: 'food',
        date: '2026-11-30',
        title: '',
        content: 'Soup',
        image_key: null,
        created_at: i,
      })),
    )
    .execute();
  await db
    .insertInto('page_visits')
    .values(
      users.map((user, i) => ({ user_id: user, page: '/?x=1', ip: null, city: null, country: 'CN', at: i * DAY })),
    )
    .execute();

  return { users, logs, rand };
}

describe.skipIf(!TEST_DATABASE_URL)('the kept rows, made while another instance writes (PostgreSQL)', () => {
  let handle: DatabaseHandle | undefined;
  afterEach(async () => {
    await handle?.close();
  });

  /** A database of its own, migrated up to `version`, with the seed's rows. */
  async function start(version: string) {
    handle = await openTestDatabase();
    expect((await createMigrator(handle.db, 'postgres', handle.schema).migrateTo(version)).error).toBeUndefined();
    return { db: handle.db, ...(await seed(handle.db)) };
  }

  /** Migrates to the latest while another instance writes, then writes a little more (through the triggers). */
  async function migrateUnderWrites(db: Kysely<Database>, { users, logs, rand }: Awaited<ReturnType<typeof seed>>) {
    const busy = writer(db, users, logs, rand);
    await migrateToLatest(db, 'postgres', handle?.schema);
    const after = busy.writes() + 50;
    while (busy.writes() < after && busy.failed() === undefined) await new Promise((resolve) => setImmediate(resolve));
    await busy.stop();
    if (busy.failed() !== undefined) throw busy.failed();
    return busy.writes();
  }

  async function expectCounted(db: Kysely<Database>) {
    const want = await expected(db);
    const have = await kept(db);
    expect(have.counts).toEqual(want.counts);
    expect(new Set(have.waiting)).toEqual(new Set(want.waiting));
    expect(have.days).toEqual(want.days);
    expect(have.lastDay).toEqual(want.lastDay);
    const differing = [...want.conversations].filter(
      ([userId, row]) => !isDeepStrictEqual(have.conversations.get(userId), row),
    );
    expect(differing).toEqual([]);
    expect(have.conversations.size).toBe(want.conversations.size);
  }

  it('a run that makes them counts every write once: before the triggers by the count, after it by them', async () => {
    const { db, ...seeded } = await start(BEFORE_KEPT_ROWS);
    expect(await migrateUnderWrites(db, seeded)).toBeGreaterThan(50);
    await expectCounted(db);
  });

  it('made by a run that missed writes, they are counted again under writes', async () => {
    const { db, ...seeded } = await start(LAST_BEFORE_RECOUNT);
    // What writes missed between a count and its trigger would leave: rows and counts behind.
    const some = await db.selectFrom('chat_conversations').select('user_id').limit(40).execute();
    await db
      .deleteFrom('chat_conversations')
      .where(
        'user_id',
        'in',
        some.slice(0, 20).map((row) => row.user_id),
      )
      .execute();
    await db
      .updateTable('chat_conversations')
      .set((eb) => ({ unread_count: eb('unread_count', '+', 3), waiting_since: null, waiting_id: null }))
      .where(
        'user_id',
        'in',
        some.slice(20).map((row) => row.user_id),
      )
      .execute();
    await db.deleteFrom('waiting_proofs').execute();
    await db.updateTable('visit_days').set({ visits: 0, active_users: 0 }).execute();
    await db.deleteFrom('visit_pages').execute();
    await db.updateTable('users').set({ last_visit_day: null }).execute();
    await db.updateTable('operator_counts').set({ value: 0 }).execute();

    await migrateUnderWrites(db, seeded);
    await expectCounted(db);
  });
});
