import { operatorQueueSchema, type ServerEvent } from '@gomeum/contracts';
import { afterAll, describe, expect, vi } from 'vitest';
import { buildApp, type BuiltApp } from '../../app.ts';
import { CHAT_OPERATOR as OPERATOR, isMessageWith, listen, send } from '../../test/chat.ts';
import { FakeAi } from '../../../../scripts/fake-ai.mjs';
import { appTest } from '../../test/app-test.ts';
import { instanceWithAi } from '../../test/two-instances.ts';
import { LiveTestClient } from '../../test/live-client.ts';
import { TestClient } from '../../test/test-app.ts';
import { ConversationsRepository } from './conversations.repository.ts';

/**
 * The present companion on two instances sharing one database (SQLite, or PostgreSQL with
 * TEST_DATABASE_URL) and a Redis of the test's own: "seen" both ways, the one queue, typing and
 * drafted replies, each made on one instance and heard on the other, and by no one else. "No one
 * else" is asserted after a marker event published later by the same instance (one Redis
 * connection per publisher keeps its events in order), never after a wait.
 */

const KEY = 'sk-test-instances-7c2d';

const typingOf =
  (userId: string, who: string, typing = true) =>
  (event: ServerEvent) =>
    event.type === 'chat.typing' && event.userId === userId && event.who === who && event.typing === typing;
const ofType = <T extends ServerEvent['type']>(socket: LiveTestClient, type: T) =>
  socket.events.filter((event): event is Extract<ServerEvent, { type: T }> => event.type === type);

const fake = new FakeAi();
/** Instance A: the test's app, on a Redis of its own, its AI the stand-in. */
const it = appTest((after) => instanceWithAi(fake, KEY, after));

