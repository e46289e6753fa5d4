import {
  chatConversationsSchema,
  chatHistorySchema,
  chatReadReplySchema,
  errorBodySchema,
  sendChatReplySchema,
} from '@gomeum/contracts';
import { describe, expect } from 'vitest';
import { buildApp } from '../../app.ts';
import { CHAT_OPERATOR as OPERATOR, guest, isMessageWith, listen, operator, send } from '../../test/chat.ts';
import { appTest } from '../../test/app-test.ts';
import { LiveTestClient } from '../../test/live-client.ts';
import { TestClient } from '../../test/test-app.ts';

const it = appTest({ operator: OPERATOR });
/** An app whose chat limits the route tests reach. */
const withLimits = appTest({ operator: OPERATOR, chatRateLimit: { messages: 8, aiReplies: 5 } });

describe('live chat over a real WebSocket', () => {
  let base: string;
  const sockets: LiveTestClient[] = [];
  const open = async (client: TestClient, headers?: Record<string, string>) => {
    const socket = await LiveTestClient.connect(base, client, headers);
    sockets.push(socket);
    return socket;
  };

  it.beforeAll(async ({ t }) => {
    base = await listen(t);
  });
  it.afterEach(async ({ t }) => {
    await Promise.all(sockets.splice(0).map((socket) => socket.close()));
    await t.services.chat.idle();
  });

  it('refuses anonymous sockets (401) and other sites (403)', async ({ t }) => {
    await expect(LiveTestClient.connect(base, new TestClient(t))).rejects.toThrow(/401/);
    const user = await guest(t);
    await expect(LiveTestClient.connect(base, user, { origin: 'https://evil.example' })).rejects.toThrow(/403/);
    const sameSite = await open(user, { origin: base });
    expect(sameSite.events[0]?.type).toBe('ready');
  });

  it('delivers a user their own and Gomeum’s messages, and nobody else’s', async ({ t }) => {
    const mia = await guest(t);
    const other = await guest(t);
    const gomeum = await operator(t);
    const miaSocket = await open(mia);
    const otherSocket = await open(other);
    const dashboard = await open(gomeum);
    dashboard.send({ type: 'presence.dashboard' });
    await miaSocket.waitFor((event) => event.type === 'presence.changed' && event.online);

    const history = await miaSocket.sync(null);
    expect(history.map((m) => m.kind)).toEqual(['welcome']);
    expect(history[0]?.text?.en).toMatch(/Gomeum/);

    const mine = await send(mia, '  Hello Gomeum!  ');
    expect(mine).toMatchObject({ sender: 'user', kind: 'message', content: 'Hello Gomeum!' });
    const echoed = await miaSocket.waitFor(isMessageWith('Hello Gomeum!'));
    expect(echoed.type === 'chat.message' && echoed.message.id).toBe(mine.id);
    // The operator sees it live.
    await dashboard.waitFor(isMessageWith('Hello Gomeum!'));

    const reply = await gomeum.post(`/api/operator/chats/${mine.userId}/messages`, { content: 'Hi Mia, meow!' });
    expect(reply.status).toBe(200);
    expect(sendChatReplySchema.parse(reply.body).message.sender).toBe('gomeum');
    await miaSocket.waitFor(isMessageWith('Hi Mia, meow!'));

    // The operator is on: no AI answer.
    await t.services.chat.idle();
    expect(miaSocket.messages().filter((m) => m.sender === 'gomeum_ai')).toEqual([]);

    // The other user's socket never received any of Mia's messages.
    await send(other, 'ping from other');
    await otherSocket.waitFor(isMessageWith('ping from other'));
    const leaked = otherSocket.events.filter(
      (event) =>
        (event.type === 'chat.message' && event.message.userId === mine.userId) ||
        (event.type === 'chat.ai_delta' && event.userId === mine.userId) ||
        (event.type === 'chat.history' && event.messages.some((m) => m.userId === mine.userId)),
    );
    expect(leaked).toEqual([]);
    expect(otherSocket.messages().every((m) => m.userId !== mine.userId)).toBe(true);
  });

  it('resumes from the last message id after a dropped connection: nothing is lost or repeated', async ({ t }) => {
    const mia = await guest(t);
    const gomeum = await operator(t);
    const first = await open(mia);
    const before = await first.sync(null);
    const sent = await send(mia, 'first');
    // Nobody is on the dashboard: the AI stand-in (no key here: its fallback text) answers.
    await first.waitFor((event) => event.type === 'chat.message' && event.message.sender === 'gomeum_ai');
    const lastId = Math.max(...before.map((m) => m.id), ...first.messages().map((m) => m.id));
    await first.close();

    // While the user is away, Gomeum writes twice.
    for (const content of ['while away 1', 'while away 2']) {
      expect((await gomeum.post(`/api/operator/chats/${sent.userId}/messages`, { content })).status).toBe(200);
    }
    const second = await open(mia);
    const resumed = await second.sync(lastId);
    expect(resumed.map((m) => m.content)).toEqual(['while away 1', 'while away 2']);
    expect(resumed.every((m) => m.id > lastId)).toBe(true);
  });

  it('makes one welcome per user, ever, even when several tabs open at once', async ({ t }) => {
    const mia = await guest(t);
    const tabs = await Promise.all([open(mia), open(mia), open(mia), open(mia)]);
    const histories = await Promise.all(tabs.map((tab) => tab.sync(null)));
    const me = await mia.get('/api/chat/messages');
    const stored = chatHistorySchema.parse(me.body).messages;
    expect(stored.filter((m) => m.kind === 'welcome')).toHaveLength(1);
    for (const history of histories) expect(history.filter((m) => m.kind === 'welcome')).toHaveLength(1);
    const userId = stored[0]?.userId ?? '';
    await Promise.all(Array.from({ length: 8 }, () => t.services.chat.ensureWelcome(userId)));
    const again = chatHistorySchema.parse((await mia.get('/api/chat/messages')).body).messages;
    expect(again.filter((m) => m.kind === 'welcome')).toHaveLength(1);
  });

  it('announces a newer Gomeum log on a planet of the user’s once, with its planet, and saves the last-seen value', async ({
    t,
  }) => {
    const mia = await guest(t);
    const task = await mia.request('PUT', '/api/planets/travel/task', { description: 'A trip', reward: 'Ice cream' });
    expect(task.status, task.text).toBe(200);
    const socket = await open(mia);
    await socket.sync(null);
    const publishedAt = t.clock.now + 1000;
    await t.database.db
      .insertInto('gomeum_logs')
      .values({ id: `log-${publishedAt}`, planet: 'travel', content: 'A trip', images: '[]', created_at: publishedAt })
      .execute();
    const afterLog = await socket.sync(null);
    const announcements = afterLog.filter((m) => m.kind === 'announcement');
    expect(announcements).toHaveLength(1);
    expect(announcements[0]).toMatchObject({ sender: 'gomeum', planet: 'travel' });
    expect(await socket.sync(null)).toEqual(afterLog);
    const meta = await t.database.db
      .selectFrom('user_meta')
      .select('last_seen_update')
      .where('user_id', '=', announcements[0]?.userId ?? '')
      .executeTakeFirstOrThrow();
    expect(meta.last_seen_update).toBe(publishedAt);
    await t.database.db.deleteFrom('gomeum_logs').execute();
  });

  it('tells every dashboard when a read mark moves, and only then', async ({ t }) => {
    const gomeum = await operator(t);
    const dashboard = await open(gomeum);
    const mia = await guest(t);
    const question = await send(mia, 'Read me');
    const readPath = `/api/operator/chats/${question.userId}/read`;
    const reads = () => dashboard.events.filter((event) => event.type === 'chat.read');
    expect((await gomeum.post(readPath, { upTo: question.id })).status).toBe(200);
    await dashboard.waitFor((event) => event.type === 'chat.read' && event.readId === question.id);
    // The same mark again, or an older one, moves nothing and tells nobody.
    expect((await gomeum.post(readPath, { upTo: question.id })).status).toBe(200);
    expect((await gomeum.post(readPath, { upTo: 0 })).status).toBe(200);
    dashboard.send({ type: 'ping' });
    await dashboard.waitFor((event) => event.type === 'pong');
    expect(reads()).toEqual([{ type: 'chat.read', userId: question.userId, readId: question.id }]);
  });

  it('answers sync and ping; refuses bad events and the dashboard flag from non-operators', async ({ t }) => {
    const mia = await guest(t);
    const socket = await open(mia);
    socket.send({ type: 'ping' });
    await socket.waitFor((event) => event.type === 'pong');
    socket.send({ type: 'chat.nonsense' });
    await socket.waitFor((event) => event.type === 'error' && event.code === 'errors.bad_request');
    socket.socket.send('not json');
    socket.send({ type: 'presence.dashboard' });
    await socket.waitFor((event) => event.type === 'error' && event.code === 'errors.forbidden');
    const status = await (await operator(t)).get('/api/operator/presence');
    expect(status.body).toEqual({ online: false, away: false });
  });
});

