import type { ChatConversation, ChatMessage, OperatorQueueItem } from '@gomeum/contracts';
import { describe, expect, it } from 'vitest';
import {
  applyConversation,
  applyQueueItem,
  withMessage,
  withoutUser,
  type ConversationPages,
  type QueuePages,
} from './inbox-changes.ts';

const message = (id: number, userId: string): ChatMessage => ({
  id,
  userId,
  sender: 'user',
  kind: 'message',
  content: `m${id}`,
  text: null,
  planet: null,
  createdAt: id,
});
// Each conversation's newest message is its first (ids are numbers within a conversation): the
// list's order is the conversations' positions alone.
const row = (userId: string, position: number, version = 1): ChatConversation => ({
  userId,
  email: `${userId}@example.com`,
  guestId: null,
  isGuest: false,
  lastMessage: message(1, userId),
  messageCount: 1,
  unreadCount: 1,
  version,
  position,
});
const conversations = (pages: ChatConversation[][], more = false): ConversationPages => ({
  pages: pages.map((list, i) => ({
    conversations: list,
    next: i < pages.length - 1 || more ? (list.at(-1)?.position ?? null) : null,
    unreadTotal: 3,
  })),
  pageParams: pages.map((_, i) => (i === 0 ? undefined : 1)),
});
const ids = (data: ConversationPages | undefined) => data?.pages.map((page) => page.conversations.map((c) => c.userId));

describe('a conversation change', () => {
  const data = conversations(
    [
      [row('a', 9), row('b', 7)],
      [row('c', 5), row('d', 3)],
    ],
    true,
  );

  it('moves the conversation to its place by its newest message, and takes the unread total', () => {
    const changed = applyConversation(data, { userId: 'c', conversation: row('c', 10, 2), unreadTotal: 4 });
    expect(ids(changed)).toEqual([['c', 'a', 'b'], ['d']]);
    expect(changed?.pages[0]?.unreadTotal).toBe(4);
    // A read mark changes a row in its place.
    const read = applyConversation(data, { userId: 'b', conversation: { ...row('b', 7, 2), unreadCount: 0 } });
    expect(ids(read)).toEqual([
      ['a', 'b'],
      ['c', 'd'],
    ]);
    expect(read?.pages[0]?.conversations[1]?.unreadCount).toBe(0);
  });

  it('keeps a later reading over an earlier one that arrived after it', () => {
    const later = applyConversation(data, { userId: 'a', conversation: { ...row('a', 11, 5), unreadCount: 0 } });
    const crossed = applyConversation(later, { userId: 'a', conversation: row('a', 10, 4) });
    expect(crossed?.pages[0]?.conversations[0]).toMatchObject({ position: 11, unreadCount: 0 });
  });

  it('leaves a conversation that belongs to a page not read yet to that page, and removes a gone one', () => {
    expect(ids(applyConversation(data, { userId: 'z', conversation: row('z', 1) }))).toEqual([
      ['a', 'b'],
      ['c', 'd'],
    ]);
    const whole = conversations([[row('a', 9)], [row('c', 5)]]);
    expect(ids(applyConversation(whole, { userId: 'z', conversation: row('z', 1) }))).toEqual([['a'], ['c', 'z']]);
    expect(ids(applyConversation(data, { userId: 'b', conversation: null }))).toEqual([['a'], ['c', 'd']]);
    expect(ids(withoutUser(data, 'd'))).toEqual([['a', 'b'], ['c']]);
    expect(applyConversation(undefined, { userId: 'a', conversation: row('a', 1) })).toBeUndefined();
  });
});

describe('a queue change', () => {
  const chat = (userId: string, since: number, version = 1): OperatorQueueItem => ({
    kind: 'chat',
    userId,
    name: userId,
    since,
    preview: 'hi',
    version,
  });
  const proof = (logId: string, since: number): OperatorQueueItem => ({
    kind: 'proof',
    logId,
    userId: 'p',
    name: 'p',
    planet: 'music',
    since,
    preview: 'done',
  });
  const queue = (items: OperatorQueueItem[], next: string | null = null): QueuePages => ({
    pages: [{ items, next }],
    pageParams: [undefined],
  });
  const keys = (data: QueuePages | undefined) =>
    data?.pages[0]?.items.map((item) => (item.kind === 'chat' ? item.userId : item.logId));

  it('puts an item in its place by how long it has waited, conversations first at equal times', () => {
    const data = queue([chat('a', 10), proof('p1', 20), chat('b', 30)]);
    expect(keys(applyQueueItem(data, { key: 'proof:p2', item: proof('p2', 40) }))).toEqual(['a', 'p1', 'b', 'p2']);
    expect(keys(applyQueueItem(data, { key: 'chat:c', item: chat('c', 20), version: 1 }))).toEqual([
      'a',
      'c',
      'p1',
      'b',
    ]);
    // Answered: it leaves; a proof reacted to leaves.
    expect(keys(applyQueueItem(data, { key: 'chat:a', item: null, version: 2 }))).toEqual(['p1', 'b']);
    expect(keys(applyQueueItem(data, { key: 'proof:p1', item: null }))).toEqual(['a', 'b']);
    expect(keys(withoutUser(data, 'p'))).toEqual(['a', 'b']);
  });

  it('keeps a later reading of a conversation, and leaves to an unread page what waited less than all shown', () => {
    const data = queue([chat('a', 10, 3)], 'c.10.1');
    expect(keys(applyQueueItem(data, { key: 'chat:a', item: null, version: 2 }))).toEqual(['a']);
    expect(keys(applyQueueItem(data, { key: 'chat:b', item: chat('b', 50), version: 1 }))).toEqual(['a']);
    expect(keys(applyQueueItem(data, { key: 'chat:b', item: chat('b', 5), version: 1 }))).toEqual(['b', 'a']);
  });
});

describe('a message stored', () => {
  it('joins its conversation once, in order', () => {
    const data = { pages: [{ messages: [message(1, 'a'), message(3, 'a')], more: false }], pageParams: [null] };
    const once = withMessage(data, message(5, 'a'));
    expect(withMessage(once, message(5, 'a'))?.pages[0]?.messages.map((m) => m.id)).toEqual([1, 3, 5]);
    expect(withMessage(undefined, message(5, 'a'))).toBeUndefined();
  });
});
