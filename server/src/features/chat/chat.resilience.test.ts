import { errorBodySchema, sendChatReplySchema, type ServerEvent } from '@gomeum/contracts';
import { afterAll, describe, expect } from 'vitest';
import { buildApp, type BuiltApp } from '../../app.ts';
import { openDatabase } from '../../db/database.ts';
import { TEST_OPERATOR, guestClient, operatorClient } from '../../test/accounts.ts';
import { FakeAi } from '../../../../scripts/fake-ai.mjs';
import { appTest } from '../../test/app-test.ts';
import { LiveTestClient } from '../../test/live-client.ts';
import { PrivateRedis } from '../../test/private-redis.ts';
import { TestClient } from '../../test/test-app.ts';

const KEY = 'sk-test-resilience-4b1e';
const FALLBACK = 'Gomeum is temporarily unable to get an answer. Please try again later.';

/** Rows of one user's conversation, straight from the database. */
async function storedMessages(built: BuiltApp, userId: string) {
  return built.database.db
    .selectFrom('chat_messages')
    .select(['id', 'sender', 'content', 'client_id'])
    .where('user_id', '=', userId)
    .where('kind', 'in', ['message', 'unavailable'])
    .orderBy('id')
    .execute();
}

/** The same browser (cookies) talking to another instance. */
function sameBrowserOn(built: BuiltApp, client: TestClient): TestClient {
  const other = new TestClient(built);
  for (const [name, value] of client.cookies) other.cookies.set(name, value);
  return other;
}

const isResync = (event: ServerEvent) => event.type === 'live.resync';

const ai = new FakeAi();
const it = appTest(async (after) => {
  const baseUrl = await ai.start();
  after(() => ai.stop());
  return { operator: TEST_OPERATOR, ai: { baseUrl, apiKey: KEY, model: 'gpt-4', timeoutMs: 5_000 } };
});

