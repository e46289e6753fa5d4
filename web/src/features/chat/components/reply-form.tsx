import { useEffect, useId, useRef } from 'react';
import { useTranslation } from '../../../lib/i18n.ts';
import { DraftControls } from './reply-extras.tsx';
import type { useReply } from './use-reply.ts';
import { SavedReplyOptions, useSlashReplies } from './saved-reply-picker.tsx';

/**
 * The reply box under a conversation: the operator's words (or a drafted reply, in their
 * language), what the user will read when that is another language, and sending. A translation of
 * the operator's own words comes up for review: edited, sent, or passed over for their words as
 * written.
 */
export function ReplyForm({ reply }: { reply: ReturnType<typeof useReply> }) {
  const { t } = useTranslation();
  const inputId = useId();
  const reviewId = useId();
  const { outgoing } = reply;
  const reviewRef = useRef<HTMLTextAreaElement>(null);
  const reviewing = outgoing?.review ?? false;
  useEffect(() => {
    if (reviewing) reviewRef.current?.focus();
  }, [reviewing]);
  const language = outgoing ? t(`language.names.${outgoing.language}`) : '';
  const slash = useSlashReplies(reply.box, (prefix, saved) => void reply.insertSaved(prefix, saved.id));
  return (
    <form
      className="inbox__form"
      onSubmit={(event) => {
        event.preventDefault();
        if (reviewing) reply.sendOutgoing();
        else void reply.submit();
      }}
    >
      <label className="visually-hidden" htmlFor={inputId}>
        {t('dashboard.reply_label')}
      </label>
      <textarea
        id={inputId}
        className="input textarea"
        rows={2}
        value={reply.box}
        placeholder={t('dashboard.reply_placeholder')}
        onChange={(event) => reply.edit(event.target.value)}
        onKeyDown={slash.onKeyDown}
        {...slash.inputProps}
      />
      <SavedReplyOptions slash={slash} />
      <DraftControls state={reply.draft.state} offered={reply.draft.offered} onDraftAgain={reply.draft.start} />
      {outgoing ? (
        <div className="inbox__outgoing" data-testid="outgoing">
          <label htmlFor={reviewId} className="inbox__outgoing-label">
            {t('dashboard.reply_goes_as', { language })}
          </label>
          <textarea
            id={reviewId}
            ref={reviewRef}
            className="input textarea"
            rows={2}
            lang={outgoing.language}
            value={outgoing.text}
            readOnly={!reviewing}
            onChange={(event) => reply.editOutgoing(event.target.value)}
          />
          <span className="muted inbox__outgoing-hint">
            {reviewing ? t('dashboard.reply_review_hint') : t('dashboard.draft_in_your_language')}
          </span>
        </div>
      ) : null}
      <div className="inbox__send">
        {reviewing ? (
          <button type="button" className="button button--ghost" disabled={reply.pending} onClick={reply.sendAsWritten}>
            {t('dashboard.send_as_written')}
          </button>
        ) : null}
        <button
          className="button button--primary"
          type="submit"
          data-testid={reply.draftReady ? 'send-draft' : undefined}
          disabled={reply.pending || reply.translating || !reply.box.trim()}
        >
          {reviewing ? t('dashboard.send_translation') : t('dashboard.send')}
        </button>
      </div>
      <span className="form__error" role="alert">
        {reply.translating ? t('dashboard.translating_reply') : reply.error}
      </span>
    </form>
  );
}
