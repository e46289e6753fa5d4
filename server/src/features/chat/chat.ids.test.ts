import { chatConversationsSchema, chatPageSchema, type ChatMessage } from '@gomeum/contracts';
import { describe, expect } from 'vitest';
import { TEST_OPERATOR, guestClient, operatorClient, userClient } from '../../test/accounts.ts';
import { appTest } from '../../test/app-test.ts';
import { send } from '../../test/chat.ts';
import { LiveSockets } from '../../test/live-client.ts';
import type { TestClient } from '../../test/test-app.ts';
import { ChatRepository } from './chat.repository.ts';

const it = appTest({ operator: TEST_OPERATOR });

/**
 * A chat message's id on the wire is its number in its own conversation: what a user
 * is sent tells them nothing of how many messages anyone else exchanged. Every place the wire names
 * a message: a send's answer, live events, history pages and their cursors, read marks both ways,
 * and a guest's conversation merged into an account. SQLite, and PostgreSQL with TEST_DATABASE_URL.
 */
describe('chat message ids: numbers within each conversation', () => {
  let base = '';
  let operator: TestClient;
  const sockets = new LiveSockets(() => base);

  it.beforeAll(async ({ t }) => {
    base = await t.app.listen({ port: 0, host: '127.0.0.1' });
    operator = await operatorClient(t);
    // Gomeum's dashboard is open: no notice of the AI's comes between a user's messages.
    const present = await sockets.connect(operator);
    present.send({ type: 'presence.dashboard' });
    await present.waitFor((event) => event.type === 'presence.changed' && event.online);
  });
  it.afterAll(async ({ t }) => {
    await sockets.closeAll();
    await t.services.chat.idle();
  });

  const history = async (client: TestClient, query = '') => {
    const response = await client.get(`/api/chat/messages${query}`);
    expect(response.status, response.text).toBe(200);
    return chatPageSchema.parse(response.body).messages;
  };
  const ids = (messages: ChatMessage[]) => messages.map((m) => m.id);

  it('counts only the conversation: others writing in between change nothing (fails with the table’s ids)', async ({
    t,
  }) => {
    const mia = await guestClient(t);
    const leo = await guestClient(t);
    const tab = await sockets.connect(mia.client);
    // The first sync posts the welcome: message 1.
    expect(ids(await tab.sync(null))).toEqual([1]);
    const first = await send(mia.client, 'One');
    for (let i = 0; i < 5; i += 1) await send(leo.client, `Leo ${i}`);
    const second = await send(mia.client, 'Two');

    expect([first.id, second.id]).toEqual([2, 3]);
    const live = await tab.waitFor((e) => e.type === 'chat.message' && e.message.content === 'Two');
    expect(live.type === 'chat.message' && live.message.id).toBe(3);
    expect(ids(await history(mia.client))).toEqual([1, 2, 3]);
    expect(ids(await history(leo.client))).toEqual([1, 2, 3, 4, 5]);
    // The cursors are those numbers, both ways, and live.
    expect(ids(await history(mia.client, '?after=2'))).toEqual([3]);
    expect(ids(await history(mia.client, '?before=3'))).toEqual([1, 2]);
    expect(ids(await tab.sync(2))).toEqual([3]);
  });

  it('names read marks by those numbers: the operator’s read to the user, the user’s seen to the operator', async ({
    t,
  }) => {
    const mia = await guestClient(t);
    const tab = await sockets.connect(mia.client);
    const dashboard = await sockets.connect(operator);
    await tab.sync(null);
    await send(mia.client, 'Hello?');
    const question = await send(mia.client, 'Anyone?');
    for (let i = 0; i < 3; i += 1) await send((await guestClient(t)).client, 'Elsewhere');

    const read = await operator.post(`/api/operator/chats/${mia.id}/read`, { upTo: question.id });
    expect(read.status, read.text).toBe(200);
    expect(read.body).toEqual({ unreadCount: 0 });
    const told = await tab.waitFor((e) => e.type === 'chat.read' && e.userId === mia.id);
    expect(told).toMatchObject({ readId: question.id });
    expect(question.id).toBe(3);
    const resumed = await tab.syncPage(null);
    expect(ids(resumed.messages)).toEqual([1, 2, 3]);
    expect(tab.events.findLast((e) => e.type === 'chat.history')).toMatchObject({ operatorReadId: question.id });

    const reply = await operator.post(`/api/operator/chats/${mia.id}/messages`, { content: 'Here!' });
    expect(reply.status, reply.text).toBe(200);
    expect(reply.body).toMatchObject({ message: { id: question.id + 1 } });
    tab.send({ type: 'chat.seen', upTo: question.id + 1 });
    const seen = await dashboard.waitFor((e) => e.type === 'chat.user_read' && e.userId === mia.id);
    expect(seen).toMatchObject({ readId: question.id + 1 });
    const list = chatConversationsSchema.parse((await operator.get('/api/operator/chats')).body);
    const row = list.conversations.find((c) => c.userId === mia.id);
    expect(row).toMatchObject({ userReadId: question.id + 1, lastMessage: { id: question.id + 1 } });
  });

  it('numbers messages stored at once in the order they were sent, each conversation on its own', async ({ t }) => {
    const users = [(await guestClient(t)).id, (await guestClient(t)).id, (await guestClient(t)).id];
    const chat = new ChatRepository(t.database.db);
    // Sent together (PostgreSQL: one statement for all of them; SQLite: one after another).
    const rows = await Promise.all(
      Array.from({ length: 30 }, (_, i) =>
        chat.insert({
          userId: users[i % 3] ?? '',
          sender: 'user',
          kind: 'message',
          content: `m${i}`,
          meta: null,
          createdAt: t.clock.now,
        }),
      ),
    );
    for (const userId of users) {
      const own = rows.filter((row) => row.user_id === userId);
      expect(own.map((row) => row.seq)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
      // Within a conversation the table's ids keep the same order.
      expect(own.map((row) => row.id)).toEqual(own.map((row) => row.id).toSorted((a, b) => a - b));
    }
  });

  it('numbers a guest’s conversation merged into an account again, in the order it was written', async ({ t }) => {
    const account = await userClient(t, 'numbered@example.com');
    const guest = await guestClient(t);
    await send(account.client, 'Account one');
    await send(guest.client, 'Guest one');
    await send(account.client, 'Account two');
    await send(guest.client, 'Guest two');

    await guest.client.post('/api/auth/logout');
    const login = await guest.client.post('/api/auth/login', {
      email: 'numbered@example.com',
      password: 'user-password-1',
    });
    expect(login.status, login.text).toBe(200);
    expect((await guest.client.post('/api/me/guest-merge', { accept: true })).status).toBe(200);

    const merged = await history(account.client);
    expect(merged.map((m) => [m.id, m.content])).toEqual([
      [1, 'Account one'],
      [2, 'Guest one'],
      [3, 'Account two'],
      [4, 'Guest two'],
    ]);
    expect((await send(account.client, 'After')).id).toBe(5);
  });
});