describe('chat routes', () => {
  withLimits.afterAll(async ({ t }) => {
    await t.services.chat.idle();
  });

  withLimits('refuses signed-out senders (401), blank messages (400) and too many messages (429)', async ({ t }) => {
    const anonymous = new TestClient(t);
    const refused = await anonymous.post('/api/chat/messages', { content: 'hi' });
    expect(refused.status).toBe(401);
    expect(errorBodySchema.parse(refused.body).error.code).toBe('errors.unauthorized');
    expect((await anonymous.get('/api/chat/messages')).status).toBe(401);

    const mia = await guest(t);
    for (const content of ['', '   ', '\n\t']) {
      expect((await mia.post('/api/chat/messages', { content })).status).toBe(400);
    }
    expect((await mia.post('/api/chat/messages', { content: 'x'.repeat(2001) })).status).toBe(400);
    // Refused attempts count too: 4 of the 8 allowed are spent.
    for (let i = 0; i < 4; i += 1)
      expect((await mia.post('/api/chat/messages', { content: `m${i}` })).status).toBe(200);
    const limited = await mia.post('/api/chat/messages', { content: 'one too many' });
    expect(limited.status).toBe(429);
    // The limit is per user: another user is not affected.
    expect((await (await guest(t)).post('/api/chat/messages', { content: 'hello' })).status).toBe(200);
  });

  withLimits('keeps every operator route to the operator: 401 anonymous, 403 users', async ({ t }) => {
    const mia = await guest(t);
    const routes: [string, string, unknown?][] = [
      ['GET', '/api/operator/chats'],
      ['GET', '/api/operator/chats/someone/messages'],
      ['POST', '/api/operator/chats/someone/messages', { content: 'hi' }],
      ['GET', '/api/operator/presence'],
      ['PUT', '/api/operator/presence', { away: true }],
    ];
    for (const [method, url, body] of routes) {
      const m = method as 'GET' | 'POST' | 'PUT';
      expect((await new TestClient(t).request(m, url, body)).status, `${method} ${url}`).toBe(401);
      expect((await mia.request(m, url, body)).status, `${method} ${url}`).toBe(403);
    }
  });

  withLimits('lets the operator list conversations, read one and answer as Gomeum', async ({ t }) => {
    const gomeum = await operator(t);
    const mia = await guest(t);
    const question = await send(mia, 'Is anyone there?');
    const list = await gomeum.get('/api/operator/chats');
    expect(list.status).toBe(200);
    const conversations = (list.body as { conversations: { userId: string; lastMessage: { content: string } }[] })
      .conversations;
    expect(conversations[0]).toMatchObject({ userId: question.userId });

    const answer = await gomeum.post(`/api/operator/chats/${question.userId}/messages`, { content: 'I am!' });
    expect(sendChatReplySchema.parse(answer.body).message).toMatchObject({ sender: 'gomeum', content: 'I am!' });
    await t.services.chat.idle();
    const history = chatHistorySchema.parse((await gomeum.get(`/api/operator/chats/${question.userId}/messages`)).body);
    expect(history.messages.map((m) => m.sender)).toEqual(['user', 'gomeum_ai', 'gomeum']);
    expect((await gomeum.get('/api/operator/chats/no-such-user/messages')).status).toBe(404);
    expect((await gomeum.post('/api/operator/chats/no-such-user/messages', { content: 'x' })).status).toBe(404);
    expect((await gomeum.request('PUT', '/api/operator/presence', { away: true })).body).toEqual({
      online: false,
      away: true,
    });
  });

  withLimits(
    'counts each conversation’s unread user messages until the operator reads or answers them',
    async ({ t }) => {
      const gomeum = await operator(t);
      const mia = await guest(t);
      const ben = await guest(t);
      const first = await send(mia, 'One');
      await send(mia, 'Two');
      const fromBen = await send(ben, 'Hello?');
      await t.services.chat.idle();
      const unread = async () => {
        const body = chatConversationsSchema.parse((await gomeum.get('/api/operator/chats')).body);
        return Object.fromEntries(body.conversations.map((c) => [c.userId, c.unreadCount]));
      };
      // AI answers (the operator is away) are not the user's, so they are never unread.
      expect(await unread()).toMatchObject({ [first.userId]: 2, [fromBen.userId]: 1 });

      const readPath = (userId: string) => `/api/operator/chats/${userId}/read`;
      const partly = await gomeum.post(readPath(first.userId), { upTo: first.id });
      expect(chatReadReplySchema.parse(partly.body)).toEqual({ unreadCount: 1 });
      expect(await unread()).toMatchObject({ [first.userId]: 1, [fromBen.userId]: 1 });

      // A mark past the newest message stops at it, so a later message is unread again.
      expect((await gomeum.post(readPath(first.userId), { upTo: 1_000_000_000 })).body).toEqual({ unreadCount: 0 });
      await send(mia, 'Three');
      expect(await unread()).toMatchObject({ [first.userId]: 1 });
      // The mark never moves backwards.
      expect((await gomeum.post(readPath(first.userId), { upTo: 0 })).body).toEqual({ unreadCount: 1 });

      // Answering reads what came before the answer.
      await gomeum.post(`/api/operator/chats/${fromBen.userId}/messages`, { content: 'Hi Ben!' });
      expect(await unread()).toMatchObject({ [fromBen.userId]: 0 });

      expect((await gomeum.post(readPath('no-such-user'), { upTo: 1 })).status).toBe(404);
      for (const body of [{}, { upTo: -1 }, { upTo: 'all' }, { upTo: 1.5 }]) {
        expect((await gomeum.post(readPath(first.userId), body)).status, JSON.stringify(body)).toBe(400);
      }
      expect((await mia.post(readPath(first.userId), { upTo: 1 })).status).toBe(403);
      await t.services.chat.idle();
    },
  );
});

