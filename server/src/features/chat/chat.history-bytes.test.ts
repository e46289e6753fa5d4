import { CHAT_PAGE_MAX_BYTES, chatPageSchema, type ChatMessage, type ServerEvent } from '@gomeum/contracts';
import { afterAll, afterEach, describe, expect } from 'vitest';
import { buildApp, type BuiltApp } from '../../app.ts';
import { appTest } from '../../test/app-test.ts';
import { guest, listen, send } from '../../test/chat.ts';
import { LiveTestClient } from '../../test/live-client.ts';
import { PrivateRedis } from '../../test/private-redis.ts';
import { TestClient, type TestApp } from '../../test/test-app.ts';

/**
 * Chat history bounded by bytes: a page never carries more than
 * `CHAT_PAGE_MAX_BYTES` however large its messages, older ones still within reach by cursor both
 * ways; and a person is sent at most `CHAT_HISTORY_BYTES_PER_10S` of history per 10 s, whichever of
 * their sockets or requests asks, on whichever instance, the rest refused with when to ask again.
 */

const KIB = 1024;
// What one person may be sent per 10 s here: four full pages.
const BUDGET = 256 * KIB;
// 2,000 characters that are 12 KB as JSON.
const BIG = `${'\u0001'.repeat(1999)}.`;

/** A page's messages as JSON, with the commas between them. */
const bytesOf = (messages: ChatMessage[]) =>
  messages.reduce((sum, message) => sum + Buffer.byteLength(JSON.stringify(message)) + 1, 0);

/** `count` big messages from the client (each answered by the AI's notice: there is no AI here). */
async function writeBig(t: TestApp, client: TestClient, count: number): Promise<void> {
  for (let i = 0; i < count; i += 1) await send(client, BIG);
  await t.services.chat.idle();
}

type SyncAnswer = Extract<ServerEvent, { type: 'chat.history' } | { type: 'error' }>;

/** Sends `chat.sync` and waits for its answer: the history page, or the refusal. */
async function syncOrRefusal(socket: LiveTestClient, after: number | null): Promise<SyncAnswer> {
  const before = socket.events.length;
  socket.send({ type: 'chat.sync', after });
  return (await socket.waitFor(
    (event) =>
      socket.events.indexOf(event) >= before &&
      (event.type === 'chat.history' || (event.type === 'error' && event.refused === 'chat.sync')),
  )) as SyncAnswer;
}

/** Asks for the newest page on each socket in turn until one is refused: the bytes served until then. */
async function spend(sockets: LiveTestClient[]): Promise<{ served: number; refusal: SyncAnswer }> {
  let served = 0;
  // Far more than the budget allows: without a budget, the loop ends and the test fails.
  for (let i = 0; i < 40; i += 1) {
    const answer = await syncOrRefusal(sockets[i % sockets.length]!, null);
    if (answer.type === 'error') return { served, refusal: answer };
    served += bytesOf(answer.messages);
  }
  throw new Error(`never refused: ${served} bytes served`);
}

const it = appTest({ chatHistoryBytesPer10s: BUDGET, chatRateLimit: { messages: 1000, aiReplies: 10 } });

