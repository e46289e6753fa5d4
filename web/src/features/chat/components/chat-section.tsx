import type { ChatConversation } from '@gomeum/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from '../../../lib/i18n.ts';
import { ListStates } from '../../../lib/operator/list-states.tsx';
import { MasterDetail, useOpenItem } from '../../../lib/operator/master-detail.tsx';
import { EntriesSkeleton, RowsSkeleton } from '../../../lib/skeleton.tsx';
import { formatDateTime } from '../../../lib/format.ts';
import { ApiError } from '../../../lib/api-client.ts';
import { newClientId } from '../../../lib/client-id.ts';
import { useLiveEvent, useLiveOpen } from '../../../lib/live/index.ts';
import { usePageVisible } from '../../../lib/use-page-visible.ts';
import { useScrollAnchor } from '../../../lib/use-scroll-anchor.ts';
import { useStickToEnd } from '../../../lib/use-stick-to-end.ts';
import { useConversation, useConversations, useMarkConversationRead, useSendAsGomeum } from '../api/chat-inbox.ts';
import { useTypingSender, useUsersTyping } from '../api/companion-live.ts';
import { useReplyDraft } from '../api/reply-draft.ts';
import { OperatorQueue } from './operator-queue.tsx';
import { DraftControls, UserTyping } from './reply-extras.tsx';
import { chatKeys } from '../api/keys.ts';
import './chat-section.css';
import './inbox-layout.css';
import { messageText } from './chat-message.tsx';

const SENDER_LABELS = {
  user: 'dashboard.sender_user',
  gomeum: 'dashboard.sender_gomeum',
  gomeum_ai: 'dashboard.sender_ai',
} as const;

function who(conversation: ChatConversation): string {
  return conversation.email ?? conversation.guestId ?? conversation.userId;
}

/** The user a conversation is with, for the actions the dashboard puts beside its title. */
export interface ConversationUser {
  userId: string;
  /** Who the operator is talking to (email or guest id). */
  name: string;
  isGuest: boolean;
  /** The user was deleted from there. */
  onDeleted: () => void;
}

