import { useEffect, useRef, useState, type KeyboardEvent, type SyntheticEvent } from 'react';
import { useLocation } from 'wouter';
import { newClientId } from '../../../lib/client-id.ts';
import { useTranslation } from '../../../lib/i18n.ts';
import { useLive, useLiveStatus } from '../../../lib/live/index.ts';
import { usePlatformToggle } from '../../../lib/platform-toggle.ts';
import { useTypingSender } from '../api/companion-live.ts';
import { unreadCount } from '../model/conversation.ts';
import { storeReadId, useConversation } from '../api/conversation-live.ts';

/**
 * The chat panel of one user (or none): a popover its button opens (`popovertarget`, before the app
 * too) and the app follows; the conversation, what is read and seen, the draft and its sending.
 */
export function useChatPanel(userId: string | null) {
  const { t } = useTranslation();
  const conversation = useConversation(userId);
  const { state, dispatch, online, sender } = conversation;
  const panel = usePlatformToggle<HTMLElement>();
  const { open, ref: panelRef } = panel;
  const status = useLiveStatus();
  const live = useLive();
  const typing = useTypingSender();
  // The panel's inside (the cat, every message and its time) is rendered when it is first opened,
  // not with the page, where it would only wait hidden; then it stays.
  const [insideRendered, setInsideRendered] = useState(false);
  const [draft, setDraft] = useState('');
  const [error, setError] = useState<string | null>(null);
  // Written to Gomeum while away: the moment to offer a notification when Gomeum answers.
  const [wroteWhileAway, setWroteWhileAway] = useState(false);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const inputRef = useRef<HTMLTextAreaElement>(null);
  const unread = unreadCount(state);

  // (Derived as the panel renders: once open, its inside stays.)
  if (open && !insideRendered) setInsideRendered(true);
  // Opening (and anything arriving while open) marks everything read; the operator sees it.
  useEffect(() => {
    if (open && unread > 0) dispatch({ type: 'read' });
  }, [open, unread, dispatch]);
  const newestId = state.messages.at(-1)?.id ?? 0;
  const seenSent = useRef(0);
  useEffect(() => {
    if (!open || newestId <= seenSent.current || status !== 'open' || !live) return;
    if (live.send({ type: 'chat.seen', upTo: newestId })) seenSent.current = newestId;
  }, [open, newestId, status, live]);
  useEffect(() => {
    if (userId) storeReadId(userId, state.lastReadId);
  }, [userId, state.lastReadId]);

  // A link in the chat (an announcement's "Read the log") opens its page: the panel makes way.
  const [pathname] = useLocation();
  const pathShown = useRef(pathname);
  const { hide } = panel;
  useEffect(() => {
    if (pathShown.current === pathname) return;
    pathShown.current = pathname;
    hide();
  }, [pathname, hide]);

  const close = () => {
    hide();
    buttonRef.current?.focus();
  };
  const submit = (event?: SyntheticEvent) => {
    event?.preventDefault();
    const content = draft.trim();
    if (!content) return;
    if (!userId) {
      setError(t('chat.login_first'));
      return;
    }
    setError(null);
    setDraft('');
    if (!online) setWroteWhileAway(true);
    typing.stop();
    // The message shows at once; a failed one stays in the list with its own Retry.
    sender.send(newClientId(), content);
  };
  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) submit();
    if (event.key === 'Enter' && !event.shiftKey) event.preventDefault();
  };
  const changeDraft = (value: string) => {
    setDraft(value);
    if (value.trim()) typing.keystroke();
    else typing.stop();
  };
  return {
    chat: {
      ...conversation,
      open,
      status,
      insideRendered,
      unread,
      draft,
      changeDraft,
      error,
      wroteWhileAway,
      close,
      submit,
      onKeyDown,
      focusButton: () => buttonRef.current?.focus(),
    },
    refs: { button: buttonRef, input: inputRef, panel: panelRef },
  };
}

/** What the chat panel is given: the panel's state and ways (see `useChatPanel`). */
export type ChatPanelState = ReturnType<typeof useChatPanel>['chat'];
