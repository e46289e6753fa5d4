import { useEffect, type RefObject } from 'react';
import { Link } from 'wouter';
import { useTranslation } from '../../../lib/i18n.ts';
import { GomeumCat } from '../../../lib/illustrations/index.ts';
import { useScrollAnchor } from '../../../lib/use-scroll-anchor.ts';
import { PushOffer } from '../../push/index.ts';
import { useGomeumTyping } from '../api/companion-live.ts';
import { ChatMessageItem, PendingMessageItem, StreamingMessage } from './chat-message.tsx';
import { CloseButton } from './chat-panel-frame.tsx';
import type { ChatPanelState } from './use-chat-panel.ts';

/** The conversation, newest at the bottom: older messages on request, pending and streaming ones after. */
function ChatMessages({ chat, userId }: { chat: ChatPanelState; userId: string | null }) {
  const { t } = useTranslation();
  const { state, older, loadOlder, operatorReadId, sender } = chat;
  // The newest of the user's messages the operator has read: "Seen" shows under it.
  const seenId = state.messages.findLast((m) => m.sender === 'user' && m.id <= operatorReadId)?.id;
  // "Gomeum could not answer" once, the latest, rather than under every message.
  const lastNotice = state.messages.findLast((m) => m.kind === 'unavailable')?.id;
  const shown = state.messages.filter((m) => m.kind !== 'unavailable' || m.id === lastNotice);
  // Newest at the bottom, in view ("Seen" under it too); after older messages join at the top,
  // what was in view stays.
  const { listRef, onListScroll, keepPlace } = useScrollAnchor<HTMLDivElement>({
    firstId: state.messages[0]?.id,
    content: [state.messages, state.pending, state.streams, seenId],
    active: chat.open,
    onNearTop: () => {
      if (state.olderMore && older === 'idle') void loadOlder();
    },
  });
  const empty = !userId ? (
    <li className="chat__empty">
      <p>{t('chat.signed_out')}</p>
      <Link className="button button--primary" to="/register" onClick={chat.close}>
        {t('chat.signed_out_action')}
      </Link>
    </li>
  ) : !state.loaded ? (
    <li className="chat__empty">{t('common.loading')}</li>
  ) : state.messages.length === 0 && state.pending.length === 0 ? (
    <li className="chat__empty">{t('chat.empty')}</li>
  ) : null;
  return (
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
        {empty}
      </ol>
    </div>
  );
}

interface ChatPanelProps {
  chat: ChatPanelState;
  inputRef: RefObject<HTMLTextAreaElement | null>;
  userId: string | null;
  panelId: string;
  titleId: string;
}

/** The open panel: who answers (the operator or the AI), the conversation, Gomeum typing, and the message box. */
export function ChatPanel({ chat, inputRef, userId, panelId, titleId }: ChatPanelProps) {
  const { t } = useTranslation();
  const gomeumTyping = useGomeumTyping(userId);
  // The message box takes focus as the panel opens (and as it first shows, its code just arrived).
  const { open } = chat;
  useEffect(() => {
    if (open) inputRef.current?.focus();
  }, [open, inputRef]);
  const statusText = chat.online ? t('chat.status_online') : t('chat.status_ai');
  return (
    <>
      <header className="chat__header">
        <GomeumCat pose="wave" size={44} className="chat__cat" />
        <div className="chat__heading">
          <h2 id={titleId} className="chat__title">
            {t('chat.title')}
          </h2>
          {userId ? (
            <p className="chat__status" data-online={chat.online ? 'true' : 'false'}>
              <span className="chat__status-dot" aria-hidden="true" />
              <span className="chat__status-text">
                {chat.status === 'open' || chat.status === 'idle' ? statusText : t('chat.reconnecting')}
              </span>
            </p>
          ) : null}
        </div>
        <CloseButton panelId={panelId} onClose={chat.focusButton} />
      </header>
      <ChatMessages chat={chat} userId={userId} />
      <p className="chat__typing" aria-live="polite" data-testid="gomeum-typing">
        {gomeumTyping ? (
          <>
            <span className="chat__typing-dots" aria-hidden="true" />
            {t('chat.typing')}
          </>
        ) : null}
      </p>
      {chat.wroteWhileAway ? (
        <div className="chat__offer">
          <PushOffer reason="away" />
        </div>
      ) : null}
      <form className="chat__form" onSubmit={chat.submit} noValidate>
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
          value={chat.draft}
          onChange={(event) => chat.changeDraft(event.target.value)}
          onKeyDown={chat.onKeyDown}
        />
        <button type="submit" className="button button--primary chat__send">
          {t('chat.send')}
        </button>
        {chat.error ? (
          <p className="form__error chat__error" role="alert">
            {chat.error}
          </p>
        ) : null}
      </form>
    </>
  );
}
