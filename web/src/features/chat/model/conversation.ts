import { CHAT_HISTORY_LIMIT, type ChatMessage, type ErrorCode } from '@gomeum/contracts';

/** How many messages the newest history page holds at most. */
const HISTORY_PAGE = CHAT_HISTORY_LIMIT;

/** The id to resume after, once a history reply is in: the newest id it held, or its `after`. */
export function resumePoint(after: number | null, messages: ChatMessage[]): number {
  return Math.max(after ?? 0, ...messages.map((m) => m.id));
}

/**
 * A message the user sent that the server has not confirmed yet. Its `clientId` goes with every
 * attempt, so a retry never stores it twice.
 */
export interface PendingMessage {
  clientId: string;
  content: string;
  /** `sending` (first try or an automatic retry) or `failed` (the user may retry). */
  status: 'sending' | 'failed';
  /** Why the last attempt failed (an error code, an i18n key). */
  error?: ErrorCode;
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
  /**
   * Where the next resume starts: every stored message up to this id is known to be here. Only a
   * history reply moves it. Live messages and the replies to sends may arrive out of order, or
   * after gaps the client cannot see, so they never do (resuming from them would skip what came
   * in between).
   */
  syncedThrough: number | null;
  /** Whether the first history reply has arrived. */
  loaded: boolean;
  /** Whether older messages than the first one here may exist (read by scrolling back). */
  olderMore: boolean;
}

/** What can happen to the conversation. */
export type ConversationAction =
  | { type: 'history'; after: number | null; messages: ChatMessage[]; more?: boolean | undefined }
  | { type: 'older'; messages: ChatMessage[]; more: boolean }
  | { type: 'message'; message: ChatMessage; streamId: string | null }
  | { type: 'delta'; streamId: string; delta: string }
  | { type: 'pending'; clientId: string; content: string }
  | { type: 'retrying'; clientId: string }
  | { type: 'failed'; clientId: string; error: ErrorCode }
  | { type: 'settled'; clientId: string; message: ChatMessage }
  | { type: 'discard'; clientId: string }
  | { type: 'read' };

/** An empty conversation; `lastReadId` comes from what this browser saw before. */
export function initialConversation(lastReadId: number): ConversationState {
  return {
    messages: [],
    pending: [],
    streams: {},
    lastReadId,
    syncedThrough: null,
    loaded: false,
    olderMore: false,
  };
}

/** Adds messages by id, once each, keeping id order. */
function merge(current: ChatMessage[], incoming: ChatMessage[]): ChatMessage[] {
  const byId = new Map(current.map((message) => [message.id, message]));
  for (const message of incoming) byId.set(message.id, message);
  return [...byId.values()].sort((a, b) => a.id - b.id);
}

/** The pending copy of a stored message of the user's, if any (the same text, oldest first). */
function pendingCopyOf(state: ConversationState, message: ChatMessage): number {
  return message.sender === 'user' ? state.pending.findIndex((p) => p.content.trim() === message.content) : -1;
}

function updatePending(
  state: ConversationState,
  clientId: string,
  change: (message: PendingMessage) => PendingMessage,
): ConversationState {
  return { ...state, pending: state.pending.map((p) => (p.clientId === clientId ? change(p) : p)) };
}

/** The conversation's reducer: merges history and live events, tracks sending and streaming. */
export function conversationReducer(state: ConversationState, action: ConversationAction): ConversationState {
  switch (action.type) {
    case 'history': {
      // A history reply holds every message after `after` (up to the newest): the resume point
      // moves to its end — unless a newer sync already moved it further.
      // A page at a time: with `more`, the client asks again from the new resume point.
      const end = resumePoint(action.after, action.messages);
      const syncedThrough = Math.max(state.syncedThrough ?? 0, end) || null;
      // The first (newest) page may have older messages before it: a full page says so.
      const olderMore = state.loaded
        ? state.olderMore
        : action.after === null && action.messages.length >= HISTORY_PAGE;
      return { ...state, loaded: true, olderMore, syncedThrough, messages: merge(state.messages, action.messages) };
    }
    case 'older':
      // Scrolling back: older messages join in, the resume point stays where it was.
      return { ...state, olderMore: action.more, messages: merge(state.messages, action.messages) };
    case 'message': {
      const streams = Object.fromEntries(Object.entries(state.streams).filter(([id]) => id !== action.streamId));
      // The user's own message can arrive live before its send answers (or instead of it, when the
      // answer was lost): it confirms the oldest pending copy of the same text, so it never shows twice.
      const confirmed = pendingCopyOf(state, action.message);
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
      return {
        ...state,
        pending: [...state.pending, { clientId: action.clientId, content: action.content, status: 'sending' }],
      };
    case 'retrying':
      return updatePending(state, action.clientId, ({ clientId, content }) => ({
        clientId,
        content,
        status: 'sending',
      }));
    case 'failed':
      return updatePending(state, action.clientId, (p) => ({ ...p, status: 'failed', error: action.error }));
    case 'settled':
      return {
        ...state,
        pending: state.pending.filter((p) => p.clientId !== action.clientId),
        messages: merge(state.messages, [action.message]),
      };
    case 'discard':
      return { ...state, pending: state.pending.filter((p) => p.clientId !== action.clientId) };
    case 'read':
      return { ...state, lastReadId: Math.max(state.lastReadId, lastMessageId(state) ?? 0) };
  }
}

/** The newest stored message id, or null when there is none. */
export function lastMessageId(state: ConversationState): number | null {
  return state.messages.at(-1)?.id ?? null;
}

/** Messages from Gomeum (or announcements) the user has not seen with the panel open. */
export function unreadCount(state: ConversationState): number {
  // A notice that Gomeum could not answer is not news worth a count.
  return state.messages.filter((m) => m.sender !== 'user' && m.kind !== 'unavailable' && m.id > state.lastReadId)
    .length;
}