describe('sending with a client id', () => {
  it('stores a retried message once, returns the first copy, and answers it once', async ({ t }) => {
    const { client, id } = await guestClient(t);
    const body = { content: 'Did this arrive?', clientId: 'retry-0001-abcdef' };
    const first = await client.post('/api/chat/messages', body);
    const retry = await client.post('/api/chat/messages', body);
    expect(first.status).toBe(200);
    expect(retry.status).toBe(200);
    expect(sendChatReplySchema.parse(retry.body).message).toEqual(sendChatReplySchema.parse(first.body).message);
    await t.services.chat.idle();
    const rows = await storedMessages(t, id);
    expect(rows.filter((row) => row.sender === 'user')).toHaveLength(1);
    // One question, one AI answer: the retry started no second one.
    expect(rows.filter((row) => row.sender === 'gomeum_ai')).toHaveLength(1);
  });

  it("carries the sender's client id back: in the send's answer, the live echo and the history", async ({ t }) => {
    const mia = await guestClient(t);
    const base = await t.app.listen({ port: 0, host: '127.0.0.1' });
    const socket = await LiveTestClient.connect(base, mia.client);
    const gomeum = await LiveTestClient.connect(base, await operatorClient(t));
    try {
      // The same text twice: only the id tells the two apart.
      const ids = ['echo-0001-abcdef', 'echo-0002-abcdef'];
      const replies = [];
      for (const clientId of ids)
        replies.push(await mia.client.post('/api/chat/messages', { content: 'Meow', clientId }));
      const answered = replies.map((reply) => sendChatReplySchema.parse(reply.body).message);
      expect(answered.map((message) => message.clientId)).toEqual(ids);
      for (const live of [socket, gomeum]) {
        for (const message of answered) {
          const echo = await live.waitFor((event) => event.type === 'chat.message' && event.message.id === message.id);
          expect(echo.type === 'chat.message' && echo.message.clientId).toBe(message.clientId);
        }
      }
      const history = await socket.sync(null);
      expect(history.filter((m) => m.sender === 'user').map((m) => m.clientId)).toEqual(ids);
      // A message sent without one carries none.
      const plain = await mia.client.post('/api/chat/messages', { content: 'No id' });
      expect(sendChatReplySchema.parse(plain.body).message).not.toHaveProperty('clientId');
    } finally {
      await Promise.all([socket.close(), gomeum.close()]);
    }
  });

  it('stores one message when the same send arrives many times at once', async ({ t }) => {
    const { client, id } = await guestClient(t);
    const body = { content: 'Racing myself', clientId: 'race-0001-abcdef' };
    const replies = await Promise.all(Array.from({ length: 8 }, () => client.post('/api/chat/messages', body)));
    expect(replies.map((reply) => reply.status)).toEqual(Array(8).fill(200));
    const ids = new Set(replies.map((reply) => sendChatReplySchema.parse(reply.body).message.id));
    expect(ids.size).toBe(1);
    await t.services.chat.idle();
    expect((await storedMessages(t, id)).filter((row) => row.sender === 'user')).toHaveLength(1);
  });

  it('keeps client ids per conversation, and refuses one already used by the other side', async ({ t }) => {
    const mia = await guestClient(t);
    const ben = await guestClient(t);
    const gomeum = await operatorClient(t);
    const shared = { content: 'Same id, other people', clientId: 'shared-0001-abcdef' };
    expect((await mia.client.post('/api/chat/messages', shared)).status).toBe(200);
    expect((await ben.client.post('/api/chat/messages', shared)).status).toBe(200);

    const reply = { content: 'Hello from Gomeum', clientId: 'operator-0001-abcdef' };
    const url = `/api/operator/chats/${mia.id}/messages`;
    expect((await gomeum.post(url, reply)).status).toBe(200);
    expect((await gomeum.post(url, reply)).status).toBe(200);
    const stolen = await mia.client.post('/api/chat/messages', { content: 'Mine now?', clientId: reply.clientId });
    expect(stolen.status).toBe(400);
    await t.services.chat.idle();
    const rows = await storedMessages(t, mia.id);
    expect(rows.filter((row) => row.sender === 'gomeum').map((row) => row.content)).toEqual(['Hello from Gomeum']);
    expect(rows.some((row) => row.content === 'Mine now?')).toBe(false);
  });

  it('refuses a malformed client id with 400 and stores nothing', async ({ t }) => {
    const { client, id } = await guestClient(t);
    for (const clientId of ['short', 'has spaces in it', 'x'.repeat(65), '<script>alert(1)</script>']) {
      const response = await client.post('/api/chat/messages', { content: 'Bad id', clientId });
      expect(response.status).toBe(400);
      expect(errorBodySchema.parse(response.body).error.code).toBe('errors.bad_request');
    }
    expect(await storedMessages(t, id)).toEqual([]);
  });

  it('refuses text with a NUL character (PostgreSQL cannot store it) with 400, in a body or a path', async ({ t }) => {
    const { client, id } = await guestClient(t);
    const body = await client.post('/api/chat/messages', { content: 'before\u0000after' });
    expect(body.status).toBe(400);
    expect(errorBodySchema.parse(body.body).error.code).toBe('errors.bad_request');
    const gomeum = await operatorClient(t);
    expect((await gomeum.get('/api/operator/chats/a%00b/messages')).status).toBe(400);
    expect(await storedMessages(t, id)).toEqual([]);
  });
});

describe('an AI answer under way when the server shuts down', () => {
  it('is cut short and the fallback stored, so the question is not left unanswered', async ({ newApp }) => {
    const ai = new FakeAi({ mode: { kind: 'hang' } });
    const baseUrl = await ai.start();
    // The AI would take a minute: shutting down must not wait for it, nor drop the answer.
    const t = await newApp({ ai: { baseUrl, apiKey: KEY, model: 'gpt-4', timeoutMs: 60_000 } });
    try {
      const { client, id } = await guestClient(t);
      expect((await client.post('/api/chat/messages', { content: 'Still there?' })).status).toBe(200);
      await ai.received(1);
      const started = Date.now();
      await t.app.close();
      expect(Date.now() - started).toBeLessThan(30_000);
      const database = await openDatabase(t.config);
      try {
        const rows = await database.db
          .selectFrom('chat_messages')
          .select(['sender', 'content'])
          .where('user_id', '=', id)
          .where('kind', 'in', ['message', 'unavailable'])
          .orderBy('id')
          .execute();
        expect(rows).toEqual([
          { sender: 'user', content: 'Still there?' },
          { sender: 'gomeum_ai', content: FALLBACK },
        ]);
      } finally {
        await database.close();
      }
    } finally {
      await ai.stop();
    }
  });
});

let redis: PrivateRedis;
const onRedis = appTest(async (after) => {
  redis = await PrivateRedis.forApp(after);
  return { operator: TEST_OPERATOR, redisUrl: redis.url, rateLimit: { auth: 3, guest: 1000 } };
});

