import { useCallback, useEffect, useRef, useState } from 'react';
import { newClientId } from '../client-id.ts';
import { useLive, useLiveEvent } from '../live/index.ts';

/** Whether a draft has come through on this page: the AI is there, so "draft again" is offered. */
let draftsWork = false;

/**
 * A reply drafted for the operator, streamed into the reply box through `onText` as it is
 * written: `start` asks (again), `cancel` stops it (the server aborts the AI request); leaving
 * the conversation cancels it too. A draft that fails or cannot be made leaves the box as it was.
 */
export function useReplyDraft(
  userId: string,
  onText: (text: string) => void,
  onDone?: (text: string) => void,
  /** A reaction to this proof of the user's, instead of a reply to their conversation. */
  proofId?: string,
) {
  const live = useLive();
  const [state, setState] = useState<'idle' | 'drafting' | 'ready'>('idle');
  const current = useRef<string | null>(null);
  const text = useRef('');
  const latestOnText = useRef(onText);
  const latestOnDone = useRef(onDone);
  useEffect(() => {
    latestOnText.current = onText;
    latestOnDone.current = onDone;
  });

  const cancel = useCallback(() => {
    if (current.current) live?.send({ type: 'chat.draft_cancel', draftId: current.current });
    current.current = null;
    setState((now) => (now === 'drafting' ? 'idle' : now));
  }, [live]);

  const start = useCallback(() => {
    if (!live) return;
    if (current.current) live.send({ type: 'chat.draft_cancel', draftId: current.current });
    const draftId = newClientId();
    text.current = '';
    const event = { type: 'chat.draft', userId, draftId, ...(proofId ? { proofId } : {}) } as const;
    current.current = live.send(event) ? draftId : null;
    if (current.current) setState('drafting');
  }, [live, userId, proofId]);

  useLiveEvent('chat.draft_delta', (event) => {
    if (event.draftId !== current.current) return;
    text.current += event.delta;
    latestOnText.current(text.current);
  });
  useLiveEvent('chat.draft_done', (event) => {
    if (event.draftId !== current.current) return;
    current.current = null;
    if (event.ok) {
      draftsWork = true;
      latestOnDone.current?.(text.current);
    }
    // No draft after all: what was streamed of it goes (silently).
    else if (text.current) latestOnText.current('');
    setState(event.ok ? 'ready' : 'idle');
  });

  // Leaving the conversation stops its draft.
  useEffect(
    () => () => {
      if (current.current) live?.send({ type: 'chat.draft_cancel', draftId: current.current });
      current.current = null;
    },
    [live],
  );

  return { state, start, cancel, offered: state === 'ready' || draftsWork };
}
