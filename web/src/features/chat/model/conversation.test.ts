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
    state = conversationReducer(state, { type: 'history', messages: [message(1, 'user'), message(3, 'gomeum')] });
    state = conversationReducer(state, { type: 'history', messages: [message(2, 'gomeum_ai')] });
    expect(state.messages.map((m) => m.id)).toEqual([1, 2, 3]);
    expect(state.loaded).toBe(true);
    expect(lastMessageId(state)).toBe(3);
  });

  it('builds a streamed answer and replaces it with the stored message; late pieces are dropped', () => {
    let state = initialConversation(0);
    state = conversationReducer(state, { type: 'delta', streamId: 'ai-7', delta: 'Hel' });
    state = conversationReducer(state, { type: 'delta', streamId: 'ai-7', delta: 'lo' });
    expect(state.streams).toEqual({ 'ai-7': 'Hello' });
    state = conversationReducer(state, {
      type: 'message',
      message: message(8, 'gomeum_ai', 'Hello'),
      streamId: 'ai-7',
    });
    expect(state.streams).toEqual({});
    expect(conversationReducer(state, { type: 'delta', streamId: 'ai-8', delta: 'x' }).streams).toEqual({});
  });

  it('shows a sent message at once and swaps it for the confirmed one', () => {
    let state = initialConversation(0);
    state = conversationReducer(state, { type: 'pending', message: { localId: 'l1', content: 'hi' } });
    expect(state.pending).toHaveLength(1);
    state = conversationReducer(state, { type: 'settled', localId: 'l1', message: message(4, 'user', 'hi') });
    expect(state.pending).toEqual([]);
    expect(state.messages.map((m) => m.content)).toEqual(['hi']);
  });

  it('never shows a sent message twice when the live copy arrives before the POST answers', () => {
    let state = initialConversation(0);
    state = conversationReducer(state, { type: 'pending', message: { localId: 'l1', content: ' hi ' } });
    state = conversationReducer(state, { type: 'message', message: message(4, 'user', 'hi'), streamId: null });
    expect(state.pending).toEqual([]);
    expect(state.messages.map((m) => m.content)).toEqual(['hi']);
    state = conversationReducer(state, { type: 'settled', localId: 'l1', message: message(4, 'user', 'hi') });
    expect(state.messages.map((m) => m.content)).toEqual(['hi']);
  });

  it('counts messages from Gomeum after the last read id as unread, until read', () => {
    let state = initialConversation(1);
    state = conversationReducer(state, {
      type: 'history',
      messages: [message(1, 'gomeum'), message(2, 'user'), message(3, 'gomeum_ai'), message(4, 'gomeum')],
    });
    expect(unreadCount(state)).toBe(2);
    state = conversationReducer(state, { type: 'read' });
    expect(unreadCount(state)).toBe(0);
    expect(state.lastReadId).toBe(4);
  });
});
