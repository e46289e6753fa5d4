import { pickLocalized, type ChatMessage } from '@gomeum/contracts';
import type { PendingMessage } from '../model/conversation.ts';
import { useTranslation, type TFunction } from '../../../lib/i18n.ts';
import { Link } from 'wouter';
import { contentLang } from '../../../lib/content-lang.ts';

/** Hours and minutes of a message, in the reader's language. */
function timeOf(createdAt: number, language: string): string {
  return new Date(createdAt).toLocaleTimeString(language, { hour: '2-digit', minute: '2-digit' });
}

/**
 * A stored message's text in the reader's language: an announcement names its planet by the
 * planet's display name, a message with text in several languages picks the reader's.
 */
export function messageText(message: ChatMessage, t: TFunction, language: string): string {
  if (message.kind === 'announcement' && message.planet) {
    return t('chat.announcement', { planet: t(`planets.${message.planet}.name`) });
  }
  return message.text ? pickLocalized(message.text, language, message.content) : message.content;
}

/**
 * One stored message: labelled by sender; the welcome follows the language; announcements stand
 * apart; Gomeum's reaction to a proof links to the task it is under.
 */
export function ChatMessageItem({ message, seen = false }: { message: ChatMessage; seen?: boolean }) {
  const { t, i18n } = useTranslation();
  const time = timeOf(message.createdAt, i18n.language);

  if (message.kind === 'announcement' && message.planet) {
    const planet = t(`planets.${message.planet}.name`);
    return (
      <li className="chat-message chat-message--announcement" data-sender="announcement">
        <span className="chat-message__label">{t('chat.sender_announcement')}</span>
        <p className="chat-message__text">{t('chat.announcement', { planet })}</p>
        <Link className="chat-message__link" to={`/gomeum-log/${message.planet}`}>
          {t('chat.announcement_link', { planet })}
        </Link>
      </li>
    );
  }

  if (message.kind === 'reaction' && message.planet) {
    return (
      <li
        className={`chat-message chat-message--${message.sender} chat-message--reaction`}
        data-sender={message.sender}
        data-kind="reaction"
      >
        <span className="chat-message__label">
          {t('chat.sender_reaction')}
          <time className="chat-message__time" dateTime={new Date(message.createdAt).toISOString()}>
            {time}
          </time>
        </span>
        <p className="chat-message__text">{message.content}</p>
        <Link className="chat-message__link" to={`/task/${message.planet}`}>
          {t('chat.reaction_link', { planet: t(`planets.${message.planet}.name`) })}
        </Link>
      </li>
    );
  }

  if (message.kind === 'unavailable') {
    return (
      <li className="chat-notice" data-sender="notice">
        <p className="chat-notice__text">{pickLocalized(message.text, i18n.language, message.content)}</p>
      </li>
    );
  }

  const label =
    message.sender === 'user'
      ? t('chat.sender_you')
      : message.sender === 'gomeum_ai'
        ? t('chat.sender_gomeum_ai')
        : t('chat.sender_gomeum');
  const text =
    message.kind === 'welcome' ? pickLocalized(message.text, i18n.language, message.content) : message.content;
  return (
    <li className={`chat-message chat-message--${message.sender}`} data-sender={message.sender}>
      <span className="chat-message__label">
        {label}
        <time className="chat-message__time" dateTime={new Date(message.createdAt).toISOString()}>
          {time}
        </time>
      </span>
      <p className="chat-message__text" lang={message.kind === 'message' ? contentLang(text) : undefined}>
        {text}
      </p>
      {seen ? (
        <span className="chat-message__seen" data-testid="chat-seen">
          {t('chat.seen')}
        </span>
      ) : null}
    </li>
  );
}

/** An AI answer while it is being written. */
export function StreamingMessage({ text }: { text: string }) {
  const { t } = useTranslation();
  return (
    <li
      className="chat-message chat-message--gomeum_ai chat-message--streaming"
      data-sender="gomeum_ai"
      aria-busy="true"
    >
      <span className="chat-message__label">{t('chat.sender_gomeum_ai')}</span>
      <p className="chat-message__text">
        {text || t('chat.writing')}
        <span className="chat-message__caret" aria-hidden="true" />
      </p>
    </li>
  );
}

/**
 * A message of the user's that the server has not confirmed yet: sending, or failed with the
 * reason and a Retry that sends it again under the same client id (never a duplicate).
 */
export function PendingMessageItem({ message, onRetry }: { message: PendingMessage; onRetry: () => void }) {
  const { t } = useTranslation();
  const failed = message.status === 'failed';
  return (
    <li
      className={`chat-message chat-message--user chat-message--pending${failed ? ' chat-message--failed' : ''}`}
      data-sender="user"
      data-status={message.status}
      aria-busy={!failed}
    >
      <span className="chat-message__label">
        {t('chat.sender_you')}
        <span className="chat-message__time">{failed ? t('chat.failed') : t('chat.sending')}</span>
      </span>
      <p className="chat-message__text" lang={contentLang(message.content)}>
        {message.content}
      </p>
      {failed ? (
        <p className="chat-message__failure" role="alert">
          <span>
            {message.error === 'errors.unauthorized'
              ? t('chat.login_first')
              : t('chat.send_failed', { reason: t(message.error ?? 'errors.server') })}
          </span>
          <button type="button" className="button button--ghost chat-message__retry" onClick={onRetry}>
            {t('chat.retry')}
          </button>
        </p>
      ) : null}
    </li>
  );
}
