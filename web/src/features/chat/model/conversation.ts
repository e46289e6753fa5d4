import type { ChatMessage } from '@gomeum/contracts';

/** A message the user sent that the server has not confirmed yet. */
export interface PendingMessage {
  localId: string;
  content: string;
}

/** Everything the chat panel shows, kept in one reducer. */
export interface ConversationState {
  /** Stored messages, by id ascending (oldest first). */
  messages: ChatMessage[];
  pending: PendingMessage[];
  /** AI answers being written: stream id → text so far. */
  streams: Record<string, string>;
  /** The newest message id the user has seen with the panel open. */
  lastReadId: number;
  /** Whether the first history reply has arrived. */
  loaded: boolean;
}

/** What can happen to the conversation. */
export type ConversationAction =
  | { type: 'history'; messages: ChatMessage[] }
  | { type: 'message'; message: ChatMessage; streamId: string | null }
  | { type: 'delta'; streamId: string; delta: string }
  | { type: 'pending'; message: PendingMessage }
  | { type: 'settled'; localId: string; message?: ChatMessage }
  | { type: 'read' };

/** An empty conversation; `lastReadId` comes from what this browser saw before. */
export function initialConversation(lastReadId: number): ConversationState {
  return { messages: [], pending: [], streams: {}, lastReadId, loaded: false };
}

/** Adds messages by id, once each, keeping id order. */
function merge(current: ChatMessage[], incoming: ChatMessage[]): ChatMessage[] {
  const byId = new Map(current.map((message) => [message.id, message]));
  for (const message of incoming) byId.set(message.id, message);
  return [...byId.values()].sort((a, b) => a.id - b.id);
}

/** The conversation's reducer: merges history and live events, tracks sending and streaming. */
export function conversationReducer(state: ConversationState, action: ConversationAction): ConversationState {
  switch (action.type) {
    case 'history':
      return { ...state, loaded: true, messages: merge(state.messages, action.messages) };
    case 'message': {
      const streams = Object.fromEntries(Object.entries(state.streams).filter(([id]) => id !== action.streamId));
      // The user's own message can arrive live before its POST answers: it confirms the oldest
      // pending copy of the same text, so the message never shows twice.
      const confirmed =
        action.message.sender === 'user'
          ? state.pending.findIndex((p) => p.content.trim() === action.message.content)
          : -1;
      const pending = confirmed >= 0 ? state.pending.filter((_, i) => i !== confirmed) : state.pending;
      return { ...state, streams, pending, messages: merge(state.messages, [action.message]) };
    }
    case 'delta': {
      // A stream whose stored message already arrived is finished: late pieces are dropped.
      const done = state.messages.some((m) => m.sender === 'gomeum_ai' && action.streamId === `ai-${m.id}`);
      if (done) return state;
      return {
        ...state,
        streams: { ...state.streams, [action.streamId]: (state.streams[action.streamId] ?? '') + action.delta },
      };
    }
    case 'pending':
      return { ...state, pending: [...state.pending, action.message] };
    case 'settled':
      return {
        ...state,
        pending: state.pending.filter((p) => p.localId !== action.localId),
        messages: action.message ? merge(state.messages, [action.message]) : state.messages,
      };
    case 'read':
      return { ...state, lastReadId: Math.max(state.lastReadId, lastMessageId(state) ?? 0) };
  }
}

/** The newest stored message id, or null when there is none (the resume point). */
export function lastMessageId(state: ConversationState): number | null {
  return state.messages.at(-1)?.id ?? null;
}

/** Messages from Gomeum (or announcements) the user has not seen with the panel open. */
export function unreadCount(state: ConversationState): number {
  return state.messages.filter((m) => m.sender !== 'user' && m.id > state.lastReadId).length;
}
