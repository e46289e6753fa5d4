import { LANGUAGES } from '@gomeum/contracts';
import { useState } from 'react';
import { Field } from '../../../lib/field.tsx';
import { useTranslation } from '../../../lib/i18n.ts';
import { InLanguagesFields, OtherLanguagesButton, useInLanguagesForm } from '../../../lib/operator/other-languages.tsx';
import { useAddSavedReply, useDeleteSavedReply, useSavedReplies } from '../api/saved-replies.ts';
import './saved-replies.css';

/** A new saved reply: its shortcut and its words, one language written and the others drafted on asking. */
function NewSavedReply() {
  const { t } = useTranslation();
  const add = useAddSavedReply();
  const [shortcut, setShortcut] = useState('');
  const form = useInLanguagesForm();
  const { notice, setNotice } = form;
  return (
    <form
      className="form saved-replies__form"
      onSubmit={(event) => {
        event.preventDefault();
        if (form.heldBack()) return;
        add.mutate(
          { shortcut, texts: form.values },
          {
            onSuccess: () => {
              setShortcut('');
              form.clear();
              setNotice({ ok: true, text: t('dashboard.saved_reply_added') });
            },
            onError: () => setNotice({ ok: false, text: t('dashboard.saved_reply_failed') }),
          },
        );
      }}
    >
      <Field label={t('dashboard.saved_reply_shortcut')}>
        <input
          className="input"
          value={shortcut}
          maxLength={32}
          pattern="[a-z0-9_\-]+"
          required
          onChange={(event) => setShortcut(event.target.value.toLowerCase())}
        />
      </Field>
      <InLanguagesFields form={form} rows={2} label={(language) => t('dashboard.saved_reply_in', { language })} />
      <OtherLanguagesButton other={form.other} />
      <div className="form__actions">
        <button className="button button--primary" type="submit" disabled={add.isPending}>
          {t('dashboard.saved_reply_add')}
        </button>
        {notice ? (
          <span className={notice.ok ? 'form__success' : 'form__error'} role={notice.ok ? 'status' : 'alert'}>
            {notice.text}
          </span>
        ) : null}
      </div>
    </form>
  );
}

/** The operator's saved replies, under the conversations: each with its shortcut, deleted or added here. */
export function SavedRepliesPanel() {
  const { t } = useTranslation();
  const replies = useSavedReplies();
  const remove = useDeleteSavedReply();
  return (
    <details className="saved-replies">
      <summary className="dashboard-card__title">{t('dashboard.saved_replies')}</summary>
      <p className="muted">{t('dashboard.saved_replies_hint')}</p>
      {replies.data?.length === 0 ? <p className="muted">{t('dashboard.saved_replies_empty')}</p> : null}
      <ul className="saved-replies__list">
        {replies.data?.map((reply) => (
          <li key={reply.id} className="saved-replies__item">
            <strong>/{reply.shortcut}</strong>
            <span className="saved-replies__texts">
              {LANGUAGES.flatMap((lang) => (reply.texts[lang] ? [reply.texts[lang]] : [])).join(' · ')}
            </span>
            <button
              type="button"
              className="button button--ghost"
              disabled={remove.isPending}
              onClick={() => remove.mutate(reply.id)}
            >
              {t('dashboard.saved_reply_delete', { shortcut: reply.shortcut })}
            </button>
          </li>
        ))}
      </ul>
      <NewSavedReply />
    </details>
  );
}