function Conversation({
  userId,
  title,
  isGuest,
  onShown,
  onDeleted,
  userActions,
  userReadId = 0,
  userTyping = false,
}: {
  /** The newest message the user has seen: Gomeum's replies up to it show "Read". */
  userReadId?: number;
  /** The user is typing now. */
  userTyping?: boolean;
  userId: string;
  /** Who the operator is talking to (email or guest id). */
  title: string;
  isGuest: boolean;
  onShown: (upTo: number) => void;
  /** The user was deleted from here. */
  onDeleted: () => void;
  userActions?: (user: ConversationUser) => ReactNode;
}) {
  const { t, i18n } = useTranslation();
  const messages = useConversation(userId);
  const send = useSendAsGomeum(userId);
  const [draft, setDraft] = useState('');
  // One id per reply until it is stored: a second try after an error (or a double click) is the
  // same reply, never a copy. Editing the text makes it a new reply.
  const clientId = useRef<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const inputId = useId();
  const typing = useTypingSender(userId);
  // A reply drafted in Gomeum's voice when the user spoke last (and an AI is there): in the box to edit.
  const reply = useReplyDraft(userId, (text) => {
    clientId.current = null;
    setDraft(text);
  });
  // Waiting as the queue counts it: the last thing said is the user's (a welcome, an announcement,
  // a reaction posted or the notice that the AI could not answer after it leave it waiting).
  const waitsForGomeum = messages.data?.findLast((m) => m.kind === 'message')?.sender === 'user';
  const { start: startDraft } = reply;
  // Once per opening, and never over what the operator has written.
  const asked = useRef(false);
  const boxEmpty = !draft.trim();
  useEffect(() => {
    if (!waitsForGomeum || asked.current || !boxEmpty) return;
    asked.current = true;
    startDraft();
  }, [waitsForGomeum, startDraft, boxEmpty]);
  // The newest of Gomeum's replies the user has read.
  const readReplyId = messages.data?.findLast((m) => m.sender !== 'user' && m.id <= userReadId)?.id;

  // What the operator has in front of them is read: the newest message shown, while the tab is seen.
  const visible = usePageVisible();
  const lastId = messages.data?.at(-1)?.id ?? 0;
  useEffect(() => {
    if (visible && lastId > 0) onShown(lastId);
  }, [visible, lastId, onShown]);

  // Newest at the bottom, in view; when older messages join at the top, what was in view stays.
  const { hasNextPage, isFetchingNextPage, fetchNextPage } = messages;
  const { listRef, onListScroll, keepPlace } = useScrollAnchor<HTMLOListElement>({
    firstId: messages.data?.[0]?.id,
    content: [lastId],
    onNearTop: () => {
      if (hasNextPage && !isFetchingNextPage && !messages.isFetchNextPageError) loadOlder();
    },
  });
  // The reply box growing (a draft, its controls) shrinks the list: its newest stays in view.
  useStickToEnd(listRef, !messages.isPending);
  const loadOlder = () => {
    keepPlace();
    if (hasNextPage && !isFetchingNextPage) void fetchNextPage();
  };

  if (messages.isPending) return <EntriesSkeleton entries={3} />;
  // An older page that failed keeps what is shown; only a conversation that never loaded is an error.
  if (messages.isError && !messages.isFetchNextPageError) {
    return <p className="form__error">{t('dashboard.load_failed')}</p>;
  }
  return (
    <div className="inbox__conversation">
      <div className="inbox__heading">
        <h2 className="dashboard-card__title">{title}</h2>
        {userActions?.({ userId, name: title, isGuest, onDeleted })}
      </div>
      {hasNextPage ? (
        <button
          type="button"
          className="button button--ghost inbox__older"
          disabled={isFetchingNextPage}
          onClick={loadOlder}
        >
          {isFetchingNextPage ? t('chat_history.loading_older') : t('chat_history.load_older')}
        </button>
      ) : null}
      {messages.isFetchNextPageError ? (
        <p className="form__error" role="alert">
          {t('chat_history.load_failed')}
        </p>
      ) : null}
      <ol ref={listRef} className="inbox__messages" onScroll={onListScroll}>
        {messages.data.map((message) => (
          <li
            key={message.id}
            className={`inbox__message inbox__message--${message.sender}`}
            data-sender={message.sender}
          >
            <span className="inbox__sender">
              {t(SENDER_LABELS[message.sender])} · {formatDateTime(message.createdAt, i18n.language)}
            </span>
            <p>{messageText(message, t, i18n.language)}</p>
            {message.id === readReplyId ? (
              <span className="inbox__read" data-testid="reply-read">
                {t('dashboard.seen_by_user')}
              </span>
            ) : null}
          </li>
        ))}
      </ol>
      <UserTyping name={title} typing={userTyping} />
      <form
        className="inbox__form"
        onSubmit={(event) => {
          event.preventDefault();
          const content = draft.trim();
          if (!content) return;
          setError(null);
          typing.stop();
          reply.cancel();
          clientId.current ??= newClientId();
          send.mutate(
            { content, clientId: clientId.current },
            {
              onSuccess: () => {
                clientId.current = null;
                setDraft('');
              },
              onError: (failure) => {
                const code = failure instanceof ApiError ? failure.code : 'errors.server';
                setError(t(code === 'errors.server' ? 'dashboard.save_failed' : code));
              },
            },
          );
        }}
      >
        <label className="visually-hidden" htmlFor={inputId}>
          {t('dashboard.reply_label')}
        </label>
        <textarea
          id={inputId}
          className="input textarea"
          rows={2}
          value={draft}
          placeholder={t('dashboard.reply_placeholder')}
          onChange={(event) => {
            clientId.current = null;
            setDraft(event.target.value);
            // The operator's own words: a draft still being written stops; the user sees Gomeum typing.
            reply.cancel();
            if (event.target.value.trim()) typing.keystroke();
            else typing.stop();
          }}
        />
        <DraftControls state={reply.state} offered={reply.offered} onDraftAgain={reply.start} />
        <button className="button button--primary" type="submit" disabled={send.isPending || !draft.trim()}>
          {t('dashboard.send')}
        </button>
        <span className="form__error" role="alert">
          {error}
        </span>
      </form>
    </div>
  );
}

/**
 * Section 2: every conversation, latest first, and replying as Gomeum; both ways live.
 * `userActions` draws what the dashboard puts beside the conversation's title (the user's data
 * download and deletion, from the account feature).
 */
