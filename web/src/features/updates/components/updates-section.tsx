import type { Language, Update, UpdateBody } from '@gomeum/contracts';
import { isErrorCode, LANGUAGES, pickLocalized } from '@gomeum/contracts';
import { useId, useState, type ReactNode, type SyntheticEvent } from 'react';
import { useTranslation } from '../../../lib/i18n.ts';
import { DashboardCard, FormActions, type Notice } from '../../../lib/operator/shared.tsx';
import { ListStates } from '../../../lib/operator/list-states.tsx';
import { LinesSkeleton } from '../../../lib/skeleton.tsx';
import { UploadCancelled } from '../../../lib/upload-request.ts';
import { useUpload } from '../../../lib/upload-progress.tsx';
import { showDashboardToast } from '../../../lib/operator/dashboard-toasts.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { formatDateTime } from '../../../lib/format.ts';
import { useUpdateEditor, useUpdatesList } from '../api/updates-editor.ts';
import { useUpdatePreview } from '../api/preview-update.ts';
import { UpdateHtml } from './update-content.tsx';
import { UpdateShareLinks } from './update-share-links.tsx';
import { Field } from '../../../lib/field.tsx';
import {
  DraftedMark,
  OtherLanguagesButton,
  useOtherLanguages,
  useWritingOrder,
  type InLanguages,
} from '../../../lib/operator/other-languages.tsx';
import { FilePicker } from '../../../lib/file-picker.tsx';
import './updates-section.css';

const IMAGE_ACCEPT = 'image/png,image/jpeg,image/webp,image/gif';

/** Text in each language, from what an update has (blank where it has none). */
function inLanguages(text: Partial<Record<Language, string>> | undefined): InLanguages {
  return { en: text?.en ?? '', zh: text?.zh ?? '', ko: text?.ko ?? '' };
}

/** Reads the per-language title and content fields of an update form. */
function readForm(form: HTMLFormElement): UpdateBody {
  const data = new FormData(form);
  const text = (name: string) => {
    const value = data.get(name);
    return typeof value === 'string' ? value : '';
  };
  return {
    title: Object.fromEntries(LANGUAGES.map((l) => [l, text(`title_${l}`)])),
    content: Object.fromEntries(LANGUAGES.map((l) => [l, text(`content_${l}`)])),
  };
}

/**
 * One language's content: the HTML source and, beside it (under it on phones), the diary's
 * rendering of what the server would keep, refreshed once typing pauses. `active`: the form is
 * in view (a folded entry asks for no preview).
 */
function ContentWithPreview({
  lang,
  html,
  setHtml,
  active,
}: {
  lang: Language;
  html: string;
  setHtml: (html: string) => void;
  active: boolean;
}) {
  const { t } = useTranslation();
  const preview = useUpdatePreview(html, active);
  const labelId = useId();
  return (
    <div className="update-source">
      <Field label={t('dashboard.update_content')}>
        <textarea
          className="input textarea update-source__textarea"
          name={`content_${lang}`}
          rows={7}
          value={html}
          onChange={(event) => setHtml(event.currentTarget.value)}
        />
      </Field>
      <div className="update-preview" role="group" aria-labelledby={labelId} aria-busy={preview.updating}>
        <span className="update-preview__heading">
          <span id={labelId} className="field__label">
            {t('dashboard.update_preview')}
          </span>
          {preview.updating ? (
            <span className="update-preview__state">{t('dashboard.update_preview_updating')}</span>
          ) : null}
        </span>
        <div className="update-preview__body" lang={lang}>
          {preview.blank ? (
            <p className="muted">{t('dashboard.update_preview_empty')}</p>
          ) : preview.html !== null ? (
            <UpdateHtml html={preview.html} />
          ) : preview.failed || !active ? null : (
            // Only while a folded entry's preview is really on its way: a folded one asks for none.
            <LinesSkeleton lines={2} />
          )}
        </div>
        {preview.failed ? <p className="form__error">{t('dashboard.update_preview_failed')}</p> : null}
      </div>
    </div>
  );
}

function UpdateFields({
  update,
  active = true,
  image,
  onImage,
  uploadBar,
}: {
  update?: Update;
  active?: boolean;
  /** The image chosen to go with the update (sent after its texts). */
  image: File | null;
  onImage: (image: File | null) => void;
  /** The image upload's progress, while one runs. */
  uploadBar?: ReactNode;
}) {
  const { t } = useTranslation();
  // Each language's title and content; one written, the others drafted on asking (marked until checked).
  const [titles, setTitles] = useState(() => inLanguages(update?.title));
  const [contents, setContents] = useState(() => inLanguages(update?.content));
  const otherTitles = useOtherLanguages(titles, setTitles);
  const otherContents = useOtherLanguages(contents, setContents);
  const order = useWritingOrder();
  return (
    <>
      <div className="lang-grid lang-grid--rows">
        {order.map((lang) => (
          <fieldset key={lang} className="lang-grid__column">
            <legend>{t(`language.names.${lang}`)}</legend>
            <Field label={t('dashboard.update_title')}>
              <input
                className="input"
                name={`title_${lang}`}
                maxLength={200}
                value={titles[lang]}
                onChange={(event) => {
                  otherTitles.checked(lang);
                  setTitles({ ...titles, [lang]: event.target.value });
                }}
              />
            </Field>
            <DraftedMark other={otherTitles} lang={lang} />
            <ContentWithPreview
              lang={lang}
              html={contents[lang]}
              setHtml={(html) => {
                otherContents.checked(lang);
                setContents({ ...contents, [lang]: html });
              }}
              active={active}
            />
            <DraftedMark other={otherContents} lang={lang} />
          </fieldset>
        ))}
      </div>
      <OtherLanguagesButton other={[otherTitles, otherContents]} />
      <FilePicker
        label={t('dashboard.image')}
        accept={IMAGE_ACCEPT}
        file={image}
        onChange={onImage}
        disabled={uploadBar != null}
        previewAlt={t('dashboard.update_image_alt')}
      />
      {uploadBar}
    </>
  );
}