describe('two instances while their Redis is down', () => {
  let b: BuiltApp;
  let urlA: string;
  let urlB: string;
  const sockets: LiveTestClient[] = [];

  onRedis.beforeAll(async ({ t: a }) => {
    b = await buildApp({ ...a.config, redisUrl: redis.url });
    urlA = await a.app.listen({ port: 0, host: '127.0.0.1' });
    urlB = await b.app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(async () => {
    await Promise.all(sockets.map((socket) => socket.close()));
    await b.app.close();
  });

  const readiness = async (built: BuiltApp) => {
    const response = await built.app.inject({ method: 'GET', url: '/readyz' });
    return { status: response.statusCode, body: response.json<{ status: string; checks: { redis: string } }>() };
  };

  onRedis('answer at once, deliver what they can, and resync everyone once Redis is back', async ({ t: a }) => {
    const mia = await guestClient(a);
    const miaSocket = await LiveTestClient.connect(urlA, mia.client);
    sockets.push(miaSocket);
    await miaSocket.sync(null);
    const gomeumOnB = sameBrowserOn(b, await operatorClient(a));
    const dashboard = await LiveTestClient.connect(urlB, gomeumOnB);
    sockets.push(dashboard);
    dashboard.send({ type: 'presence.dashboard' });
    await miaSocket.waitFor((event) => event.type === 'presence.changed' && event.online);
    expect((await readiness(a)).body).toMatchObject({ status: 'ready', checks: { redis: 'ok' } });

    await redis.down();
    // Both instances notice: still serving, degraded, not unavailable.
    for (const built of [a, b]) {
      let ready = await readiness(built);
      while (ready.body.checks.redis !== 'down') ready = await readiness(built);
      expect(ready).toMatchObject({ status: 200, body: { status: 'degraded' } });
    }

    // A message is acknowledged exactly when stored: at once, and delivered on its own instance.
    const started = Date.now();
    const sent = await mia.client.post('/api/chat/messages', {
      content: 'Sent in the dark',
      clientId: 'dark-0001-abcd',
    });
    expect(sent.status).toBe(200);
    expect(Date.now() - started).toBeLessThan(1_000);
    await miaSocket.waitFor((event) => event.type === 'chat.message' && event.message.content === 'Sent in the dark');
    const answer = await gomeumOnB.post(`/api/operator/chats/${mia.id}/messages`, { content: 'Heard you, later' });
    expect(answer.status).toBe(200);

    // Rate limits fall back to this instance's memory: still limited, never held up.
    const stranger = new TestClient(a);
    const attempts = [];
    for (let i = 0; i < 4; i += 1) {
      const at = Date.now();
      const response = await stranger.post('/api/auth/login', {
        email: 'nobody@example.com',
        password: 'wrong-password',
      });
      attempts.push({ status: response.status, ms: Date.now() - at });
    }
    expect(attempts.map((attempt) => attempt.status)).toEqual([401, 401, 401, 429]);
    expect(Math.max(...attempts.map((attempt) => attempt.ms))).toBeLessThan(1_000);

    // Neither crossed over while the bus was down.
    expect(dashboard.messages().some((m) => m.content === 'Sent in the dark')).toBe(false);
    expect(miaSocket.messages().some((m) => m.content === 'Heard you, later')).toBe(false);

    const resyncsBefore = {
      mia: miaSocket.events.filter(isResync).length,
      gomeum: dashboard.events.filter(isResync).length,
    };
    await redis.up();
    // Each side is told to resync, and reading again from the database finds what it missed.
    await miaSocket.waitFor(
      (event) => isResync(event) && miaSocket.events.filter(isResync).length > resyncsBefore.mia,
      10_000,
    );
    await dashboard.waitFor(
      (event) => isResync(event) && dashboard.events.filter(isResync).length > resyncsBefore.gomeum,
      10_000,
    );
    const resumed = await miaSocket.sync(sendChatReplySchema.parse(sent.body).message.id);
    expect(resumed.map((m) => m.content)).toContain('Heard you, later');
    const history = await gomeumOnB.get(`/api/operator/chats/${mia.id}/messages`);
    expect((history.body as { messages: { content: string }[] }).messages.map((m) => m.content)).toContain(
      'Sent in the dark',
    );
    await miaSocket.waitFor((event) => event.type === 'presence.changed');

    // And the bus carries new messages across again.
    let ready = await readiness(a);
    while (ready.body.status !== 'ready') ready = await readiness(a);
    await mia.client.post('/api/chat/messages', { content: 'Back in the light' });
    await dashboard.waitFor((event) => event.type === 'chat.message' && event.message.content === 'Back in the light');
    await a.services.chat.idle();
  });
});