export function ChatSection({ userActions }: { userActions?: (user: ConversationUser) => ReactNode } = {}) {
  const { t, i18n } = useTranslation();
  const queryClient = useQueryClient();
  const conversations = useConversations();
  // The conversation open is in the address (`&user=`): an operator alert's link opens it, and back,
  // forward and reload keep it.
  const { selected, open, close } = useOpenItem('user');
  const selectedConversation = conversations.data?.find((c) => c.userId === selected);
  const visible = usePageVisible();
  const typingUsers = useUsersTyping();

  // Read marks per conversation, each sent once: the highest message id known read.
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

  useLiveEvent('chat.message', ({ message }) => {
    const refresh = () => void queryClient.invalidateQueries({ queryKey: chatKeys.conversations });
    if (message.userId === selected && visible) {
      // A message arriving in the conversation on screen is read before the list is read again.
      // A read of the list already under way may have counted it unread: it is dropped, not shown.
      void queryClient
        .cancelQueries({ queryKey: chatKeys.conversations, exact: true })
        .then(() => markShown(message.userId, message.id))
        .finally(refresh);
    } else refresh();
  });
  // The conversation on screen is being read: it never shows as waiting to be read, even for the
  // moment between a message arriving and its read mark being stored.
  const unreadOf = (conversation: ChatConversation) =>
    conversation.userId === selected && visible ? 0 : conversation.unreadCount;
  // On every (re)connect, and when told to resync after the server's bus was down, read the
  // conversations again: messages may have arrived while this dashboard could not hear them.
  useLiveOpen(() => {
    void queryClient.invalidateQueries({ queryKey: chatKeys.conversations });
  });
  // The user read Gomeum's replies: the conversation's "Read" follows at once.
  useLiveEvent('chat.user_read', ({ userId, readId }) => {
    queryClient.setQueryData<ChatConversation[]>(chatKeys.conversations, (list) =>
      list?.map((c) => (c.userId === userId ? { ...c, userReadId: Math.max(c.userReadId ?? 0, readId) } : c)),
    );
  });
  // Another dashboard (or this one) read a conversation: only the counts change.
  useLiveEvent('chat.read', () => {
    void queryClient.invalidateQueries({ queryKey: chatKeys.conversations, exact: true });
  });
  return (
    <MasterDetail open={selected !== null} fill backLabel={t('dashboard.back_to_conversations')} onBack={() => close()}>
      {/* One card: the queue, then the conversations, each a region of its own. */}
      <div className="panel dashboard-card">
        <OperatorQueue onOpenConversation={open} typing={typingUsers} />
        <section aria-labelledby="inbox-title">
          <h2 id="inbox-title" className="dashboard-card__title" tabIndex={-1}>
            {t('dashboard.conversations')}
          </h2>
          <ListStates
            query={conversations}
            empty={t('dashboard.no_conversations')}
            isEmpty={(items) => items.length === 0}
            skeleton={<RowsSkeleton />}
          >
            {(items) => (
              <ul className="user-rows">
                {items.map((conversation) => (
                  <li key={conversation.userId}>
                    <button
                      type="button"
                      className="user-row"
                      aria-pressed={selected === conversation.userId}
                      onClick={() => open(conversation.userId)}
                    >
                      <span className="user-row__name">
                        <span className="user-row__who">{who(conversation)}</span>
                        {typingUsers.has(conversation.userId) ? (
                          <span className="badge badge--typing" data-testid="user-typing-badge">
                            {t('dashboard.user_typing')}
                          </span>
                        ) : null}
                        {unreadOf(conversation) > 0 ? (
                          <span className="badge badge--unread" data-testid="unread-count">
                            {t('dashboard.unread_count', { count: unreadOf(conversation) })}
                          </span>
                        ) : conversation.lastMessage.sender === 'user' ? (
                          <span className="badge badge--waiting">{t('dashboard.waiting')}</span>
                        ) : null}
                      </span>
                      <span className="user-row__meta">
                        {formatDateTime(conversation.lastMessage.createdAt, i18n.language)} ·{' '}
                        {messageText(conversation.lastMessage, t, i18n.language).slice(0, 80)}
                      </span>
                    </button>
                  </li>
                ))}
              </ul>
            )}
          </ListStates>
        </section>
      </div>
      <section className="panel dashboard-card inbox__panel" aria-label={t('dashboard.conversation')}>
        {selected ? (
          <Conversation
            key={selected}
            userId={selected}
            title={selectedConversation ? who(selectedConversation) : selected}
            isGuest={selectedConversation?.isGuest ?? false}
            onShown={onShown}
            userActions={userActions}
            userReadId={selectedConversation?.userReadId ?? 0}
            userTyping={typingUsers.has(selected)}
            onDeleted={() => {
              close({ replace: true });
              // The conversation is gone: the list is where the operator goes on from.
              document.getElementById('inbox-title')?.focus();
            }}
          />
        ) : (
          <p className="muted">{t('dashboard.choose_conversation')}</p>
        )}
      </section>
    </MasterDetail>
  );
}
