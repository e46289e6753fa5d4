import type { ChatKind, ChatSender } from '@gomeum/contracts';
import { describe, expect } from 'vitest';
import { appTest } from '../../test/app-test.ts';
import type { TestApp } from '../../test/test-app.ts';
import { ChatRepository } from './chat.repository.ts';
import { ConversationsRepository } from './conversations.repository.ts';

/**
 * The inbox's row of each conversation (`chat_conversations`) is the database's: it follows every
 * message stored, read mark moved, reaction posted and message or user deleted, in the statement
 * that does it. Run on SQLite, and on PostgreSQL with TEST_DATABASE_URL.
 */
const it = appTest();

describe('a conversation row follows its conversation', () => {
  let chat: ChatRepository;
  let rows: ConversationsRepository;
  let user: string;
  let at = 1_000;

  const newUser = async (t: TestApp) => {
    const id = crypto.randomUUID();
    await t.database.db
      .insertInto('users')
      .values({ id, email: `${id}@example.com`, role: 'user', is_guest: 0, locale: 'en', created_at: at })
      .execute();
    return id;
  };
  const stored = async (sender: ChatSender, kind: ChatKind = 'message', userId = user) => {
    at += 10;
    return chat.insert({ userId, sender, kind, content: `${sender} ${kind} ${at}`, meta: null, createdAt: at });
  };
  /** A message stored: its id (the database's, which the row keeps). */
  const say = async (sender: ChatSender, kind: ChatKind = 'message', userId = user) =>
    (await stored(sender, kind, userId)).id;
  const row = async (userId = user) => (await rows.find([userId]))[0];
  const unreadTotal = () => rows.unreadTotal();

  it.beforeAll(async ({ t }) => {
    chat = new ChatRepository(t.database.db);
    rows = new ConversationsRepository(t.database.db);
  });
  it.beforeEach(async ({ t }) => {
    user = await newUser(t);
  });

  it('follows each message: the newest, the counts, and since when it waits for Gomeum', async () => {
    expect(await row()).toBeUndefined();
    const welcome = await say('gomeum', 'welcome');
    expect(await row()).toMatchObject({ message_count: 1, unread_count: 0, waiting: null, version: 1 });
    expect((await row())?.last.id).toBe(welcome);

    const first = await say('user');
    const firstAt = at;
    const second = await say('user');
    expect(await row()).toMatchObject({
      message_count: 3,
      unread_count: 2,
      waiting: { since: firstAt, lastId: second, content: `user message ${at}` },
      version: 3,
    });
    expect((await row())?.last.id).toBe(second);
    expect(first).toBeLessThan(second);

    // The AI could not answer: a notice, left out of the inbox and no answer.
    await say('gomeum_ai', 'unavailable');
    expect(await row()).toMatchObject({ message_count: 3, waiting: { since: firstAt, lastId: second } });
    expect((await row())?.last.id).toBe(second);

    // Gomeum answers: nothing waits; the user writes again and it waits from then.
    const answer = await say('gomeum_ai');
    expect(await row()).toMatchObject({ message_count: 4, unread_count: 2, waiting: null });
    expect((await row())?.last.id).toBe(answer);
    const third = await say('user');
    expect(await row()).toMatchObject({ unread_count: 3, waiting: { since: at, lastId: third } });
  });

  it('follows the read marks: the operator reads, the user sees', async () => {
    // Marks are given as the wire names messages: by their numbers in the conversation.
    const before = await unreadTotal();
    const first = await stored('user');
    const second = await stored('user');
    expect(await unreadTotal()).toBe(before + 1);
    await chat.markRead(user, first.seq, at);
    expect(await row()).toMatchObject({ unread_count: 1 });
    await chat.markRead(user, second.seq, at);
    expect(await row()).toMatchObject({ unread_count: 0, user_read_seq: 0 });
    expect(await unreadTotal()).toBe(before);
    // Read marks never count what came after them.
    await say('user');
    expect(await row()).toMatchObject({ unread_count: 1 });
    const reply = await stored('gomeum');
    await chat.markUserRead(user, reply.seq, at);
    expect(await row()).toMatchObject({ user_read_seq: reply.seq, unread_count: 1 });
    expect(reply.seq).toBe(4);
  });

  it("follows Gomeum's reactions posted into the chat: the newest message, but no answer", async () => {
    const question = await say('user');
    const reaction = await say('gomeum', 'reaction');
    const announcement = await say('gomeum', 'announcement');
    const current = await row();
    expect(current?.last.id).toBe(announcement);
    expect(current).toMatchObject({ message_count: 3, waiting: { lastId: question } });
    expect(reaction).toBeLessThan(announcement);
  });

  it('follows a message deleted, and goes with the last one and with its user', async ({ t }) => {
    const question = await say('user');
    const answer = await say('gomeum');
    const again = await say('user');
    await t.database.db.deleteFrom('chat_messages').where('id', '=', again).execute();
    expect(await row()).toMatchObject({ message_count: 2, unread_count: 1, waiting: null });
    expect((await row())?.last.id).toBe(answer);
    await t.database.db.deleteFrom('chat_messages').where('id', '=', answer).execute();
    expect(await row()).toMatchObject({ message_count: 1, waiting: { lastId: question } });
    await t.database.db.deleteFrom('chat_messages').where('id', '=', question).execute();
    expect(await row()).toBeUndefined();

    const before = await unreadTotal();
    await say('user');
    expect(await unreadTotal()).toBe(before + 1);
    await t.services.account.deleteByOperator(user, user);
    expect(await row()).toBeUndefined();
    expect(await unreadTotal()).toBe(before);
  });

  it("moves with a guest's messages into an account, counted with the account's own", async ({ t }) => {
    const account = await newUser(t);
    const mine = await say('user', 'message', account);
    const guestQuestion = await say('user');
    await say('gomeum', 'message', account);
    // Moved as a merge moves them: their numbers out of the account's way (see GuestRepository).
    await t.database.db
      .updateTable('chat_messages')
      .set((eb) => ({ user_id: account, seq: eb.neg(eb.ref('id')) }))
      .where('user_id', '=', user)
      .execute();
    expect(await row()).toBeUndefined();
    const merged = await row(account);
    expect(merged).toMatchObject({ message_count: 3, unread_count: 2, waiting: null });
    expect(guestQuestion).toBeGreaterThan(mine);
  });
});
