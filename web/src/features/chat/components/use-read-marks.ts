import type { ChatConversation } from '@gomeum/contracts';
import { useCallback, useRef } from 'react';
import { useLiveEvent } from '../../../lib/live/index.ts';
import { useMarkConversationRead } from '../api/chat-inbox.ts';

/**
 * The operator's read marks: what the conversation `selected` shows while the page is `visible` is
 * read. Each mark is sent once per conversation (the highest message id known read), a message
 * arriving in the conversation on screen is read at once, and that conversation never counts as
 * waiting to be read.
 */
export function useReadMarks(selected: string | null, visible: boolean) {
  const readUpTo = useRef(new Map<string, number>());
  const { mutateAsync: markRead } = useMarkConversationRead();
  const markShown = useCallback(
    async (userId: string, upTo: number) => {
      if ((readUpTo.current.get(userId) ?? 0) >= upTo) return;
      readUpTo.current.set(userId, upTo);
      await markRead({ userId, upTo }).catch(() => readUpTo.current.delete(userId));
    },
    [markRead],
  );
  const onShown = useCallback(
    (upTo: number) => {
      if (selected) void markShown(selected, upTo);
    },
    [selected, markShown],
  );

  // A message arriving in the conversation on screen is read at once (its row's change follows).
  useLiveEvent('chat.message', ({ message }) => {
    if (message.userId === selected && visible) void markShown(message.userId, message.id);
  });
  // The conversation on screen is being read: it never shows as waiting to be read, even for the
  // moment between a message arriving and its read mark being stored.
  const unreadOf = (conversation: ChatConversation) =>
    conversation.userId === selected && visible ? 0 : conversation.unreadCount;
  return { onShown, unreadOf };
}