describe('server restart', () => {
  it('keeps every acknowledged message: a client resumes from its last id on the new server', async ({ newApp }) => {
    const t = await newApp({ operator: OPERATOR });
    const base = await listen(t);
    const mia = await guest(t);
    const socket = await LiveTestClient.connect(base, mia);
    const history = await socket.sync(null);
    const last = history.at(-1)?.id ?? 0;
    const acknowledged = await send(mia, 'before restart');
    await t.services.chat.idle();
    const closed = new Promise((resolve) => socket.socket.once('close', resolve));
    await t.app.close();
    await closed;

    const restarted = await buildApp(t.config);
    try {
      const url = await listen(restarted);
      const again = new TestClient(restarted);
      for (const [name, value] of mia.cookies) again.cookies.set(name, value);
      const resumed = await LiveTestClient.connect(url, again);
      const messages = await resumed.sync(last);
      expect(messages.map((m) => m.content)).toEqual([
        'before restart',
        'Gomeum is away right now. Your message is kept, and Gomeum will answer when back.',
      ]);
      expect(messages[0]?.id).toBe(acknowledged.id);
      await resumed.close();
    } finally {
      await restarted.app.close();
    }
  });
});

const REDIS_URL = process.env.TEST_REDIS_URL;

describe.skipIf(!REDIS_URL)('two instances on one database and Redis', () => {
  it('deliver to each other’s clients, and share the operator’s presence', async ({ newApp }) => {
    const a = await newApp({ operator: OPERATOR, redisUrl: REDIS_URL });
    const b = await buildApp({ ...a.config, redisUrl: REDIS_URL });
    try {
      const [urlA, urlB] = [await listen(a), await listen(b)];
      const mia = await guest(a);
      const miaSocket = await LiveTestClient.connect(urlA, mia);
      await miaSocket.sync(null);
      const gomeum = await operator(a);
      const onB = new TestClient(b);
      for (const [name, value] of gomeum.cookies) onB.cookies.set(name, value);
      const dashboard = await LiveTestClient.connect(urlB, onB);
      dashboard.send({ type: 'presence.dashboard' });
      await miaSocket.waitFor((event) => event.type === 'presence.changed' && event.online);

      const question = await send(mia, 'Across instances?');
      await dashboard.waitFor(isMessageWith('Across instances?'));
      const answer = await onB.post(`/api/operator/chats/${question.userId}/messages`, { content: 'Yes, across!' });
      expect(answer.status).toBe(200);
      await miaSocket.waitFor(isMessageWith('Yes, across!'));
      await a.services.chat.idle();
      expect(miaSocket.messages().filter((m) => m.sender === 'gomeum_ai')).toEqual([]);
      await Promise.all([miaSocket.close(), dashboard.close()]);
    } finally {
      await b.app.close();
    }
  });

  it('share one message limit per user: the budget is not doubled by a second instance', async ({ newApp }) => {
    const a = await newApp({
      operator: OPERATOR,
      redisUrl: REDIS_URL,
      chatRateLimit: { messages: 3, aiReplies: 1 },
    });
    const b = await buildApp({ ...a.config, redisUrl: REDIS_URL });
    try {
      const onA = await guest(a);
      const onB = new TestClient(b);
      for (const [name, value] of onA.cookies) onB.cookies.set(name, value);
      expect((await onA.post('/api/chat/messages', { content: 'one' })).status).toBe(200);
      expect((await onB.post('/api/chat/messages', { content: 'two' })).status).toBe(200);
      expect((await onA.post('/api/chat/messages', { content: 'three' })).status).toBe(200);
      const limited = await onB.post('/api/chat/messages', { content: 'four' });
      expect(limited.status).toBe(429);
      expect(errorBodySchema.parse(limited.body).error.code).toBe('errors.rate_limited');
      await Promise.all([a.services.chat.idle(), b.services.chat.idle()]);
    } finally {
      await b.app.close();
    }
  });
});
