import { useCallback, useEffect, useReducer, useRef, useState } from 'react';
import { useLive, useLiveEvent, useLiveOpen } from '../../../lib/live/index.ts';
import {
  conversationReducer,
  initialConversation,
  resumePoint,
  type ConversationState,
} from '../model/conversation.ts';
import { fetchOlderMessages } from './older-messages.ts';
import { useChatSender } from './send-message.ts';

// The newest message this browser has shown, by its number in the conversation. The key before
// this one held the database's ids over every conversation, far ahead of those numbers.
const readKey = (userId: string) => `gomeum.chat.seen.${userId}`;
const formerReadKey = (userId: string) => `gomeum.chat.read.${userId}`;

function storedReadId(userId: string | null): number {
  if (!userId || typeof window === 'undefined') return 0;
  try {
    return Number(window.localStorage.getItem(readKey(userId))) || 0;
  } catch {
    return 0;
  }
}

/**
 * Whether this browser kept a mark under the former key only (it had shown what it was sent then):
 * the first history then counts as read, rather than all of it as new.
 */
function formerReadOnly(userId: string | null): boolean {
  if (!userId || typeof window === 'undefined') return false;
  try {
    const storage = window.localStorage;
    return storage.getItem(formerReadKey(userId)) !== null && storage.getItem(readKey(userId)) === null;
  } catch {
    return false;
  }
}

/** Forgets the former key's mark (once the history it stood for counts as read). */
function dropFormerRead(userId: string): void {
  try {
    window.localStorage.removeItem(formerReadKey(userId));
  } catch {
    // Private mode: nothing was kept.
  }
}

/** Keeps the newest message id the user has read, for the unread count of their next visit. */
export function storeReadId(userId: string, readId: number): void {
  // Nothing read yet is what no mark says.
  if (readId <= 0) return;
  try {
    window.localStorage.setItem(readKey(userId), String(readId));
  } catch {
    // Private mode: the count simply starts over next time.
  }
}

/**
 * Asks for the conversation from where this tab holds every message (`chat.sync`), now and again
 * after the server refused a sync (the person's history budget was spent), once it says it may.
 */
function useResume(stateRef: { readonly current: ConversationState }) {
  const live = useLive();
  const retry = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(retry.current), []);
  const resync = useCallback(() => {
    clearTimeout(retry.current);
    live?.send({ type: 'chat.sync', after: stateRef.current.syncedThrough });
  }, [live, stateRef]);
  useLiveEvent('error', (event) => {
    if (event.refused !== 'chat.sync') return;
    clearTimeout(retry.current);
    // A moment after the server's time, spread so the tabs of one person do not all ask at once.
    const wait = (event.retryAfterMs ?? 1_000) + Math.random() * 1_000;
    retry.current = setTimeout(resync, wait);
  });
  return resync;
}

/** Scrolling back: older messages over HTTP, one page at a time (never two at once). */
function useOlder(stateRef: { readonly current: ConversationState }, dispatch: (action: OlderAction) => void) {
  const [older, setOlder] = useState<'idle' | 'loading' | 'failed'>('idle');
  const loadingOlder = useRef(false);
  const loadOlder = useCallback(async () => {
    const first = stateRef.current.messages[0];
    if (!first || !stateRef.current.olderMore || loadingOlder.current) return;
    loadingOlder.current = true;
    setOlder('loading');
    try {
      const page = await fetchOlderMessages(first.id);
      dispatch({ type: 'older', messages: page.messages, more: page.more });
      setOlder('idle');
    } catch {
      setOlder('failed');
    } finally {
      loadingOlder.current = false;
    }
  }, [stateRef, dispatch]);
  return { older, loadOlder };
}

type OlderAction = Extract<Parameters<typeof conversationReducer>[1], { type: 'older' }>;

/** The conversation of one signed-in user (or none): live events, resume on every (re)connect. */
export function useConversation(userId: string | null) {
  const [state, dispatch] = useReducer(conversationReducer, userId, (id) => initialConversation(storedReadId(id)));
  const stateRef = useRef<ConversationState>(state);
  useEffect(() => {
    stateRef.current = state;
  });
  const [formerRead] = useState(() => formerReadOnly(userId));
  useEffect(() => {
    if (!formerRead || !state.loaded || !userId) return;
    dispatch({ type: 'read' });
    dropFormerRead(userId);
  }, [formerRead, state.loaded, userId]);
  const sender = useChatSender(dispatch);
  const resync = useResume(stateRef);
  // Every (re)open (and every resync after the server's bus was down) resumes from where this tab
  // holds every message, so nothing stored is missed; sends that failed on the way are tried again.
  useLiveOpen(() => {
    resync();
    for (const message of stateRef.current.pending) {
      if (message.status === 'failed' && message.error === 'errors.unavailable') {
        sender.retry(message.clientId, message.content);
      }
    }
  });
  // Gomeum published a log or reacted to a proof: resync, and the server posts the announcement
  // (to the planet's users) or the reaction into this chat.
  const live = useLive();
  useLiveEvent('gomeum_log.published', resync);
  useLiveEvent('proof.reaction', resync);
  // Where the operator has read this conversation up to: the user's messages show "Seen".
  const [operatorReadId, setOperatorReadId] = useState(0);
  useLiveEvent('chat.read', (event) => {
    if (event.userId === userId) setOperatorReadId((id) => Math.max(id, event.readId));
  });
  useLiveEvent('chat.history', (event) => {
    if (event.operatorReadId !== undefined) setOperatorReadId((id) => Math.max(id, event.operatorReadId ?? 0));
    dispatch({ type: 'history', after: event.after, messages: event.messages, more: event.more, older: event.older });
    // A page at a time while catching up: ask for the next one until the server has no more.
    if (event.more) live?.send({ type: 'chat.sync', after: resumePoint(event.after, event.messages) });
  });
  useLiveEvent('chat.message', (event) => {
    if (event.message.userId === userId)
      dispatch({ type: 'message', message: event.message, streamId: event.streamId });
  });
  useLiveEvent('chat.ai_delta', (event) => {
    if (event.userId === userId) dispatch({ type: 'delta', streamId: event.streamId, delta: event.delta });
  });
  const [online, setOnline] = useState<boolean | null>(null);
  useLiveEvent('presence.changed', (event) => setOnline(event.online));
  const { older, loadOlder } = useOlder(stateRef, dispatch);
  return { state, dispatch, online, sender, older, loadOlder, operatorReadId };
}
