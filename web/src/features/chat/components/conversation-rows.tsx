import type { ChatConversation } from '@gomeum/contracts';
import { useTranslation } from '../../../lib/i18n.ts';
import { formatDateTime } from '../../../lib/format.ts';
import { messageText } from './chat-message.tsx';

/** Who a conversation is with, as the operator sees it: email, else guest id, else user id. */
export function who(conversation: ChatConversation): string {
  return conversation.email ?? conversation.guestId ?? conversation.userId;
}

/** The conversations, latest first: who, typing, unread or waiting, and the last message. */
export function ConversationRows({
  items,
  selected,
  typingUsers,
  unreadOf,
  onOpen,
}: {
  items: ChatConversation[];
  selected: string | null;
  typingUsers: ReadonlySet<string>;
  unreadOf: (conversation: ChatConversation) => number;
  onOpen: (userId: string) => void;
}) {
  const { t, i18n } = useTranslation();
  return (
    <ul className="user-rows" data-testid="conversations">
      {items.map((conversation) => (
        <li key={conversation.userId}>
          <button
            type="button"
            className="user-row"
            aria-pressed={selected === conversation.userId}
            onClick={() => onOpen(conversation.userId)}
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
  );
}
