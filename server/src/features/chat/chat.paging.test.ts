import { chatPageSchema, type ChatMessage } from '@gomeum/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_OPERATOR, guestClient, operatorClient } from '../../test/accounts.ts';
import { LiveTestClient } from '../../test/live-client.ts';
import { createTestApp, type TestApp, type TestClient } from '../../test/test-app.ts';

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

async function allIds(t: TestApp, userId: string): Promise<number[]> {
  const rows = await t.database.db
    .selectFrom('chat_messages')
    .select('id')
    .where('user_id', '=', userId)
    .orderBy('id')
    .execute();
  return rows.map((row) => row.id);
}

const page = async (client: TestClient, url: string) => {
  const response = await client.get(url);
  expect(response.status, response.text).toBe(200);
  return chatPageSchema.parse(response.body);
};

describe('chat history paged both ways', () => {
  let t: TestApp;
  let base: string;
  let operator: TestClient;
  const sockets: LiveTestClient[] = [];

  beforeAll(async () => {
    t = await createTestApp({ operator: TEST_OPERATOR });
    base = await t.app.listen({ port: 0, host: '127.0.0.1' });
    operator = await operatorClient(t);
  });
  afterAll(async () => {
    await Promise.all(sockets.map((socket) => socket.close()));
    await t.close();
  });

  it('brings a client that missed more than 500 messages up to date, page by page, with nothing lost', async () => {
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
      received.push(...reply.messages);
      if (!reply.more) break;
      after = Math.max(...reply.messages.map((m) => m.id));
    }
    expect(pages).toBe(3);
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

  it('lets the user and the operator scroll back to the very first message', async () => {
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
      // No cursor: the newest page, and `more` because older ones exist.
      const newest = await page(client, path);
      expect(newest.messages.length, who).toBe(500);
      expect(newest.more, who).toBe(true);
      expect(newest.messages.map((m) => m.id)).toEqual(ids.slice(-500));

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
});
