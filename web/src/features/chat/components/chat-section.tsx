import { useEffect, type ReactNode } from 'react';
import { useTranslation } from '../../../lib/i18n.ts';
import { ListStates, LoadMore } from '../../../lib/operator/list-states.tsx';
import { MasterDetail } from '../../../lib/operator/master-detail.tsx';
import { EntriesSkeleton, RowsSkeleton } from '../../../lib/skeleton.tsx';
import { formatDateTime } from '../../../lib/format.ts';
import { usePageVisible } from '../../../lib/use-page-visible.ts';
import { useScrollAnchor } from '../../../lib/use-scroll-anchor.ts';
import { useStickToEnd } from '../../../lib/use-stick-to-end.ts';
import { Translated } from '../../../lib/operator/translated.tsx';
import { useConversation, useConversations } from '../api/chat-inbox.ts';
import { useUsersTyping } from '../api/companion-live.ts';
import { ConversationRows, who } from './conversation-rows.tsx';
import { OperatorQueue } from './operator-queue.tsx';
import { UserTyping } from './reply-extras.tsx';
import { ReplyForm } from './reply-form.tsx';
import { SavedRepliesPanel } from './saved-replies-panel.tsx';
import { DETAIL_ID, useQueueFlow } from './use-queue-flow.ts';
import { useReadMarks } from './use-read-marks.ts';
import { useReply } from './use-reply.ts';
import './chat-section.css';
import './inbox-layout.css';
import { messageText } from './chat-message.tsx';

const SENDER_LABELS = {
  user: 'dashboard.sender_user',
  gomeum: 'dashboard.sender_gomeum',
  gomeum_ai: 'dashboard.sender_ai',
} as const;

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
  onSent,
}: {
  /** A reply was sent (the queue goes on to its next item). */
  onSent?: () => void;
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
  // Waiting as the queue counts it: the last thing said is the user's (a welcome, an announcement,
  // a reaction posted or the notice that the AI could not answer after it leave it waiting).
  const waitsForGomeum = messages.data?.findLast((m) => m.kind === 'message')?.sender === 'user';
  const reply = useReply(userId, waitsForGomeum, onSent);
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
    <div className="inbox__conversation" data-testid="queue-item" data-kind="chat">
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
            {message.kind === 'message' ? (
              <Translated text={message.content} />
            ) : (
              <p>{messageText(message, t, i18n.language)}</p>
            )}
            {message.id === readReplyId ? (
              <span className="inbox__read" data-testid="reply-read">
                {t('dashboard.seen_by_user')}
              </span>
            ) : null}
          </li>
        ))}
      </ol>
      <UserTyping name={title} typing={userTyping} />
      <ReplyForm reply={reply} />
    </div>
  );
}

/**
 * Section 2: every conversation, latest first, and replying as Gomeum; both ways live.
 * `userActions` draws what the dashboard puts beside the conversation's title (the user's data
 * download and deletion, from the account feature).
 */
export function ChatSection({
  userActions,
  proofView,
}: {
  userActions?: (user: ConversationUser) => ReactNode;
  /** A proof opened from the queue, beside it (the tasks feature's), and what follows its reaction. */
  proofView?: (proof: { logId: string; userId: string }, onSent: () => void) => ReactNode;
} = {}) {
  const { t } = useTranslation();
  const conversations = useConversations();
  // What is open is in the address (`&user=`, `&proof=`): an operator alert's link opens it, and
  // back, forward and reload keep it.
  const flow = useQueueFlow(proofView !== undefined);
  const { selected, open, close } = flow.user;
  const selectedConversation = conversations.data?.items.find((c) => c.userId === selected);
  const visible = usePageVisible();
  const typingUsers = useUsersTyping();

  const { onShown, unreadOf } = useReadMarks(selected, visible);
  return (
    <MasterDetail
      open={flow.current !== null || selected !== null}
      fill
      backLabel={t('dashboard.back_to_conversations')}
      onBack={() => flow.close()}
    >
      {/* One card: the queue, then the conversations, each a region of its own. */}
      <div className="panel dashboard-card">
        <p className="visually-hidden" role="status">
          {flow.announcement}
        </p>
        <OperatorQueue onOpen={(item) => flow.open(item)} typing={typingUsers} current={flow.current} />
        <section aria-labelledby="inbox-title">
          <h2 id="inbox-title" className="dashboard-card__title" tabIndex={-1}>
            {t('dashboard.conversations')}
          </h2>
          <ListStates
            query={conversations}
            empty={t('dashboard.no_conversations')}
            isEmpty={(list) => list.items.length === 0}
            skeleton={<RowsSkeleton />}
          >
            {(list) => (
              <ConversationRows
                items={list.items}
                selected={selected}
                typingUsers={typingUsers}
                unreadOf={unreadOf}
                onOpen={open}
              />
            )}
          </ListStates>
          <LoadMore query={conversations} />
        </section>
        <SavedRepliesPanel />
      </div>
      <section
        id={DETAIL_ID}
        tabIndex={-1}
        className="panel dashboard-card inbox__panel"
        aria-label={t('dashboard.conversation')}
        onKeyDown={flow.onKeyDown}
      >
        {flow.proofOpen && proofView ? (
          proofView({ logId: flow.proofOpen, userId: flow.proofUserId ?? '' }, flow.next)
        ) : selected ? (
          <Conversation
            key={selected}
            userId={selected}
            title={selectedConversation ? who(selectedConversation) : selected}
            isGuest={selectedConversation?.isGuest ?? false}
            onShown={onShown}
            userActions={userActions}
            userReadId={selectedConversation?.userReadId ?? 0}
            userTyping={typingUsers.has(selected)}
            onSent={flow.goesOn ? flow.next : undefined}
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