describe('chat history bounded by bytes', () => {
  let base: string;
  const sockets: LiveTestClient[] = [];
  const open = async (client: TestClient, url = base) => {
    const socket = await LiveTestClient.connect(url, client);
    sockets.push(socket);
    return socket;
  };

  it.beforeAll(async ({ t }) => {
    base = await listen(t);
  });
  afterEach(async () => {
    await Promise.all(sockets.splice(0).map((socket) => socket.close()));
  });

  it('sends pages of at most 64 KiB of big messages, and every message by cursor both ways (fails unbounded)', async ({
    t,
  }) => {
    const mia = await guest(t);
    const tab = await open(mia);
    const welcome = await tab.sync(null);
    await writeBig(t, mia, 30);
    const all = chatPageSchema.parse((await mia.get('/api/chat/messages?limit=1')).body).messages;
    const newestId = all[0]!.id;

    // A new tab: the newest page, a few big messages, and older ones said to exist.
    t.clock.advance(10_000);
    const newest = await (await open(mia)).syncPage(null);
    expect(bytesOf(newest.messages)).toBeLessThanOrEqual(CHAT_PAGE_MAX_BYTES);
    expect(newest.messages.at(-1)?.id).toBe(newestId);
    expect(newest.older).toBe(true);

    // Scrolling back over HTTP reaches the welcome, each page bounded too.
    const collected = [...newest.messages];
    for (let more = true; more;) {
      t.clock.advance(10_000);
      const older = chatPageSchema.parse((await mia.get(`/api/chat/messages?before=${collected[0]!.id}`)).body);
      expect(bytesOf(older.messages)).toBeLessThanOrEqual(CHAT_PAGE_MAX_BYTES);
      collected.unshift(...older.messages);
      more = older.more;
    }
    expect(collected[0]?.kind).toBe('welcome');
    expect(collected).toHaveLength(61);

    // The first tab resumes from the welcome: page after page, with nothing lost.
    const resumed: ChatMessage[] = [];
    for (let after = welcome.at(-1)!.id, more = true; more;) {
      t.clock.advance(10_000);
      const page = await tab.syncPage(after);
      expect(bytesOf(page.messages)).toBeLessThanOrEqual(CHAT_PAGE_MAX_BYTES);
      resumed.push(...page.messages);
      after = page.messages.at(-1)?.id ?? after;
      more = page.more;
    }
    expect(resumed.map((m) => m.id)).toEqual(collected.slice(1).map((m) => m.id));
  });

  it('meters what a person is sent across their sockets and HTTP; others are not refused (fails unmetered)', async ({
    t,
  }) => {
    const mia = await guest(t);
    await writeBig(t, mia, 30);
    const leo = await guest(t);
    const miaTabs = [await open(mia), await open(mia)];
    const leoTab = await open(leo);
    t.clock.advance(10_000);

    const { served, refusal } = await spend(miaTabs);
    // Never past the budget, and most of it used before the refusal.
    expect(served).toBeLessThanOrEqual(BUDGET);
    expect(served).toBeGreaterThan(BUDGET - 2 * CHAT_PAGE_MAX_BYTES);
    expect(refusal).toMatchObject({ code: 'errors.rate_limited', refused: 'chat.sync' });
    const wait = refusal.type === 'error' ? (refusal.retryAfterMs ?? 0) : 0;
    expect(wait).toBeGreaterThan(0);
    expect(wait).toBeLessThanOrEqual(10_000);
    // The other socket and HTTP are refused too, HTTP saying when to come back.
    expect((await syncOrRefusal(miaTabs[1]!, null)).type).toBe('error');
    const http = await mia.get('/api/chat/messages');
    expect(http.status).toBe(429);
    expect(Number(http.headers['retry-after'])).toBeGreaterThan(0);
    // Someone else is served meanwhile.
    expect((await syncOrRefusal(leoTab, null)).type).toBe('chat.history');
    // The next window serves Mia again.
    t.clock.advance(10_000);
    expect((await syncOrRefusal(miaTabs[0]!, null)).type).toBe('chat.history');
  });
});

const onRedis = appTest(async (after) => ({
  redisUrl: (await PrivateRedis.forApp(after)).url,
  chatHistoryBytesPer10s: BUDGET,
  chatRateLimit: { messages: 1000, aiReplies: 10 },
}));

describe('chat history bytes on two instances sharing Redis', () => {
  let b: BuiltApp;
  const sockets: LiveTestClient[] = [];

  onRedis.beforeAll(async ({ t: a }) => {
    b = await buildApp({ ...a.config });
  });
  afterAll(async () => {
    await Promise.all(sockets.map((socket) => socket.close()));
    await b.app.close();
  });

  onRedis('counts one budget per person, whichever instance serves them', async ({ t: a }) => {
    const mia = await guest(a);
    await writeBig(a, mia, 30);
    const onB = new TestClient(b);
    for (const [name, value] of mia.cookies) onB.cookies.set(name, value);
    sockets.push(await LiveTestClient.connect(await listen(a), mia));
    sockets.push(await LiveTestClient.connect(await listen(b), onB));
    a.clock.advance(10_000);
    const { served } = await spend(sockets);
    expect(served).toBeLessThanOrEqual(BUDGET);
  });
});
