import type { ChatMessage } from '@gomeum/contracts';
import { describe, expect, it } from 'vitest';
import { conversationReducer, initialConversation, lastMessageId, unreadCount } from './conversation.ts';

const message = (id: number, sender: ChatMessage['sender'], content = `m${id}`): ChatMessage => ({
  id,
  userId: 'u1',
  sender,
  kind: 'message',
  content,
  text: null,
  planet: null,
  createdAt: 1_700_000_000_000 + id,
});

describe('conversation', () => {
  it('merges history and live messages once each, oldest first', () => {
    let state = initialConversation(0);
    state = conversationReducer(state, { type: 'message', message: message(3, 'gomeum'), streamId: null });
    state = conversationReducer(state, {
      type: 'history',
      after: null,
      messages: [message(1, 'user'), message(3, 'gomeum')],
    });
    state = conversationReducer(state, { type: 'history', after: 1, messages: [message(2, 'gomeum_ai')] });
    expect(state.messages.map((m) => m.id)).toEqual([1, 2, 3]);
    expect(state.loaded).toBe(true);
    expect(lastMessageId(state)).toBe(3);
  });

  it('builds a streamed answer and replaces it with the stored message; late pieces are dropped', () => {
    // The stream of the answer to message 7 (the answer itself is stored as 8).
    let state = initialConversation(0);
    state = conversationReducer(state, { type: 'delta', streamId: 7, delta: 'Hel' });
    state = conversationReducer(state, { type: 'delta', streamId: 9, delta: 'Ano' });
    state = conversationReducer(state, { type: 'delta', streamId: 7, delta: 'lo' });
    expect(state.streams).toEqual([
      { id: 7, text: 'Hello' },
      { id: 9, text: 'Ano' },
    ]);
    state = conversationReducer(state, {
      type: 'message',
      message: message(8, 'gomeum_ai', 'Hello'),
      streamId: 7,
    });
    expect(state.streams).toEqual([{ id: 9, text: 'Ano' }]);
    expect(conversationReducer(state, { type: 'delta', streamId: 7, delta: 'x' }).streams).toEqual([
      { id: 9, text: 'Ano' },
    ]);
  });

  it('shows a sent message at once and swaps it for the confirmed one', () => {
    let state = initialConversation(0);
    state = conversationReducer(state, { type: 'pending', clientId: 'c1', content: 'hi' });
    expect(state.pending).toEqual([{ clientId: 'c1', content: 'hi', status: 'sending' }]);
    state = conversationReducer(state, { type: 'settled', clientId: 'c1', message: message(4, 'user', 'hi') });
    expect(state.pending).toEqual([]);
    expect(state.messages.map((m) => m.content)).toEqual(['hi']);
  });

  it('keeps a failed message in place with its reason until it is retried under the same id', () => {
    let state = initialConversation(0);
    state = conversationReducer(state, { type: 'pending', clientId: 'c1', content: 'hi' });
    state = conversationReducer(state, { type: 'failed', clientId: 'c1', error: 'errors.unavailable' });
    expect(state.pending).toEqual([{ clientId: 'c1', content: 'hi', status: 'failed', error: 'errors.unavailable' }]);
    state = conversationReducer(state, { type: 'retrying', clientId: 'c1' });
    expect(state.pending).toEqual([{ clientId: 'c1', content: 'hi', status: 'sending' }]);
    state = conversationReducer(state, { type: 'settled', clientId: 'c1', message: message(9, 'user', 'hi') });
    expect(state.pending).toEqual([]);
    expect(state.messages.map((m) => m.id)).toEqual([9]);
  });

  it('never shows a sent message twice when the live copy arrives before the POST answers', () => {
    let state = initialConversation(0);
    state = conversationReducer(state, { type: 'pending', clientId: 'c1', content: ' hi ' });
    const live = { ...message(4, 'user', 'hi'), clientId: 'c1' };
    state = conversationReducer(state, { type: 'message', message: live, streamId: null });
    expect(state.pending).toEqual([]);
    expect(state.messages.map((m) => m.content)).toEqual(['hi']);
    state = conversationReducer(state, { type: 'settled', clientId: 'c1', message: live });
    expect(state.messages.map((m) => m.content)).toEqual(['hi']);
  });

  it('matches each live copy to the send under its own client id, whatever the text', () => {
    let state = initialConversation(0);
    state = conversationReducer(state, { type: 'pending', clientId: 'c1', content: 'Meow' });
    state = conversationReducer(state, { type: 'pending', clientId: 'c2', content: 'Meow' });
    // The second arrives first; a message from elsewhere (no client id of this tab) confirms nothing.
    state = conversationReducer(state, {
      type: 'message',
      message: { ...message(5, 'user', 'Meow'), clientId: 'c2' },
      streamId: null,
    });
    state = conversationReducer(state, { type: 'message', message: message(6, 'user', 'Meow'), streamId: null });
    expect(state.pending.map((p) => p.clientId)).toEqual(['c1']);
  });

  it('resumes from what a history reply held, not from the newest id it has seen', () => {
    // Connected and synced through 3; then the connection drops. Gomeum answers (5) while it is
    // down, and the user sends (6) over HTTP: the send's reply and any live copy show at once…
    let state = conversationReducer(initialConversation(0), {
      type: 'history',
      after: null,
      messages: [message(1, 'gomeum'), message(3, 'user')],
    });
    state = conversationReducer(state, { type: 'pending', clientId: 'c6', content: 'm6' });
    state = conversationReducer(state, { type: 'settled', clientId: 'c6', message: message(6, 'user') });
    state = conversationReducer(state, { type: 'message', message: message(7, 'gomeum_ai'), streamId: null });
    expect(lastMessageId(state)).toBe(7);
    // …but the resume starts after 3, so the reconnect brings 5 too.
    expect(state.syncedThrough).toBe(3);
    state = conversationReducer(state, {
      type: 'history',
      after: 3,
      messages: [message(5, 'gomeum'), message(6, 'user'), message(7, 'gomeum_ai')],
    });
    expect(state.messages.map((m) => m.id)).toEqual([1, 3, 5, 6, 7]);
    expect(state.syncedThrough).toBe(7);
    // An older reply arriving late never moves the resume point back.
    state = conversationReducer(state, { type: 'history', after: 1, messages: [message(3, 'user')] });
    expect(state.syncedThrough).toBe(7);
    // An empty reply holds everything up to where it started.
    expect(
      conversationReducer(initialConversation(0), { type: 'history', after: 12, messages: [] }).syncedThrough,
    ).toBe(12);
  });

  it('offers older messages when the server says they exist, whatever the newest page held', () => {
    // A page is bounded by bytes: five big messages may be all of it, with older ones before them.
    const few = [1, 2, 3, 4, 5].map((id) => message(id + 100, 'user'));
    const fresh = () => initialConversation(0);
    expect(conversationReducer(fresh(), { type: 'history', after: null, messages: few, older: true }).olderMore).toBe(
      true,
    );
    expect(conversationReducer(fresh(), { type: 'history', after: null, messages: few, older: false }).olderMore).toBe(
      false,
    );
    // Scrolling back reads them until the server has no more.
    let state = conversationReducer(fresh(), { type: 'history', after: null, messages: few, older: true });
    state = conversationReducer(state, { type: 'older', messages: [message(50, 'gomeum')], more: false });
    expect(state.messages[0]?.id).toBe(50);
    expect(state.olderMore).toBe(false);
  });

  it('counts messages from Gomeum after the last read id as unread, until read', () => {
    let state = initialConversation(1);
    state = conversationReducer(state, {
      type: 'history',
      after: null,
      messages: [message(1, 'gomeum'), message(2, 'user'), message(3, 'gomeum_ai'), message(4, 'gomeum')],
    });
    expect(unreadCount(state)).toBe(2);
    state = conversationReducer(state, { type: 'read' });
    expect(unreadCount(state)).toBe(0);
    expect(state.lastReadId).toBe(4);
  });
});