describe('the present companion on two instances sharing the database and Redis', () => {
  let b: BuiltApp;
  const urls = { a: '', b: '' };
  const sockets: LiveTestClient[] = [];
  let presentDashboard: LiveTestClient;

  /** Signs in on instance `app` (the browser keeps its cookies, whichever instance it reaches). */
  const signIn = async (app: BuiltApp, path: string, body?: unknown) => {
    const client = new TestClient(app);
    expect((await client.post(path, body)).status).toBe(200);
    return client;
  };
  const guestOn = (app: BuiltApp) => signIn(app, '/api/auth/guest');
  const operatorOn = (app: BuiltApp) => signIn(app, '/api/auth/login', OPERATOR);
  /** The same browser talking to the other instance. */
  const on = (app: BuiltApp, client: TestClient) => {
    const other = new TestClient(app);
    for (const [name, value] of client.cookies) other.cookies.set(name, value);
    return other;
  };
  const open = async (url: string, client: TestClient) => {
    const socket = await LiveTestClient.connect(url, client);
    sockets.push(socket);
    return socket;
  };
  const idOf = async (client: TestClient) => ((await client.get('/api/me')).body as { id: string }).id;
  const queueOn = async (client: TestClient) => {
    const response = await client.get('/api/operator/queue');
    expect(response.status).toBe(200);
    return operatorQueueSchema.parse(response.body).items;
  };

  it.beforeAll(async ({ t: a }) => {
    b = await buildApp({ ...a.config });
    urls.a = await listen(a);
    urls.b = await listen(b);
    // The operator's dashboard is open on B all along: Gomeum is online, so the AI neither answers
    // users nor reacts to proofs, and what waits stays waiting until the operator answers. (The
    // clock moves less than the 90 s after which a dashboard that did not refresh stops counting.)
    presentDashboard = await LiveTestClient.connect(urls.b, await operatorOn(b));
    presentDashboard.send({ type: 'presence.dashboard' });
    await presentDashboard.waitFor((event) => event.type === 'presence.changed' && event.online);
  });
  it.afterEach(async ({ t: a }) => {
    await Promise.all(sockets.splice(0).map((socket) => socket.close()));
    await Promise.all([a.services.chat.idle(), b.services.chat.idle()]);
    fake.reset();
  });
  afterAll(async () => {
    await presentDashboard.close();
    await b.app.close();
  });

  it('carries “seen” across instances both ways, live, to the two sides only', async ({ t: a }) => {
    const mia = await guestOn(a);
    const leo = await guestOn(a);
    const gomeumOnB = await operatorOn(b);
    const miaTab = await open(urls.a, mia);
    const leoTabs = [await open(urls.a, leo), await open(urls.b, on(b, leo))];
    const dashboard = await open(urls.b, gomeumOnB);
    await miaTab.sync(null);
    const question = await send(mia, 'Seen across instances?');
    const fromLeo = await send(leo, 'Me too?');

    // The operator opens Mia's conversation on B: her tab on A hears it was seen, and reads it again so.
    const read = await gomeumOnB.post(`/api/operator/chats/${question.userId}/read`, { upTo: question.id });
    expect(read.status).toBe(200);
    await miaTab.waitFor((event) => event.type === 'chat.read' && event.readId === question.id);
    await miaTab.syncPage(question.id);
    expect(ofType(miaTab, 'chat.history').at(-1)?.operatorReadId).toBe(question.id);

    // Gomeum answers on B; Mia reads it on A: the operator on B sees the reply read.
    const answer = await gomeumOnB.post(`/api/operator/chats/${question.userId}/messages`, { content: 'Here!' });
    const answerId = (answer.body as { message: { id: number } }).message.id;
    await miaTab.waitFor(isMessageWith('Here!'));
    miaTab.send({ type: 'chat.seen', upTo: answerId });
    await dashboard.waitFor(
      (event) => event.type === 'chat.user_read' && event.userId === question.userId && event.readId === answerId,
    );

    // The marker: Leo's own message read on B, after Mia's marks were published (by B, and by A
    // before B passed its user_read to the dashboard). Leo's tabs on both instances heard only that.
    expect((await gomeumOnB.post(`/api/operator/chats/${fromLeo.userId}/read`, { upTo: fromLeo.id })).status).toBe(200);
    for (const tab of leoTabs) {
      await tab.waitFor((event) => event.type === 'chat.read' && event.userId === fromLeo.userId);
      const marks = tab.events.filter((event) => event.type === 'chat.read' || event.type === 'chat.user_read');
      expect(marks).toEqual([{ type: 'chat.read', userId: fromLeo.userId, readId: fromLeo.id }]);
    }
    // A user never hears another's read marks, nor the operator's view of their own.
    expect(ofType(miaTab, 'chat.user_read')).toEqual([]);
  });

  it('lists conversations and proofs waiting, oldest first with their wait, alike on both instances and live', async ({
    t: a,
  }) => {
    const early = await guestOn(a);
    const prover = await guestOn(b);
    const late = await guestOn(b);
    const gomeumOnA = await operatorOn(a);
    const gomeumOnB = on(b, gomeumOnA);
    const watcher = await open(urls.b, gomeumOnB);
    const mine = async (client: TestClient) => {
      const ids = new Set([await idOf(early), await idOf(prover), await idOf(late)]);
      return (await queueOn(client)).filter((item) => ids.has(item.userId));
    };

    const firstQuestion = await send(early, 'first, on A');
    a.clock.advance(10_000);
    const task = { description: 'Cook a soup', reward: 'Cake', goal: 3 };
    expect((await prover.request('PUT', '/api/planets/food/task', task)).status).toBe(200);
    const sent = await prover.postForm('/api/planets/food/logs', { date: '2026-11-24', title: 'Soup', content: 'Hot' });
    expect(sent.status, sent.text).toBe(200);
    const proofId = (sent.body as { log: { id: string; createdAt: number } }).log.id;
    await watcher.waitFor((event) => event.type === 'proof.queue_changed');
    a.clock.advance(10_000);
    const lateQuestion = await send(late, 'later, on B');
    a.clock.advance(10_000);
    await send(early, 'still waiting, on A');
    // The user's message sent on A reached the operator on B: its queue is read again there.
    await watcher.waitFor(isMessageWith('still waiting, on A'));

    const expected = [
      { kind: 'chat', userId: firstQuestion.userId, since: firstQuestion.createdAt, preview: 'still waiting, on A' },
      { kind: 'proof', logId: proofId, planet: 'food', since: firstQuestion.createdAt + 10_000, preview: 'Soup' },
      { kind: 'chat', userId: lateQuestion.userId, since: lateQuestion.createdAt, preview: 'later, on B' },
    ];
    const onA = await mine(gomeumOnA);
    expect(onA).toMatchObject(expected);
    expect(await mine(gomeumOnB)).toEqual(onA);
    // How long each has waited, by the server's clock.
    expect(onA.map((item) => a.clock.now - item.since)).toEqual([30_000, 20_000, 10_000]);

    // Gomeum reacts to the proof on A: the operator on B hears it, and the proof has left the queue.
    const reaction = await gomeumOnA.post(`/api/operator/proofs/${proofId}/reaction`, { content: 'Yum!' });
    expect(reaction.status).toBe(200);
    await watcher.waitFor((event) => event.type === 'proof.reaction' && event.reaction.logId === proofId);
    expect((await mine(gomeumOnB)).map((item) => item.kind)).toEqual(['chat', 'chat']);

    // Gomeum answers the oldest conversation on A: the operator on B hears it, and it has left too.
    await gomeumOnA.post(`/api/operator/chats/${firstQuestion.userId}/messages`, { content: 'Sorry for the wait!' });
    await watcher.waitFor(isMessageWith('Sorry for the wait!'));
    expect(await mine(gomeumOnB)).toMatchObject([expected[2]]);
  });

  it("tells each instance's dashboards a conversation's row, read only on the instances with one", async ({ t: a }) => {
    // The operator's dashboard is on B (all along); A has no operator's socket.
    await expect.poll(() => a.services.live.operatorConnections().length).toBe(0);
    const mia = await guestOn(a);
    const miaId = await idOf(mia);
    const reads = vi.spyOn(ConversationsRepository.prototype, 'find');
    // A message is named by its number in its conversation: Mia's, not another's with the same number.
    const changeOf = (id: number) => (event: ServerEvent) =>
      event.type === 'chat.conversation' && event.userId === miaId && event.conversation?.lastMessage.id === id;
    try {
      // Mia writes on A: A reads nothing, B reads the row for its dashboard.
      const first = await send(mia, 'Written on A');
      await presentDashboard.waitFor(changeOf(first.id));
      expect(reads).toHaveBeenCalledTimes(1);

      // A dashboard on A too: each instance reads the row once for its own.
      const onA = await open(urls.a, await operatorOn(a));
      reads.mockClear();
      const second = await send(mia, 'Both hear this');
      const [hereA, hereB] = await Promise.all([
        onA.waitFor(changeOf(second.id)),
        presentDashboard.waitFor(changeOf(second.id)),
      ]);
      expect(hereA).toEqual(hereB);
      expect(reads).toHaveBeenCalledTimes(2);
    } finally {
      reads.mockRestore();
    }
  });

  it('carries typing across instances to the other side only: other users and the typist’s own tabs hear nothing', async ({
    t: a,
  }) => {
    const mia = await guestOn(a);
    const leo = await guestOn(b);
    const [miaId, leoId] = [await idOf(mia), await idOf(leo)];
    const gomeumOnA = await operatorOn(a);
    const miaTabs = [await open(urls.a, mia), await open(urls.b, on(b, mia))];
    const leoTabs = [await open(urls.a, on(a, leo)), await open(urls.b, leo)];
    const dashboardA = await open(urls.a, gomeumOnA);
    const dashboardB = await open(urls.b, on(b, gomeumOnA));

    // Mia types on A: the operator sees it on both instances.
    miaTabs[0]?.send({ type: 'chat.typing', typing: true });
    for (const dashboard of [dashboardA, dashboardB]) await dashboard.waitFor(typingOf(miaId, 'user'));
    // The operator types in Mia's conversation from each instance: her tabs on both hear Gomeum
    // typing twice (one of them through the bus after her own typing on A, so it is the marker too).
    for (const dashboard of [dashboardB, dashboardA])
      dashboard.send({ type: 'chat.typing', typing: true, userId: miaId });
    // And in Leo's, from each instance: his markers, after everything else each instance published.
    for (const dashboard of [dashboardB, dashboardA])
      dashboard.send({ type: 'chat.typing', typing: true, userId: leoId });

    const gomeumTyping = (userId: string) => ({ type: 'chat.typing', userId, who: 'gomeum', typing: true });
    for (const [tabs, userId] of [
      [miaTabs, miaId],
      [leoTabs, leoId],
    ] as const) {
      for (const tab of tabs) {
        await vi.waitFor(() => expect(ofType(tab, 'chat.typing').filter(typingOf(userId, 'gomeum'))).toHaveLength(2));
        expect(ofType(tab, 'chat.typing')).toEqual([gomeumTyping(userId), gomeumTyping(userId)]);
      }
    }

    // A stop crosses too; the operator's own typing never came back to them; nothing was stored.
    miaTabs[0]?.send({ type: 'chat.typing', typing: false });
    for (const dashboard of [dashboardA, dashboardB]) {
      await dashboard.waitFor(typingOf(miaId, 'user', false));
      expect(ofType(dashboard, 'chat.typing').filter((event) => event.who !== 'user')).toEqual([]);
    }
    const stored = await a.database.db.selectFrom('chat_messages').select('id').where('user_id', '=', miaId).execute();
    expect(stored).toEqual([]);
  });

  it('streams a draft to the asking operator socket only, and counts it against one budget across instances', async ({
    t: a,
  }) => {
    const mia = await guestOn(a);
    const miaId = await idOf(mia);
    await send(mia, 'Can you help me plan my week?');
    const gomeumOnA = await operatorOn(a);
    const asking = await open(urls.a, gomeumOnA);
    const otherDashboard = await open(urls.b, on(b, gomeumOnA));
    const miaTabs = [await open(urls.a, mia), await open(urls.b, on(b, mia))];
    const done = (socket: LiveTestClient, draftId: string) =>
      socket.waitFor((event) => event.type === 'chat.draft_done' && event.draftId === draftId);

    fake.mode = { kind: 'stream', chunks: ['Of course', ', meow!'] };
    asking.send({ type: 'chat.draft', userId: miaId, draftId: 'on-a' });
    expect(await done(asking, 'on-a')).toMatchObject({ ok: true });
    const deltas = ofType(asking, 'chat.draft_delta').map((event) => event.delta);
    expect(deltas.join('')).toBe('Of course, meow!');

    // The operator's budget (two a minute) is one across instances: one more on B, then none on A.
    otherDashboard.send({ type: 'chat.draft', userId: miaId, draftId: 'on-b' });
    expect(await done(otherDashboard, 'on-b')).toMatchObject({ ok: true });
    asking.send({ type: 'chat.draft', userId: miaId, draftId: 'spent' });
    expect(await done(asking, 'spent')).toMatchObject({ ok: false });
    expect(fake.requests).toHaveLength(2);

    // Markers: Mia typing on A reaches the operator on B after anything A published, and on B the
    // operator on A after anything B published. Neither dashboard heard the other's draft.
    miaTabs[0]?.send({ type: 'chat.typing', typing: true });
    await otherDashboard.waitFor(typingOf(miaId, 'user'));
    miaTabs[1]?.send({ type: 'chat.typing', typing: true });
    await vi.waitFor(() => expect(ofType(asking, 'chat.typing').filter(typingOf(miaId, 'user'))).toHaveLength(2));
    const draftsOf = (socket: LiveTestClient) =>
      socket.events.flatMap((event) =>
        event.type === 'chat.draft_delta' || event.type === 'chat.draft_done' ? [event.draftId] : [],
      );
    expect(new Set(draftsOf(asking))).toEqual(new Set(['on-a', 'spent']));
    expect(new Set(draftsOf(otherDashboard))).toEqual(new Set(['on-b']));
    // Mia, on either instance, heard nothing of it; nothing was sent or stored.
    for (const tab of miaTabs) await tab.sync(null);
    for (const tab of miaTabs) expect(draftsOf(tab)).toEqual([]);
    const stored = await a.database.db
      .selectFrom('chat_messages')
      .select('content')
      .where('user_id', '=', miaId)
      .where('kind', '=', 'message')
      .execute();
    expect(stored.map((row) => row.content)).toEqual(['Can you help me plan my week?']);
  });
});
