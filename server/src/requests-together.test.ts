import { chatMessageSchema, chatPageSchema, meSchema, taskLogListSchema } from '@gomeum/contracts';
import { describe, expect } from 'vitest';
import { guestClient } from './test/accounts.ts';
import { appTest } from './test/app-test.ts';
import { TEST_DATABASE_URL, type TestApp, type TestClient } from './test/test-app.ts';

/** How many queries the app has run so far (its query metric's count). */
async function queriesSoFar(t: TestApp): Promise<number> {
  const metric = await t.metrics.dbQueries.get();
  return metric.values.filter((v) => v.metricName?.endsWith('_count')).reduce((sum, v) => sum + v.value, 0);
}

/** The queries `work` made. */
async function queriesOf(t: TestApp, work: () => Promise<unknown>): Promise<number> {
  const before = await queriesSoFar(t);
  await work();
  return (await queriesSoFar(t)) - before;
}

const USERS = 12;

// Requests that arrive together are served by shared queries on PostgreSQL (db/coalesce.ts); on
// SQLite each runs its own. Either way, each must get exactly what it would alone.
const it = appTest();

describe('requests arriving together', () => {
  const guests: { client: TestClient; id: string }[] = [];

  it.beforeAll(async ({ t }) => {
    for (let i = 0; i < USERS; i += 1) guests.push(await guestClient(t));
  });

  it('each learns who it is, and an ended session is signed out among them', async ({ t }) => {
    // A guest who logged out, whose browser still sends the old cookie.
    const leaving = await guestClient(t);
    const stale = new Map(leaving.client.cookies);
    expect((await leaving.client.post('/api/auth/logout')).status).toBe(200);
    for (const [name, value] of stale) leaving.client.cookies.set(name, value);

    let answers: { status: number; body: unknown }[] = [];
    const queries = await queriesOf(t, async () => {
      answers = await Promise.all([leaving, ...guests].map(({ client }) => client.get('/api/me')));
    });
    // Signed out, /api/me answers null.
    expect(answers[0]?.body).toBeNull();
    answers.slice(1).forEach((answer, index) => {
      expect(answer.status).toBe(200);
      expect(meSchema.parse(answer.body).id).toBe(guests[index]?.id);
    });
    // One session lookup for all of them on PostgreSQL.
    if (TEST_DATABASE_URL) expect(queries).toBeLessThan(USERS / 2);
  });

  it('each message is stored once, for its own sender, with its own answer; a repeated id stores one', async ({
    t,
  }) => {
    let answers: ({ status: number; body: unknown; text: string } | undefined)[] = [];
    const queries = await queriesOf(t, async () => {
      const sends = guests.map(({ client }, index) =>
        client.post('/api/chat/messages', {
          content: `message ${index}`,
          ...(index % 2 ? { clientId: `client-${index}` } : {}),
        }),
      );
      // A retry of guest 1's message sent at the same moment as the first try.
      const retry = guests[1]?.client.post('/api/chat/messages', { content: 'message 1', clientId: 'client-1' });
      answers = await Promise.all([...sends, retry]);
      await t.services.chat.idle();
    });
    // On PostgreSQL the sessions, the messages and the answers are each stored together.
    if (TEST_DATABASE_URL) expect(queries).toBeLessThan(USERS);

    const sent = answers.map((answer) => {
      expect(answer?.status, answer?.text).toBe(200);
      return chatMessageSchema.parse((answer?.body as { message: unknown }).message);
    });
    expect(sent.at(-1)?.id).toBe(sent[1]?.id);
    for (const [index, { client, id }] of guests.entries()) {
      expect(sent[index]).toMatchObject({ userId: id, sender: 'user', content: `message ${index}` });
      const history = chatPageSchema.parse((await client.get('/api/chat/messages')).body).messages;
      const mine = history.filter((message) => message.sender === 'user');
      expect(mine.map((message) => [message.id, message.content])).toEqual([[sent[index]?.id, `message ${index}`]]);
      // The operator is away: one fallback answer each, after the question.
      const answers = history.filter((message) => message.sender === 'gomeum_ai');
      expect(answers).toHaveLength(1);
      expect(answers[0]?.id).toBeGreaterThan(sent[index]?.id ?? Infinity);
    }
  });

  it('a message the database refuses (its sender deleted meanwhile) fails only its own caller', async ({ t }) => {
    const [a, b] = guests;
    if (!a || !b) throw new Error('no guests');
    const gone = await guestClient(t);
    const me = async (client: TestClient) => meSchema.parse((await client.get('/api/me')).body);
    const [aMe, bMe, goneMe] = [await me(a.client), await me(b.client), await me(gone.client)];
    await t.database.db.deleteFrom('users').where('id', '=', gone.id).execute();
    const results = await Promise.allSettled([
      t.services.chat.sendFromUser(aMe, 'kept a'),
      t.services.chat.sendFromUser(goneMe, 'refused'),
      t.services.chat.sendFromUser(bMe, 'kept b'),
    ]);
    await t.services.chat.idle();
    expect(results.map((result) => result.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
    expect(results[0]).toMatchObject({ value: { userId: a.id, content: 'kept a' } });
    expect(results[2]).toMatchObject({ value: { userId: b.id, content: 'kept b' } });
  });

  it('each reads its own page of proofs, newest first, with its reactions', async ({ t }) => {
    const readers = guests.slice(0, 6);
    for (const [index, { client }] of readers.entries()) {
      const task = await client.request('PUT', '/api/planets/music/task', { description: 'Play', reward: 'Cake' });
      expect(task.status, task.text).toBe(200);
      // Reader i has i + 1 proofs.
      for (let n = 0; n <= index; n += 1) {
        t.clock.advance(1000);
        const proof = await client.postForm('/api/planets/music/logs', {
          date: '2026-11-20',
          title: `proof ${index}.${n}`,
          content: 'Played',
        });
        expect(proof.status, proof.text).toBe(200);
      }
    }
    const reacted = await t.database.db
      .selectFrom('task_logs')
      .select(['id', 'user_id'])
      .where('user_id', '=', readers[2]?.id ?? '')
      .where('title', '=', 'proof 2.1')
      .executeTakeFirstOrThrow();
    await t.database.db
      .insertInto('proof_reactions')
      .values({ log_id: reacted.id, user_id: reacted.user_id, sender: 'gomeum', content: 'Lovely', created_at: 1 })
      .onConflict((oc) => oc.column('log_id').doUpdateSet({ content: 'Lovely' }))
      .execute();

    let pages: { status: number; body: unknown }[] = [];
    const queries = await queriesOf(t, async () => {
      pages = await Promise.all(readers.map(({ client }) => client.get('/api/planets/music/logs?limit=2')));
    });
    for (const [index, page] of pages.entries()) {
      expect(page.status).toBe(200);
      const items = taskLogListSchema.parse(page.body).items;
      const newest = Array.from({ length: Math.min(2, index + 1) }, (_, k) => `proof ${index}.${index - k}`);
      expect(items.map((item) => item.title)).toEqual(newest);
      for (const item of items) {
        expect(item.reaction?.content ?? null).toBe(item.id === reacted.id ? 'Lovely' : null);
      }
    }
    expect(pages[2] && taskLogListSchema.parse(pages[2].body).items.some((item) => item.id === reacted.id)).toBe(true);
    // The sessions in one query and the pages in another, on PostgreSQL.
    if (TEST_DATABASE_URL) expect(queries).toBeLessThan(readers.length);
  });
});
