import type { ChatConversation, ChatMessage } from '@gomeum/contracts';
import { afterEach, beforeAll, beforeEach, vi } from 'vitest';
import { initI18n, loadOperatorStrings } from '../lib/i18n.ts';
import { FakeSocket } from './fake-socket.ts';

/**
 * The operator's chat under test: English with the dashboard's strings loaded, and a fake live
 * socket (`FakeSocket.current`) that each test starts without. Call it at the top of the file.
 */
export function operatorChatTests() {
  beforeAll(async () => {
    await initI18n('en');
    await loadOperatorStrings();
  });
  beforeEach(() => {
    FakeSocket.current = null;
    vi.stubGlobal('WebSocket', FakeSocket);
  });
  afterEach(() => {
    vi.unstubAllGlobals();
  });
}

/** A chat message as the server sends it, written at minute `id` of 20 November 2026, 09:00 UTC. */
export function chatMessage(id: number, userId: string, sender: ChatMessage['sender'], content: string): ChatMessage {
  return {
    id,
    userId,
    sender,
    kind: 'message',
    content,
    text: null,
    planet: null,
    createdAt: Date.UTC(2026, 10, 20, 9, id),
  };
}

/** A conversation as the dashboard lists it: with an account (`email`) or a guest (`guestId`), ending with `last`. */
export function chatConversation(
  userId: string,
  who: { email?: string; guestId?: string },
  last: ChatMessage,
  more: Partial<ChatConversation> = {},
): ChatConversation {
  return {
    userId,
    email: who.email ?? null,
    guestId: who.guestId ?? null,
    isGuest: !who.email,
    lastMessage: last,
    messageCount: 3,
    unreadCount: 0,
    position: last.createdAt,
    ...more,
  };
}
