import type { Update, UpdateBody } from '@gomeum/contracts';
import { isErrorCode, pickLocalized } from '@gomeum/contracts';
import { useState, type SyntheticEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { FormActions } from './shared.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { formatDateTime } from '../../../lib/format.ts';
import { useUpdateEditor, useUpdatesList } from '../api/updates-editor.ts';
import { Field } from '../../../lib/field.tsx';

const LANGS = ['zh', 'en', 'ko'] as const;
const IMAGE_ACCEPT = 'image/png,image/jpeg,image/webp,image/gif';

/** Reads the per-language title and content fields of an update form. */
function readForm(form: HTMLFormElement): { body: UpdateBody; image: File | null } {
  const data = new FormData(form);
  const text = (name: string) => {
    const value = data.get(name);
    return typeof value === 'string' ? value : '';
  };
  const image = data.get('image');
  return {
    body: {
      title: Object.fromEntries(LANGS.map((l) => [l, text(`title_${l}`)])),
      content: Object.fromEntries(LANGS.map((l) => [l, text(`content_${l}`)])),
    },
    image: image instanceof File && image.size > 0 ? image : null,
  };
}

function UpdateFields({ update }: { update?: Update }) {
  const { t } = useTranslation();
  return (
    <>
      <div className="lang-grid">
        {LANGS.map((lang) => (
          <fieldset key={lang} className="lang-grid__column">
            <legend>{t(`language.names.${lang}`)}</legend>
            <Field label={t('dashboard.update_title')}>
              <input
                className="input"
                name={`title_${lang}`}
                maxLength={200}
                defaultValue={update?.title[lang] ?? ''}
              />
            </Field>
            <Field label={t('dashboard.update_content')}>
              <textarea
                className="input textarea"
                name={`content_${lang}`}
                rows={5}
                defaultValue={update?.content[lang] ?? ''}
              />
            </Field>
          </fieldset>
        ))}
      </div>
      <Field label={t('dashboard.image')}>
        <input className="input input--file" type="file" name="image" accept={IMAGE_ACCEPT} />
      </Field>
    </>
  );
}

function useNotice() {
  const { t } = useTranslation();
  const [notice, setNotice] = useState<{ ok: boolean; text: string } | null>(null);
  const fail = (error: unknown) => {
    const code = error instanceof ApiError ? error.code : 'errors.server';
    setNotice({ ok: false, text: isErrorCode(code) ? t(code) : t('dashboard.save_failed') });
  };
  return { notice, setNotice, fail };
}

function UpdateEditor({ update }: { update: Update }) {
  const { t, i18n } = useTranslation();
  const { save, remove, removeImage } = useUpdateEditor();
  const { notice, setNotice, fail } = useNotice();
  const [confirming, setConfirming] = useState(false);
  const onSubmit = (event: SyntheticEvent<HTMLFormElement>) => {
    event.preventDefault();
    save.mutate(
      { id: update.id, ...readForm(event.currentTarget) },
      { onSuccess: () => setNotice({ ok: true, text: t('dashboard.saved') }), onError: fail },
    );
  };
  return (
    <details className="update-editor">
      <summary>
        <strong>{pickLocalized(update.title, i18n.language)}</strong>{' '}
        <span className="muted">· {formatDateTime(update.createdAt, i18n.language)}</span>
      </summary>
      <form className="form" onSubmit={onSubmit}>
        <UpdateFields update={update} />
        {update.imageUrl ? (
          <div className="form__actions">
            <img className="user-task__image" src={update.imageUrl} alt={t('dashboard.update_image_alt')} />
            <button
              className="button button--ghost"
              type="button"
              onClick={() => removeImage.mutate(update.id, { onError: fail })}
            >
              {t('dashboard.remove_image')}
            </button>
          </div>
        ) : null}
        <div className="form__actions">
          <button className="button button--primary" type="submit" disabled={save.isPending}>
            {t('dashboard.save')}
          </button>
          {confirming ? (
            <>
              <button
                className="button button--danger"
                type="button"
                onClick={() => remove.mutate(update.id, { onError: fail })}
                disabled={remove.isPending}
              >
                {t('dashboard.confirm_delete')}
              </button>
              <button className="button button--ghost" type="button" onClick={() => setConfirming(false)}>
                {t('task.cancel')}
              </button>
            </>
          ) : (
            <button className="button button--ghost" type="button" onClick={() => setConfirming(true)}>
              {t('dashboard.delete')}
            </button>
          )}
          <span className={notice?.ok ? 'form__success' : 'form__error'} role="status">
            {notice?.text}
          </span>
        </div>
      </form>
    </details>
  );
}

/** Section 6: the updates diary: write new entries (HTML, three languages, an image), edit, delete. */
export function UpdatesSection() {
  const { t } = useTranslation();
  const list = useUpdatesList();
  const { create } = useUpdateEditor();
  const { notice, setNotice, fail } = useNotice();
  const [formKey, setFormKey] = useState(0);
  return (
    <div className="dashboard-grid">
      <section className="panel dashboard-card dashboard-card--wide" aria-labelledby="new-update-title">
        <h2 id="new-update-title" className="dashboard-card__title">
          {t('dashboard.new_update')}
        </h2>
        <p className="muted">{t('dashboard.update_html_hint')}</p>
        <form
          key={formKey}
          className="form"
          onSubmit={(event) => {
            event.preventDefault();
            create.mutate(readForm(event.currentTarget), {
              onSuccess: () => {
                setFormKey(formKey + 1);
                setNotice({ ok: true, text: t('dashboard.update_published') });
              },
              onError: fail,
            });
          }}
        >
          <UpdateFields />
          <FormActions label={t('dashboard.publish_update')} pending={create.isPending} notice={notice} />
        </form>
      </section>
      <section className="panel dashboard-card dashboard-card--wide" aria-labelledby="updates-title">
        <h2 id="updates-title" className="dashboard-card__title">
          {t('dashboard.all_updates')}
        </h2>
        {list.isPending ? (
          <p className="muted">{t('common.loading')}</p>
        ) : list.isError ? (
          <p className="form__error">{t('dashboard.load_failed')}</p>
        ) : list.data.length === 0 ? (
          <p className="muted">{t('dashboard.nothing_yet')}</p>
        ) : (
          list.data.map((update) => <UpdateEditor key={`${update.id}-${update.updatedAt}`} update={update} />)
        )}
      </section>
    </div>
  );
}