function useNotice() {
  const { t } = useTranslation();
  const [notice, setNotice] = useState<Notice | null>(null);
  const fail = (error: unknown) => {
    const code = error instanceof ApiError ? error.code : 'errors.server';
    setNotice({ ok: false, text: isErrorCode(code) ? t(code) : t('dashboard.save_failed') });
  };
  return { notice, setNotice, fail };
}

/**
 * One published update, editable in place. A save re-reads the update (its form starts again from
 * what was stored), so the entry stays open and a toast says it was saved.
 */
function UpdateEditor({ update, open, onSaved }: { update: Update; open: boolean; onSaved: () => void }) {
  const { t, i18n } = useTranslation();
  const { save, remove, removeImage } = useUpdateEditor();
  const { notice, setNotice, fail } = useNotice();
  const upload = useUpload();
  const [confirming, setConfirming] = useState(false);
  const [expanded, setExpanded] = useState(open);
  const [image, setImage] = useState<File | null>(null);
  const onSubmit = (event: SyntheticEvent<HTMLFormElement>) => {
    event.preventDefault();
    save.mutate(
      { id: update.id, body: readForm(event.currentTarget), image, upload: image ? upload.start() : undefined },
      {
        onSuccess: () => {
          setNotice(null);
          showDashboardToast(true, t('dashboard.saved'));
          onSaved();
        },
        onError: (error) => {
          if (!(error instanceof UploadCancelled)) return fail(error);
          // The texts were saved before the image: the entry is read afresh, so a toast tells it.
          showDashboardToast(false, t('dashboard.update_image_cancelled'));
          onSaved();
        },
        onSettled: upload.end,
      },
    );
  };
  return (
    <details
      className="update-editor"
      open={open || undefined}
      onToggle={(event) => setExpanded(event.currentTarget.open)}
    >
      <summary>
        <strong>{pickLocalized(update.title, i18n.language)}</strong>{' '}
        <span className="muted">· {formatDateTime(update.createdAt, i18n.language)}</span>
      </summary>
      <UpdateShareLinks id={update.id} active={expanded} />
      <form className="form" onSubmit={onSubmit}>
        <UpdateFields update={update} active={expanded} image={image} onImage={setImage} uploadBar={upload.bar} />
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
  const upload = useUpload();
  const [formKey, setFormKey] = useState(0);
  const [lastSaved, setLastSaved] = useState<string | null>(null);
  const [image, setImage] = useState<File | null>(null);
  const published = (text: Notice) => {
    setFormKey(formKey + 1);
    setImage(null);
    setNotice(text);
  };
  return (
    <div className="dashboard-grid">
      <DashboardCard id="new-update-title" title={t('dashboard.new_update')} wide>
        <p className="muted">{t('dashboard.update_html_hint')}</p>
        <form
          key={formKey}
          className="form"
          onSubmit={(event) => {
            event.preventDefault();
            create.mutate(
              { body: readForm(event.currentTarget), image, upload: image ? upload.start() : undefined },
              {
                onSuccess: () => published({ ok: true, text: t('dashboard.update_published') }),
                onError: (error) => {
                  if (!(error instanceof UploadCancelled)) return fail(error);
                  // The update itself was published before its image.
                  published({ ok: false, text: t('dashboard.update_image_cancelled') });
                },
                onSettled: upload.end,
              },
            );
          }}
        >
          <UpdateFields image={image} onImage={setImage} uploadBar={upload.bar} />
          <FormActions label={t('dashboard.publish_update')} pending={create.isPending} notice={notice} />
        </form>
      </DashboardCard>
      <DashboardCard id="updates-title" title={t('dashboard.all_updates')} wide>
        <ListStates query={list} empty={t('dashboard.nothing_yet')} isEmpty={(updates) => updates.length === 0}>
          {(updates) =>
            updates.map((update) => (
              <UpdateEditor
                key={`${update.id}-${update.updatedAt}`}
                update={update}
                open={update.id === lastSaved}
                onSaved={() => setLastSaved(update.id)}
              />
            ))
          }
        </ListStates>
      </DashboardCard>
    </div>
  );
}
