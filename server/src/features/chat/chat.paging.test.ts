import {
  CHAT_PAGE_MAX_BYTES,
  chatConversationsSchema,
  chatPageSchema,
  OPERATOR_INBOX_PAGE,
  OPERATOR_QUEUE_PAGE,
  operatorQueueSchema,
  type ChatMessage,
} from '@gomeum/contracts';
import { afterAll, describe, expect } from 'vitest';
import { TEST_OPERATOR, guestClient } from '../../test/accounts.ts';
import { appTest } from '../../test/app-test.ts';
import { LiveTestClient } from '../../test/live-client.ts';
import type { TestApp, TestClient } from '../../test/test-app.ts';

const it = appTest({ operator: TEST_OPERATOR });

/** Stores `count` messages in a user's conversation at once (as if sent while a client was away). */
async function storeMessages(t: TestApp, userId: string, count: number, label: string): Promise<void> {
  const rows = Array.from({ length: count }, (_, i) => ({
    user_id: userId,
    sender: i % 3 === 0 ? ('gomeum' as const) : ('user' as const),
    kind: 'message' as const,
    content: `${label} ${i}`,
    meta: null,
    created_at: t.clock.now + i,
  }));
  for (let i = 0; i < rows.length; i += 200) {
    await t.database.db
      .insertInto('chat_messages')
      .values(rows.slice(i, i + 200))
      .execute();
  }
}

/** Every message's id on the wire, oldest first: its number in the conversation. */
async function allIds(t: TestApp, userId: string): Promise<number[]> {
  const rows = await t.database.db
    .selectFrom('chat_messages')
    .select('seq')
    .where('user_id', '=', userId)
    .orderBy('id')
    .execute();
  return rows.map((row) => row.seq);
}

/** A page's messages as JSON, with the commas between them. */
const bytesOf = (messages: ChatMessage[]) =>
  messages.reduce((sum, message) => sum + Buffer.byteLength(JSON.stringify(message)) + 1, 0);

const page = async (client: TestClient, url: string) => {
  const response = await client.get(url);
  expect(response.status, response.text).toBe(200);
  return chatPageSchema.parse(response.body);
};

