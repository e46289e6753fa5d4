import { CHAT_HISTORY_LIMIT, type AiStreamId, type ChatMessage, type ErrorCode } from '@gomeum/contracts';

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
  /** AI answers being written, in the order they began: the message each answers and its text so far. */
  streams: { id: AiStreamId; text: string }[];
  /** The AI answers stored lately: a piece of one arriving late is dropped (the newest few are kept). */
  endedStreams: AiStreamId[];
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
  | {
      type: 'history';
      after: number | null;
      messages: ChatMessage[];
      more?: boolean | undefined;
      /** With `after` null: whether older messages exist (when absent, a full page says so). */
      older?: boolean | undefined;
    }
  | { type: 'older'; messages: ChatMessage[]; more: boolean }
  | { type: 'message'; message: ChatMessage; streamId: AiStreamId | null }
  | { type: 'delta'; streamId: AiStreamId; delta: string }
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
    streams: [],
    endedStreams: [],
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

/** How many ended AI answers the conversation remembers, to drop their late pieces. */
const ENDED_STREAMS_KEPT = 20;

/** The pending copy of a stored message of the user's, if any: the one sent under its client id. */
function pendingCopyOf(state: ConversationState, message: ChatMessage): number {
  if (message.sender !== 'user' || message.clientId === undefined) return -1;
  return state.pending.findIndex((p) => p.clientId === message.clientId);
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
      // The first (newest) page may have older messages before it: the server says so (a page is
      // bounded by bytes too, so it may hold fewer than its count); a server that does not, by a full page.
      const olderMore = state.loaded
        ? state.olderMore
        : action.after === null && (action.older ?? action.messages.length >= HISTORY_PAGE);
      return { ...state, loaded: true, olderMore, syncedThrough, messages: merge(state.messages, action.messages) };
    }
    case 'older':
      // Scrolling back: older messages join in, the resume point stays where it was.
      return { ...state, olderMore: action.more, messages: merge(state.messages, action.messages) };
    case 'message': {
      // The stored answer ends its stream.
      const { streamId } = action;
      const streams = state.streams.filter((stream) => stream.id !== streamId);
      const endedStreams =
        streamId === null ? state.endedStreams : [...state.endedStreams, streamId].slice(-ENDED_STREAMS_KEPT);
      // The user's own message can arrive live before its send answers (or instead of it, when the
      // answer was lost): it confirms the pending copy sent under its client id, so it never shows twice.
      const confirmed = pendingCopyOf(state, action.message);
      const pending = confirmed >= 0 ? state.pending.filter((_, i) => i !== confirmed) : state.pending;
      return { ...state, streams, endedStreams, pending, messages: merge(state.messages, [action.message]) };
    }
    case 'delta': {
      // A stream whose stored message already arrived is finished: late pieces are dropped.
      if (state.endedStreams.includes(action.streamId)) return state;
      const known = state.streams.some((stream) => stream.id === action.streamId);
      const streams = known
        ? state.streams.map((stream) =>
            stream.id === action.streamId ? { ...stream, text: stream.text + action.delta } : stream,
          )
        : [...state.streams, { id: action.streamId, text: action.delta }];
      return { ...state, streams };
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
