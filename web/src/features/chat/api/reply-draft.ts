import { useCallback, useEffect, useRef, useState } from 'react';
import { newClientId } from '../../../lib/client-id.ts';
import { useLive, useLiveEvent } from '../../../lib/live/index.ts';

/** Whether a draft has come through on this page: the AI is there, so "draft again" is offered. */
let draftsWork = false;

/**
 * A reply drafted for the operator, streamed into the reply box through `onText` as it is
 * written: `start` asks (again), `cancel` stops it (the server aborts the AI request); leaving
 * the conversation cancels it too. A draft that fails or cannot be made leaves the box as it was.
 */
export function useReplyDraft(userId: string, onText: (text: string) => void) {
  const live = useLive();
  const [state, setState] = useState<'idle' | 'drafting' | 'ready'>('idle');
  const current = useRef<string | null>(null);
  const text = useRef('');
  const latestOnText = useRef(onText);
  useEffect(() => {
    latestOnText.current = onText;
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
    current.current = live.send({ type: 'chat.draft', userId, draftId }) ? draftId : null;
    if (current.current) setState('drafting');
  }, [live, userId]);

  useLiveEvent('chat.draft_delta', (event) => {
    if (event.draftId !== current.current) return;
    text.current += event.delta;
    latestOnText.current(text.current);
  });
  useLiveEvent('chat.draft_done', (event) => {
    if (event.draftId !== current.current) return;
    current.current = null;
    if (event.ok) draftsWork = true;
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