describe('chat history paged both ways', () => {
  const sockets: LiveTestClient[] = [];
  afterAll(async () => {
    await Promise.all(sockets.map((socket) => socket.close()));
  });

  it('brings a client that missed more than 500 messages up to date, page by page, with nothing lost', async ({
    t,
    url: base,
  }) => {
    const mia = await guestClient(t);
    const tab = await LiveTestClient.connect(base, mia.client);
    sockets.push(tab);
    const first = await tab.syncPage(null);
    expect(first.more).toBe(false);
    const seen = Math.max(...first.messages.map((m) => m.id));
    await tab.close();

    // While the tab was closed: 1,234 messages (more than two history replies hold).
    await storeMessages(t, mia.id, 1_234, 'missed');
    const expected = (await allIds(t, mia.id)).filter((id) => id > seen);
    expect(expected.length).toBe(1_234);

    // The resumed tab asks from where it was, and again while the server says there is more.
    const again = await LiveTestClient.connect(base, mia.client);
    sockets.push(again);
    const received: ChatMessage[] = [];
    let after = seen;
    let pages = 0;
    for (;;) {
      const reply = await again.syncPage(after);
      pages += 1;
      expect(reply.messages.length).toBeLessThanOrEqual(500);
      expect(bytesOf(reply.messages)).toBeLessThanOrEqual(CHAT_PAGE_MAX_BYTES);
      received.push(...reply.messages);
      if (!reply.more) break;
      after = Math.max(...reply.messages.map((m) => m.id));
    }
    // 1,234 messages of about 200 bytes: bounded by bytes, not by their count.
    expect(pages).toBeGreaterThanOrEqual(4);
    expect(received.map((m) => m.id)).toEqual(expected);
    expect(received.at(-1)?.content).toBe('missed 1233');

    // Over HTTP the same: after a cursor, oldest first, `more` until caught up.
    const http: number[] = [];
    let cursor = seen;
    for (;;) {
      const reply = await page(mia.client, `/api/chat/messages?after=${cursor}&limit=200`);
      http.push(...reply.messages.map((m) => m.id));
      if (!reply.more) break;
      cursor = reply.messages.at(-1)?.id ?? cursor;
    }
    expect(http).toEqual(expected);
  });

  it('lets the user and the operator scroll back to the very first message', async ({ t, url: base, operator }) => {
    const leo = await guestClient(t);
    const tab = await LiveTestClient.connect(base, leo.client);
    sockets.push(tab);
    await tab.syncPage(null);
    await storeMessages(t, leo.id, 1_100, 'long');
    const ids = await allIds(t, leo.id);

    for (const [who, client, path] of [
      ['user', leo.client, '/api/chat/messages'],
      ['operator', operator, `/api/operator/chats/${leo.id}/messages`],
    ] as const) {
      // No cursor: the newest page (500 at most, 64 KiB at most), and `more` because older ones exist.
      const newest = await page(client, path);
      expect(newest.messages.length, who).toBeLessThanOrEqual(500);
      expect(bytesOf(newest.messages), who).toBeLessThanOrEqual(CHAT_PAGE_MAX_BYTES);
      expect(newest.more, who).toBe(true);
      expect(newest.messages.map((m) => m.id)).toEqual(ids.slice(-newest.messages.length));

      const collected = [...newest.messages];
      let more = newest.more;
      while (more) {
        const oldest = collected[0]?.id ?? 0;
        const older = await page(client, `${path}?before=${oldest}&limit=300`);
        expect(
          older.messages.every((m) => m.id < oldest),
          who,
        ).toBe(true);
        collected.unshift(...older.messages);
        more = older.more;
      }
      expect(
        collected.map((m) => m.id),
        who,
      ).toEqual(ids);
      expect(collected[0]?.kind, who).toBe('welcome');
    }

    // Both cursors at once make no sense; a limit beyond a page is refused.
    expect((await leo.client.get('/api/chat/messages?after=1&before=5')).status).toBe(400);
    expect((await leo.client.get('/api/chat/messages?limit=501')).status).toBe(400);
    expect((await leo.client.get('/api/chat/messages?before=0')).status).toBe(400);
  });

  it("reads the operator's queue 20 and the conversations 30 at a time, each page below the last", async ({
    t,
    operator,
  }) => {
    // 35 users each waiting for Gomeum, one after another.
    const users = Array.from({ length: 35 }, (_, i) => ({
      id: crypto.randomUUID(),
      email: `paged-${i}-${crypto.randomUUID()}@example.com`,
      role: 'user' as const,
      is_guest: 0,
      locale: 'en',
      created_at: t.clock.now,
    }));
    await t.database.db.insertInto('users').values(users).execute();
    for (const [i, user] of users.entries()) {
      await t.database.db
        .insertInto('chat_messages')
        .values({ user_id: user.id, sender: 'user', kind: 'message', content: `paged ${i}`, meta: null, created_at: i })
        .execute();
    }
    const ours = new Set<string>(users.map((user) => user.id));

    const queue = operatorQueueSchema.parse((await operator.get('/api/operator/queue')).body);
    expect(queue.items).toHaveLength(OPERATOR_QUEUE_PAGE);
    const queued = [...queue.items];
    for (let next = queue.next; next;) {
      const more = operatorQueueSchema.parse(
        (await operator.get(`/api/operator/queue?cursor=${encodeURIComponent(next)}`)).body,
      );
      expect(more.items.length).toBeLessThanOrEqual(OPERATOR_QUEUE_PAGE);
      queued.push(...more.items);
      next = more.next;
    }
    // Longest waiting first: ours waited since 0, 1, 2… (before anything else of this suite).
    expect(queued.slice(0, 35).map((item) => item.userId)).toEqual(users.map((user) => user.id));

    const inbox = chatConversationsSchema.parse((await operator.get('/api/operator/chats')).body);
    expect(inbox.conversations).toHaveLength(OPERATOR_INBOX_PAGE);
    const listed = [...inbox.conversations];
    for (let before = inbox.next; before !== null;) {
      const more = chatConversationsSchema.parse((await operator.get(`/api/operator/chats?before=${before}`)).body);
      expect(more.conversations.length).toBeLessThanOrEqual(OPERATOR_INBOX_PAGE);
      const below = before;
      expect(more.conversations.every((c) => c.lastMessage.id < below)).toBe(true);
      listed.push(...more.conversations);
      before = more.next;
    }
    // Most recent first: ours the other way round, each once.
    const ourRows = listed.filter((c) => ours.has(c.userId)).map((c) => c.userId);
    expect(ourRows).toEqual(users.map((user) => user.id).toReversed());

    // A page is at most 100.
    expect((await operator.get('/api/operator/queue?limit=101')).status).toBe(400);
    expect((await operator.get('/api/operator/chats?limit=101')).status).toBe(400);
  });
});
