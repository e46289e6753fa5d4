import { type ChatMessage, chatHistorySchema, type ServerEvent } from '@gomeum/contracts';
import { describe, expect } from 'vitest';
import { CHAT_OPERATOR as OPERATOR, guest, isMessageWith, listen, operator, send } from '../../test/chat.ts';
import { FakeAi } from '../../../../scripts/fake-ai.mjs';
import { appTest } from '../../test/app-test.ts';
import { LiveTestClient } from '../../test/live-client.ts';
import { TestClient } from '../../test/test-app.ts';

const KEY = 'sk-test-never-leak-7f3a9c';

const fake = new FakeAi();
const it = appTest(async (after) => ({ operator: OPERATOR, ...(await fake.appConfig(KEY, after)) }));

describe('AI answers against a local OpenAI-compatible server', () => {
  let base: string;
  const sockets: LiveTestClient[] = [];

  it.beforeAll(async ({ t }) => {
    base = await listen(t);
  });
  it.afterEach(async ({ t }) => {
    await Promise.all(sockets.splice(0).map((socket) => socket.close()));
    await t.services.chat.idle();
    fake.reset();
  });

  const connect = async (client: TestClient) => {
    const socket = await LiveTestClient.connect(base, client);
    sockets.push(socket);
    await socket.sync(null);
    return socket;
  };

  it('streams the answer as it is written and stores it as gomeum_ai, with persona, tasks and history', async ({
    t,
  }) => {
    const mia = await guest(t);
    expect((await mia.request('PUT', '/api/me/locale', { locale: 'ko' })).status).toBe(200);
    const socket = await connect(mia);
    const userId = (await send(mia, 'warm up')).userId;
    await socket.waitFor((event) => event.type === 'chat.message' && event.message.sender === 'gomeum_ai');
    await t.database.db
      .insertInto('user_tasks')
      .values({
        id: 'task-1',
        user_id: userId,
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
    // An earlier answer of Gomeum's, for the history (the warm-up's own answer may have been the
    // notice that the AI timed out on a busy machine, and notices are not part of the history).
    await t.database.db
      .insertInto('chat_messages')
      .values({
        user_id: userId,
        sender: 'gomeum_ai',
        kind: 'message',
        content: 'Purr, an earlier answer.',
        meta: null,
        created_at: t.clock.now,
      })
      .execute();
    fake.requests.length = 0;

    const question = await send(mia, 'How am I doing?');
    const stored = await socket.waitFor(
      (event) =>
        event.type === 'chat.message' && event.message.sender === 'gomeum_ai' && event.streamId === question.id,
    );
    const deltas = socket.events.flatMap((event) =>
      event.type === 'chat.ai_delta' && event.streamId === question.id ? [event.delta] : [],
    );
    expect(deltas).toEqual(['Hello', ' from', ' Gomeum']);
    expect(stored.type === 'chat.message' && stored.message.content).toBe('Hello from Gomeum');

    const request = fake.requests[0];
    expect(request?.authorization).toBe(`Bearer ${KEY}`);
    expect(request?.body).toMatchObject({ model: 'gpt-4', temperature: 0.7, stream: true });
    const [system, ...conversation] = request?.body.messages ?? [];
    expect(system?.role).toBe('system');
    expect(system?.content).toMatch(/해요체/);
    expect(system?.content).toMatch(/music: Learn a song on guitar \(보상: New strings; 상태: in progress\)/);
    expect(conversation.at(-1)).toEqual({ role: 'user', content: 'How am I doing?' });
    expect(conversation).toContainEqual({ role: 'assistant', content: 'Purr, an earlier answer.' });
  });

  it.for([
    ['an HTTP error', { kind: 'error', status: 500 }],
    ['a timeout', { kind: 'hang' }],
  ] as const)('answers with the localized fallback on %s, and the key never leaks', async ([, mode], { t }) => {
    fake.mode = mode;
    const mia = await guest(t);
    expect((await mia.request('PUT', '/api/me/locale', { locale: 'zh' })).status).toBe(200);
    const socket = await connect(mia);
    const response = await mia.post('/api/chat/messages', { content: 'Are you there?' });
    expect(response.text).not.toContain(KEY);
    const answer = await socket.waitFor(
      (event) => event.type === 'chat.message' && event.message.sender === 'gomeum_ai',
    );
    expect(answer.type === 'chat.message' && answer.message.content).toBe('Gomeum 暂时无法获取回答，请稍后再试。');
    // A notice, with its text in every language, not a reply in Gomeum's voice.
    expect(answer.type === 'chat.message' && answer.message.kind).toBe('unavailable');
    expect(answer.type === 'chat.message' && answer.message.text?.ko).toBe(
      'Gomeum이 지금은 답을 가져올 수 없어요. 잠시 후 다시 시도해 주세요.',
    );
    expect(fake.requests).toHaveLength(1);
    expect(JSON.stringify(socket.events)).not.toContain(KEY);
    expect((await mia.get('/api/chat/messages')).text).not.toContain(KEY);
  });

  it('shows the user Gomeum typing while the AI composes, before its first words, and no one else', async ({ t }) => {
    const mia = await guest(t);
    const leo = await guest(t);
    const [miaTab, leoTab] = [await connect(mia), await connect(leo)];
    const composing = (userId: string) => (event: ServerEvent) =>
      event.type === 'chat.typing' && event.userId === userId && event.who === 'gomeum_ai' && event.typing;
    const question = await send(mia, 'Are you writing?');
    await miaTab.waitFor((event) => event.type === 'chat.ai_delta');
    const typingAt = miaTab.events.findIndex(composing(question.userId));
    expect(typingAt).toBeGreaterThanOrEqual(0);
    expect(typingAt).toBeLessThan(miaTab.events.findIndex((event) => event.type === 'chat.ai_delta'));
    // Leo's own question is his marker: before it, he heard nothing of Mia's answer being written.
    const his = await send(leo, 'And me?');
    await leoTab.waitFor(composing(his.userId));
    expect(leoTab.events.filter((event) => event.type === 'chat.typing')).toEqual([
      { type: 'chat.typing', userId: his.userId, who: 'gomeum_ai', typing: true },
    ]);
  });

  it('accepts a provider that answers with one JSON body', async ({ t }) => {
    fake.mode = { kind: 'json', text: 'Purr, all in one go.' };
    const mia = await guest(t);
    const socket = await connect(mia);
    await send(mia, 'Hi');
    await socket.waitFor(isMessageWith('Purr, all in one go.'));
  });

  it('makes no AI answer while the operator is online, and answers again once they are away', async ({ t }) => {
    const gomeum = await operator(t);
    const dashboard = await LiveTestClient.connect(base, gomeum);
    sockets.push(dashboard);
    dashboard.send({ type: 'presence.dashboard' });
    const mia = await guest(t);
    const socket = await connect(mia);
    await socket.waitFor((event) => event.type === 'presence.changed' && event.online);

    await send(mia, 'Human please');
    await dashboard.waitFor(isMessageWith('Human please'));
    await t.services.chat.idle();
    expect(fake.requests).toHaveLength(0);
    expect(socket.messages().filter((m) => m.sender === 'gomeum_ai')).toEqual([]);

    expect((await gomeum.request('PUT', '/api/operator/presence', { away: true })).body).toEqual({
      online: false,
      away: true,
    });
    await socket.waitFor((event) => event.type === 'presence.changed' && !event.online);
    await send(mia, 'Anyone?');
    await socket.waitFor((event) => event.type === 'chat.message' && event.message.sender === 'gomeum_ai');
    expect(fake.requests).toHaveLength(1);
    await gomeum.request('PUT', '/api/operator/presence', { away: false });
    await socket.waitFor(
      (event, index = socket.events.indexOf(event)) => index > 1 && event.type === 'presence.changed' && event.online,
    );

    // Closing the dashboard takes the operator offline again.
    const seen = socket.events.length;
    const back = socket.waitFor(
      (event, index = socket.events.indexOf(event)) =>
        index >= seen && event.type === 'presence.changed' && !event.online,
    );
    await dashboard.close();
    await back;
    expect((await gomeum.get('/api/operator/presence')).body).toEqual({ online: false, away: false });
  });

  it('limits AI answers per user: past the budget, the fallback answers without calling the AI', async ({ t }) => {
    const mia = await guest(t);
    const socket = await connect(mia);
    const questions: ChatMessage[] = [];
    for (let i = 0; i < 4; i += 1) questions.push(await send(mia, `question ${i}`));
    for (const question of questions) {
      await socket.waitFor((event) => event.type === 'chat.message' && event.streamId === question.id);
    }
    expect(fake.requests).toHaveLength(3);
    const answers = socket.messages().filter((m) => m.sender === 'gomeum_ai');
    expect(answers).toHaveLength(4);
    const over = socket.events.find((event) => event.type === 'chat.message' && event.streamId === questions[3]?.id);
    expect(over?.type === 'chat.message' && over.message.content).toBe(
      'Gomeum is temporarily unable to get an answer. Please try again later.',
    );
    expect(answers.filter((m) => m.content === 'Hello from Gomeum')).toHaveLength(3);
  });
});

describe('AI answers with no key configured', () => {
  it('says the message is kept for Gomeum (not "try again"), calls nobody, and the inbox previews the question', async ({
    newApp,
  }) => {
    const idle = new FakeAi();
    const baseUrl = await idle.start();
    const t = await newApp({ operator: OPERATOR, ai: { baseUrl, model: 'gpt-4', timeoutMs: 1000 } });
    try {
      const mia = await guest(t);
      const miaId = ((await mia.get('/api/me')).body as { id: string }).id;
      await send(mia, 'Hello?');
      await t.services.chat.idle();
      const history = chatHistorySchema.parse((await mia.get('/api/chat/messages')).body).messages;
      expect(history.map((m) => [m.sender, m.content])).toEqual([
        ['user', 'Hello?'],
        ['gomeum_ai', 'Gomeum is away right now. Your message is kept, and Gomeum will answer when back.'],
      ]);
      expect(idle.requests).toHaveLength(0);
      // The operator's inbox shows the user's question, not the notice that followed it.
      const inbox = (await (await operator(t)).get('/api/operator/chats')).body as {
        conversations: { userId: string; lastMessage: { content: string; sender: string } }[];
      };
      const conversation = inbox.conversations.find((c) => c.userId === miaId);
      expect(conversation?.lastMessage).toMatchObject({ sender: 'user', content: 'Hello?' });
    } finally {
      await idle.stop();
    }
  });
});
