import {
  chatConversationsSchema,
  operatorQueueSchema,
  WAITING_PROOFS_LIMIT,
  type ServerEvent,
} from '@gomeum/contracts';
import { describe, expect } from 'vitest';
import { appTest } from '../../test/app-test.ts';
import { CHAT_OPERATOR as OPERATOR, guest, isMessageWith, listen, operator, send } from '../../test/chat.ts';
import { LiveSockets, LiveTestClient } from '../../test/live-client.ts';
import type { TestClient } from '../../test/test-app.ts';

const typingOf =
  (userId: string, who: string, typing = true) =>
  (event: ServerEvent) =>
    event.type === 'chat.typing' && event.userId === userId && event.who === who && event.typing === typing;

const it = appTest({ operator: OPERATOR });

describe('a present companion over real sockets: typing, seen and the one queue', () => {
  let base: string;
  const sockets = new LiveSockets(() => base);
  const open = (client: TestClient) => sockets.connect(client);
  const idOf = async (client: TestClient) => (await client.get('/api/me')).body as { id: string };
  const queue = async (client: TestClient) =>
    operatorQueueSchema.parse((await client.get('/api/operator/queue')).body).items;
  /** Confirms a task on `planet` and sends one proof of it; the proof's id. */
  const sendProof = async (client: TestClient, planet: string, title: string) => {
    const task = { description: 'Cook a soup', reward: 'Cake', goal: 3 };
    expect((await client.request('PUT', `/api/planets/${planet}/task`, task)).status).toBe(200);
    const sent = await client.postForm(`/api/planets/${planet}/logs`, { date: '2026-11-24', title, content: 'Done' });
    expect(sent.status, sent.text).toBe(200);
    return (sent.body as { log: { id: string } }).log.id;
  };

  it.beforeAll(async ({ t }) => {
    base = await listen(t);
  });
  it.afterEach(async ({ t }) => {
    await sockets.closeAll();
    await t.services.chat.idle();
  });

  it('carries typing to the other side only: another user’s tab and the typist’s own tabs hear nothing', async ({
    t,
  }) => {
    const mia = await guest(t);
    const leo = await guest(t);
    const gomeum = await operator(t);
    const [miaId, leoId] = [(await idOf(mia)).id, (await idOf(leo)).id];
    const miaTab = await open(mia);
    const miaOtherTab = await open(mia);
    const leoTab = await open(leo);
    const dashboard = await open(gomeum);

    // Mia types: the operator sees it, beside her conversation.
    miaTab.send({ type: 'chat.typing', typing: true });
    await dashboard.waitFor(typingOf(miaId, 'user'));
    // The operator types in Leo's conversation: Leo sees Gomeum typing (the marker for his tab).
    dashboard.send({ type: 'chat.typing', typing: true, userId: leoId });
    await leoTab.waitFor(typingOf(leoId, 'gomeum'));
    // The operator types in Mia's: both her tabs hear it (the marker for her other tab).
    dashboard.send({ type: 'chat.typing', typing: true, userId: miaId });
    await miaOtherTab.waitFor(typingOf(miaId, 'gomeum'));
    await miaTab.waitFor(typingOf(miaId, 'gomeum'));

    // Everything sent before each marker has arrived: nobody heard what was not theirs.
    const typing = (socket: LiveTestClient) => socket.events.filter((event) => event.type === 'chat.typing');
    expect(typing(leoTab)).toEqual([{ type: 'chat.typing', userId: leoId, who: 'gomeum', typing: true }]);
    expect(typing(miaOtherTab)).toEqual([{ type: 'chat.typing', userId: miaId, who: 'gomeum', typing: true }]);
    expect(typing(dashboard)).toEqual([{ type: 'chat.typing', userId: miaId, who: 'user', typing: true }]);

    // A stop after sending reaches the operator; nothing was stored.
    miaTab.send({ type: 'chat.typing', typing: false });
    await dashboard.waitFor(typingOf(miaId, 'user', false));
    const rows = await t.database.db.selectFrom('chat_messages').select('id').where('user_id', '=', miaId).execute();
    expect(rows).toEqual([]);
  });

  it('refuses a user’s draft request, and drafts nothing without an AI', async ({ t }) => {
    const mia = await guest(t);
    const gomeum = await operator(t);
    const miaTab = await open(mia);
    const dashboard = await open(gomeum);
    miaTab.send({ type: 'chat.draft', userId: (await idOf(mia)).id, draftId: 'd1' });
    await miaTab.waitFor((event) => event.type === 'error' && event.code === 'errors.forbidden');
    dashboard.send({ type: 'chat.draft', userId: (await idOf(mia)).id, draftId: 'd2' });
    const done = await dashboard.waitFor((event) => event.type === 'chat.draft_done');
    expect(done).toEqual({ type: 'chat.draft_done', draftId: 'd2', ok: false });
  });

  it('shows the user “seen” once the operator read, and the operator which replies the user read', async ({ t }) => {
    const mia = await guest(t);
    const gomeum = await operator(t);
    const miaTab = await open(mia);
    const dashboard = await open(gomeum);
    await miaTab.sync(null);
    const first = await send(mia, 'Are you there?');
    // (No AI here: the notice that it could not answer follows.)
    await t.services.chat.idle();
    const history = await miaTab.syncPage(null);
    expect(history.messages.map((m) => m.id)).toContain(first.id);
    const reply = miaTab.events.findLast((event) => event.type === 'chat.history');
    expect(reply?.type === 'chat.history' && reply.operatorReadId).toBe(0);

    // The operator opens it: Mia hears her message was seen, live.
    expect((await gomeum.post(`/api/operator/chats/${first.userId}/read`, { upTo: first.id })).status).toBe(200);
    await miaTab.waitFor((event) => event.type === 'chat.read' && event.readId === first.id);
    await miaTab.syncPage(first.id);
    const again = miaTab.events.findLast((event) => event.type === 'chat.history');
    expect(again?.type === 'chat.history' && again.operatorReadId).toBe(first.id);

    // Gomeum answers; Mia opens her chat: the operator sees the reply read.
    const answer = await gomeum.post(`/api/operator/chats/${first.userId}/messages`, { content: 'Here, meow' });
    const answerId = (answer.body as { message: { id: number } }).message.id;
    await miaTab.waitFor(isMessageWith('Here, meow'));
    // Far past the newest message: the mark stops at the newest.
    miaTab.send({ type: 'chat.seen', upTo: answerId + 1000 });
    const read = await dashboard.waitFor((event) => event.type === 'chat.user_read');
    expect(read).toEqual({ type: 'chat.user_read', userId: first.userId, readId: answerId });
    const list = chatConversationsSchema.parse((await gomeum.get('/api/operator/chats')).body).conversations;
    expect(list.find((c) => c.userId === first.userId)?.userReadId).toBe(answerId);
    // Seen again (another tab): the mark did not move, nobody is told.
    miaTab.send({ type: 'chat.seen', upTo: answerId });
    miaTab.send({ type: 'chat.typing', typing: true });
    await dashboard.waitFor(typingOf(first.userId, 'user'));
    expect(dashboard.events.filter((event) => event.type === 'chat.user_read')).toHaveLength(1);
  });

  it('lists conversations waiting for Gomeum oldest first, with how long each waited, operators only', async ({
    t,
  }) => {
    const early = await guest(t);
    const late = await guest(t);
    const gomeum = await operator(t);
    const earlyFirst = await send(early, 'first question');
    t.clock.advance(60_000);
    await send(late, 'later question');
    t.clock.advance(60_000);
    await send(early, 'still waiting');
    const answered = await guest(t);
    const theirs = await send(answered, 'hello?');
    await gomeum.post(`/api/operator/chats/${theirs.userId}/messages`, { content: 'hi!' });

    expect((await early.get('/api/operator/queue')).status).toBe(403);
    const queue = operatorQueueSchema.parse((await gomeum.get('/api/operator/queue')).body).items;
    const mine = queue.filter(
      (item) => [earlyFirst.userId, theirs.userId].includes(item.userId) || item.preview === 'later question',
    );
    expect(mine.map((item) => [item.kind, item.preview])).toEqual([
      ['chat', 'still waiting'],
      ['chat', 'later question'],
    ]);
    // The early conversation has waited since its first unanswered message.
    expect(mine[0]?.since).toBe(earlyFirst.createdAt);
    const sinces = queue.map((item) => item.since);
    expect(sinces).toEqual([...sinces].sort((a, b) => a - b));
  });

  it('puts a proof waiting for a reaction in the queue among conversations, oldest first, until Gomeum reacts', async ({
    t,
  }) => {
    const gomeum = await operator(t);
    const dashboard = await open(gomeum);
    const [asker, prover, later] = [await guest(t), await guest(t), await guest(t)];
    const question = await send(asker, 'a question first');
    t.clock.advance(30_000);
    const proof = await sendProof(prover, 'food', 'Soup of the day');
    await dashboard.waitFor((event) => event.type === 'proof.queue_changed');
    t.clock.advance(30_000);
    const after = await send(later, 'a question after');
    const ours = async () => {
      const ids = [question.userId, after.userId, (await idOf(prover)).id];
      return (await queue(gomeum)).filter((item) => ids.includes(item.userId));
    };
    expect(await ours()).toMatchObject([
      { kind: 'chat', userId: question.userId, since: question.createdAt },
      { kind: 'proof', logId: proof, planet: 'food', since: question.createdAt + 30_000, preview: 'Soup of the day' },
      { kind: 'chat', userId: after.userId, since: after.createdAt },
    ]);

    // Gomeum reacts: the dashboards hear it, and the proof has left the queue.
    expect((await gomeum.post(`/api/operator/proofs/${proof}/reaction`, { content: 'Yum!' })).status).toBe(200);
    await dashboard.waitFor((event) => event.type === 'proof.reaction' && event.reaction.logId === proof);
    expect((await ours()).map((item) => item.kind)).toEqual(['chat', 'chat']);
  });

  it('keeps the longest-waiting proof at the head of the queue when more than a page wait, every one a page away', async ({
    t,
  }) => {
    const gomeum = await operator(t);
    const prover = await guest(t);
    const oldest = await sendProof(prover, 'game', 'The first level');
    const { id: userId } = await idOf(prover);
    const newer = Array.from({ length: WAITING_PROOFS_LIMIT }, (_, i) => ({
      id: `newer-proof-${i}`,
      user_id: userId,
      planet: 'game',
      date: '2026-11-25',
      title: `Level ${i + 2}`,
      content: 'Done',
      image_key: null,
      created_at: t.clock.now + 1_000 + i,
    }));
    await t.database.db.insertInto('task_logs').values(newer).execute();
    try {
      const first = operatorQueueSchema.parse((await gomeum.get('/api/operator/queue?limit=40')).body);
      expect(first.items.filter((item) => item.kind === 'proof')[0]).toMatchObject({ logId: oldest });
      expect(first.items).toHaveLength(40);
      // Page after page, each proof once, oldest first.
      const proofs = [...first.items];
      for (let next = first.next; next;) {
        const page = operatorQueueSchema.parse(
          (await gomeum.get(`/api/operator/queue?limit=40&cursor=${encodeURIComponent(next)}`)).body,
        );
        proofs.push(...page.items);
        next = page.next;
      }
      const ids = proofs.flatMap((item) => (item.kind === 'proof' ? [item.logId] : []));
      expect(ids).toEqual([oldest, ...newer.map((proof) => proof.id)]);
    } finally {
      await t.database.db.deleteFrom('task_logs').where('user_id', '=', userId).execute();
    }
  });
});
