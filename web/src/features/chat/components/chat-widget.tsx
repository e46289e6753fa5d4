import {
  useCallback,
  useEffect,
  useId,
  useReducer,
  useRef,
  useState,
  type KeyboardEvent,
  type SyntheticEvent,
} from 'react';
import { useTranslation } from '../../../lib/i18n.ts';
import { Link, useLocation } from 'wouter';
import { newClientId } from '../../../lib/client-id.ts';
import { useLive, useLiveEvent, useLiveOpen, useLiveStatus } from '../../../lib/live/index.ts';
import { GomeumCat } from '../../../lib/illustrations/index.ts';
import { useMe } from '../../auth/index.ts';
import { PushOffer } from '../../push/index.ts';
import { useGomeumTyping, useTypingSender } from '../api/companion-live.ts';
import { fetchOlderMessages } from '../api/older-messages.ts';
import { useChatSender } from '../api/send-message.ts';
import {
  conversationReducer,
  initialConversation,
  resumePoint,
  unreadCount,
  type ConversationState,
} from '../model/conversation.ts';
import { ChatMessageItem, PendingMessageItem, StreamingMessage } from './chat-message.tsx';
import '../chat.css';
import { LineIcon } from '../../../lib/line-icon.tsx';
import { useScrollAnchor } from '../../../lib/use-scroll-anchor.ts';

const readKey = (userId: string) => `gomeum.chat.read.${userId}`;

function storedReadId(userId: string | null): number {
  if (!userId) return 0;
  try {
    return Number(window.localStorage.getItem(readKey(userId))) || 0;
  } catch {
    return 0;
  }
}

/** The conversation of one signed-in user (or none): live events, resume on every (re)connect. */
function useConversation(userId: string | null) {
  const [state, dispatch] = useReducer(conversationReducer, userId, (id) => initialConversation(storedReadId(id)));
  const stateRef = useRef<ConversationState>(state);
  useEffect(() => {
    stateRef.current = state;
  });
  const sender = useChatSender(dispatch);
  // Every (re)open (and every resync after the server's bus was down) resumes from where this tab
  // holds every message, so nothing stored is missed; sends that failed on the way are tried again.
  useLiveOpen((client) => {
    client.send({ type: 'chat.sync', after: stateRef.current.syncedThrough });
    for (const message of stateRef.current.pending) {
      if (message.status === 'failed' && message.error === 'errors.unavailable') {
        sender.retry(message.clientId, message.content);
      }
    }
  });
  // Gomeum published a log or reacted to a proof: resync, and the server posts the announcement
  // (to the planet's users) or the reaction into this chat.
  const live = useLive();
  const resync = () => live?.send({ type: 'chat.sync', after: stateRef.current.syncedThrough });
  useLiveEvent('gomeum_log.published', resync);
  useLiveEvent('proof.reaction', resync);
  // Where the operator has read this conversation up to: the user's messages show "Seen".
  const [operatorReadId, setOperatorReadId] = useState(0);
  useLiveEvent('chat.read', (event) => {
    if (event.userId === userId) setOperatorReadId((id) => Math.max(id, event.readId));
  });
  useLiveEvent('chat.history', (event) => {
    if (event.operatorReadId !== undefined) setOperatorReadId((id) => Math.max(id, event.operatorReadId ?? 0));
    dispatch({ type: 'history', after: event.after, messages: event.messages, more: event.more });
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
  // Scrolling back: older messages over HTTP, one page at a time (never two at once).
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
  }, []);
  return { state, dispatch, online, sender, older, loadOlder, operatorReadId };
}

