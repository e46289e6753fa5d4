import type { ServerEvent } from '@gomeum/contracts';
import { describe, expect } from 'vitest';
import { appTest } from '../../test/app-test.ts';
import { CHAT_OPERATOR as OPERATOR, guest, listen, operator, send } from '../../test/chat.ts';
import { FakeAi } from '../../../../scripts/fake-ai.mjs';
import { LiveSockets } from '../../test/live-client.ts';
import type { TestApp, TestClient } from '../../test/test-app.ts';

const KEY = 'sk-test-drafts-5b1e';
const doneOf = (draftId: string) => (event: ServerEvent) =>
  event.type === 'chat.draft_done' && event.draftId === draftId;

const fake = new FakeAi();
const it = appTest(async (after) => {
  const config = await fake.appConfig(KEY, after);
  // Only leaving the conversation may stop a draft here, never the AI's timeout.
  config.ai.timeoutMs = 60_000;
  // Two drafts per operator per minute; the users' own AI answers keep their own budget.
  return { operator: OPERATOR, ...config, chatRateLimit: { messages: 100, aiReplies: 3, aiDrafts: 2 } };
});

describe('replies drafted for the operator, against a stand-in AI server', () => {
  let base: string;
  const sockets = new LiveSockets(() => base);
  const open = (client: TestClient) => sockets.connect(client);

  it.beforeAll(async ({ t }) => {
    base = await listen(t);
  });
  it.afterEach(async ({ t }) => {
    await sockets.closeAll();
    await t.services.chat.idle();
    fake.reset();
    // A new minute: each test starts with the operator's whole budget.
    t.clock.advance(60_000);
  });

  /** A Korean-speaking user who wrote, answered by the AI (no dashboard open), and what Gomeum knows of her. */
  async function userWhoWrote(t: TestApp) {
    const mia = await guest(t);
    expect((await mia.request('PUT', '/api/me/locale', { locale: 'ko' })).status).toBe(200);
    const message = await send(mia, '오늘 기타 연습 했어요');
    await t.services.chat.idle();
    await t.database.db
      .insertInto('user_tasks')
      .values({
        id: `task-${message.userId}`,
        user_id: message.userId,
        planet: 'music',
        description: 'Learn a song on guitar',
        reward: 'New strings',
        confirmed: 1,
        proof: '',
        status: 'in progress',
        image_key: null,
        updated_at: t.clock.now,
      })
      .execute();
    return { mia, userId: message.userId };
  }

  it('streams a draft in the user’s language and Gomeum’s voice to the asking socket only, never stored', async ({
    t,
  }) => {
    const { userId } = await userWhoWrote(t);
    fake.reset();
    const gomeum = await operator(t);
    const dashboard = await open(gomeum);
    const otherDashboard = await open(gomeum);
    fake.mode = { kind: 'stream', chunks: ['기타', ' 멋져요!'] };
    dashboard.send({ type: 'chat.draft', userId, draftId: 'draft-1' });
    expect(await dashboard.waitFor(doneOf('draft-1'))).toMatchObject({ ok: true });
    const deltas = dashboard.events.flatMap((event) => (event.type === 'chat.draft_delta' ? [event.delta] : []));
    expect(deltas.join('')).toBe('기타 멋져요!');

    const request = fake.requests[0]?.body;
    const system = request?.messages[0]?.content ?? '';
    expect(system).toMatch(/Gomeum/);
    expect(system).toMatch(/한국어/);
    expect(system).toMatch(/Learn a song on guitar/);
    expect(request?.messages).toContainEqual({ role: 'user', content: '오늘 기타 연습 했어요' });

    // Nothing was sent or stored; the other dashboard heard nothing of it (its marker: a typing event).
    const stored = await t.database.db
      .selectFrom('chat_messages')
      .select('content')
      .where('user_id', '=', userId)
      .execute();
    expect(stored.map((row) => row.content)).not.toContain('기타 멋져요!');
    const miaTyping = await guest(t);
    const marker = await open(miaTyping);
    marker.send({ type: 'chat.typing', typing: true });
    await otherDashboard.waitFor((event) => event.type === 'chat.typing');
    expect(otherDashboard.events.filter((event) => event.type.startsWith('chat.draft'))).toEqual([]);
  });

  it('counts drafts against the operator’s own AI budget, and the user’s answers keep theirs', async ({ t }) => {
    const { mia, userId } = await userWhoWrote(t);
    fake.reset();
    const gomeum = await operator(t);
    const dashboard = await open(gomeum);
    for (const draftId of ['b1', 'b2']) {
      dashboard.send({ type: 'chat.draft', userId, draftId });
      expect(await dashboard.waitFor(doneOf(draftId))).toMatchObject({ ok: true });
    }
    dashboard.send({ type: 'chat.draft', userId, draftId: 'b3' });
    expect(await dashboard.waitFor(doneOf('b3'))).toMatchObject({ ok: false });
    expect(fake.requests).toHaveLength(2);

    // The dashboard is open: close it so the AI answers Mia, from her own budget.
    await dashboard.close();
    const miaSocket = await open(mia);
    await miaSocket.waitFor((event) => event.type === 'presence.changed' && !event.online);
    await send(mia, '또 왔어요');
    await miaSocket.waitFor(
      (event) =>
        event.type === 'chat.message' && event.message.sender === 'gomeum_ai' && event.message.kind === 'message',
    );
    expect(fake.requests).toHaveLength(3);
  });

  it('aborts the AI request when the operator leaves the conversation, and when the socket closes', async ({ t }) => {
    const { userId } = await userWhoWrote(t);
    fake.reset();
    fake.mode = { kind: 'hang' };
    const gomeum = await operator(t);
    const dashboard = await open(gomeum);
    dashboard.send({ type: 'chat.draft', userId, draftId: 'c1' });
    await fake.received(1);
    dashboard.send({ type: 'chat.draft_cancel', draftId: 'c1' });
    await fake.abandoned(1);
    expect(await dashboard.waitFor(doneOf('c1'))).toMatchObject({ ok: false });
    expect(dashboard.events.filter((event) => event.type === 'chat.draft_delta')).toEqual([]);

    const second = await open(gomeum);
    second.send({ type: 'chat.draft', userId, draftId: 'c2' });
    await fake.received(2);
    await second.close();
    await fake.abandoned(2);
    expect(t.services.drafts.size).toBe(0);
  });

  it('ends a draft with nothing when the AI fails', async ({ t }) => {
    const { userId } = await userWhoWrote(t);
    fake.reset();
    fake.mode = { kind: 'error', status: 500 };
    const dashboard = await open(await operator(t));
    dashboard.send({ type: 'chat.draft', userId, draftId: 'e1' });
    expect(await dashboard.waitFor(doneOf('e1'))).toEqual({ type: 'chat.draft_done', draftId: 'e1', ok: false });
  });
});