/** The chat button (top right, with the unread count) and the panel it opens. */
function ChatWidgetFor({ userId }: { userId: string | null }) {
  const { t } = useTranslation();
  const { state, dispatch, online, sender, older, loadOlder, operatorReadId } = useConversation(userId);
  const status = useLiveStatus();
  const live = useLive();
  const typing = useTypingSender();
  const gomeumTyping = useGomeumTyping(userId);
  // The newest of the user's messages the operator has read: "Seen" shows under it.
  const seenId = state.messages.findLast((m) => m.sender === 'user' && m.id <= operatorReadId)?.id;
  const [open, setOpen] = useState(false);
  // The panel's inside (the cat, every message and its time) is drawn when it is first opened,
  // not during the page's first render, where it would only wait hidden; then it stays.
  const [drawn, setDrawn] = useState(false);
  const [draft, setDraft] = useState('');
  const [error, setError] = useState<string | null>(null);
  // Written to Gomeum while away: the moment to offer a notification when Gomeum answers.
  const [wroteWhileAway, setWroteWhileAway] = useState(false);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const inputRef = useRef<HTMLTextAreaElement>(null);
  const panelId = useId();
  const titleId = useId();
  const unread = unreadCount(state);
  // "Gomeum could not answer" once, the latest, rather than under every message.
  const lastNotice = state.messages.findLast((m) => m.kind === 'unavailable')?.id;
  const shown = state.messages.filter((m) => m.kind !== 'unavailable' || m.id === lastNotice);

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
    if (!userId) return;
    try {
      window.localStorage.setItem(readKey(userId), String(state.lastReadId));
    } catch {
      // Private mode: the count simply starts over next time.
    }
  }, [userId, state.lastReadId]);

  // Newest at the bottom, in view ("Seen" under it too); after older messages join at the top,
  // what was in view stays.
  const { listRef, onListScroll, keepPlace } = useScrollAnchor<HTMLDivElement>({
    firstId: state.messages[0]?.id,
    content: [state.messages, state.pending, state.streams, seenId],
    active: open,
    onNearTop: () => {
      if (state.olderMore && older === 'idle') void loadOlder();
    },
  });

  useEffect(() => {
    if (open) inputRef.current?.focus();
  }, [open]);

  // A link in the chat (an announcement's "Read the log") opens its page: the panel makes way.
  const [pathname] = useLocation();
  const pathShown = useRef(pathname);
  useEffect(() => {
    if (pathShown.current === pathname) return;
    pathShown.current = pathname;
    setOpen(false);
  }, [pathname]);

  const openPanel = () => {
    setDrawn(true);
    setOpen(true);
  };
  const close = () => {
    setOpen(false);
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

  const buttonLabel = unread > 0 ? t('chat.open_unread', { count: unread }) : t('chat.open');
  const statusText = online ? t('chat.status_online') : t('chat.status_ai');

  return (
    <div className="chat">
      <button
        ref={buttonRef}
        type="button"
        className="icon-button chat__toggle"
        aria-expanded={open}
        aria-controls={panelId}
        aria-label={buttonLabel}
        title={buttonLabel}
        onClick={() => (open ? close() : openPanel())}
      >
        <LineIcon d="M4 5.5A2.5 2.5 0 0 1 6.5 3h11A2.5 2.5 0 0 1 20 5.5v8a2.5 2.5 0 0 1-2.5 2.5H10l-4.5 4v-4h0A2.5 2.5 0 0 1 4 13.5z" />
        {unread > 0 ? (
          <span className="chat__dot" data-testid="chat-unread" aria-hidden="true">
            {unread > 9 ? '9+' : unread}
          </span>
        ) : null}
      </button>

      <section
        id={panelId}
        className="chat__panel"
        role="dialog"
        aria-modal="false"
        aria-labelledby={titleId}
        hidden={!open}
        onKeyDown={(event) => {
          if (event.key === 'Escape') close();
        }}
      >
        {drawn ? (
          <>
            <header className="chat__header">
              <GomeumCat pose="wave" size={44} className="chat__cat" />
              <div className="chat__heading">
                <h2 id={titleId} className="chat__title">
                  {t('chat.title')}
                </h2>
                {userId ? (
                  <p className="chat__status" data-online={online ? 'true' : 'false'}>
                    <span className="chat__status-dot" aria-hidden="true" />
                    <span className="chat__status-text">
                      {status === 'open' || status === 'idle' ? statusText : t('chat.reconnecting')}
                    </span>
                  </p>
                ) : null}
              </div>
              <button type="button" className="icon-button chat__close" aria-label={t('common.close')} onClick={close}>
                <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false">
                  <path d="M6 6l12 12M18 6L6 18" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
                </svg>
              </button>
            </header>

            <div
              ref={listRef}
              className="chat__messages"
              role="log"
              aria-live="polite"
              aria-label={t('chat.messages')}
              // Scrolled with the keyboard too (it holds no link or button of its own to reach it by).
              tabIndex={0}
              onScroll={onListScroll}
            >
              {state.olderMore ? (
                <div className="chat__older">
                  <button
                    type="button"
                    className="button button--ghost chat__older-button"
                    disabled={older === 'loading'}
                    onClick={() => {
                      keepPlace();
                      void loadOlder();
                    }}
                  >
                    {older === 'loading' ? t('chat_history.loading_older') : t('chat_history.load_older')}
                  </button>
                  {older === 'failed' ? (
                    <p className="form__error" role="alert">
                      {t('chat_history.load_failed')}
                    </p>
                  ) : null}
                </div>
              ) : null}
              <ol className="chat__list">
                {shown.map((message) => (
                  <ChatMessageItem key={message.id} message={message} seen={message.id === seenId} />
                ))}
                {state.pending.map((message) => (
                  <PendingMessageItem
                    key={message.clientId}
                    message={message}
                    onRetry={() => sender.retry(message.clientId, message.content)}
                  />
                ))}
                {state.streams.map(({ id, text }) => (
                  <StreamingMessage key={id} text={text} />
                ))}
                {!userId ? (
                  <li className="chat__empty">
                    <p>{t('chat.signed_out')}</p>
                    <Link className="button button--primary" to="/register" onClick={close}>
                      {t('chat.signed_out_action')}
                    </Link>
                  </li>
                ) : !state.loaded ? (
                  <li className="chat__empty">{t('common.loading')}</li>
                ) : state.messages.length === 0 && state.pending.length === 0 ? (
                  <li className="chat__empty">{t('chat.empty')}</li>
                ) : null}
              </ol>
            </div>

            <p className="chat__typing" aria-live="polite" data-testid="gomeum-typing">
              {gomeumTyping ? (
                <>
                  <span className="chat__typing-dots" aria-hidden="true" />
                  {t('chat.typing')}
                </>
              ) : null}
            </p>

            {wroteWhileAway ? (
              <div className="chat__offer">
                <PushOffer reason="away" />
              </div>
            ) : null}

            <form className="chat__form" onSubmit={submit} noValidate>
              <label className="visually-hidden" htmlFor={`${panelId}-input`}>
                {t('chat.input_label')}
              </label>
              <textarea
                id={`${panelId}-input`}
                ref={inputRef}
                className="input chat__input"
                rows={1}
                maxLength={2000}
                placeholder={t('chat.placeholder')}
                value={draft}
                onChange={(event) => {
                  setDraft(event.target.value);
                  if (event.target.value.trim()) typing.keystroke();
                  else typing.stop();
                }}
                onKeyDown={onKeyDown}
              />
              <button type="submit" className="button button--primary chat__send">
                {t('chat.send')}
              </button>
              {error ? (
                <p className="form__error chat__error" role="alert">
                  {error}
                </p>
              ) : null}
            </form>
          </>
        ) : null}
      </section>
    </div>
  );
}

/** The chat with Gomeum, on every page: a fresh conversation per signed-in user. */
export function ChatWidget() {
  const me = useMe();
  const userId = me.data?.id ?? null;
  return <ChatWidgetFor key={userId ?? 'signed-out'} userId={userId} />;
}
