import { proofFieldsSchema, type PlanetId } from '@gomeum/contracts';
import { useEffect, useId, useMemo, useRef, useState, type SyntheticEvent } from 'react';
import { useTranslation } from '../../../lib/i18n.ts';
import { ApiError } from '../../../lib/api-client.ts';
import { UploadCancelled } from '../../../lib/upload-request.ts';
import { DateFields } from '../../../lib/date-fields.tsx';
import { Field } from '../../../lib/field.tsx';
import { FilePicker } from '../../../lib/file-picker.tsx';
import { todayIso } from '../../../lib/format.ts';
import { useUpload } from '../../../lib/upload-progress.tsx';
import { useSubmitProof } from '../api/submit-proof.ts';

const IMAGE_TYPES = ['image/png', 'image/jpeg', 'image/webp', 'image/gif'];

/** Errors a user can fix in the form say what to fix; any other failure is the spec's "Failed to submit task". */
const SPECIFIC_ERRORS = new Set<string>([
  'errors.offline',
  'errors.rate_limited',
  'errors.payload_too_large',
  'errors.unsupported_media_type',
  'upload.error_not_image',
  'upload.error_too_large',
  'task.error_not_confirmed',
  'task.error_too_long',
  'task.error_fill_all',
  'errors.storage_full',
]);

/** "Please fill this in." under a field: inside its label, so hidden from the name and read as its description. */
function RequiredHint({ id, shown }: { id: string; shown: boolean }) {
  const { t } = useTranslation();
  if (!shown) return null;
  return (
    <span id={id} className="field__error" aria-hidden="true">
      {t('task.field_required')}
    </span>
  );
}

/**
 * The proof form: date, title, what was done, an optional photo. Each missing field is marked where
 * it is, and the message goes once the fields are filled; a photo shows its upload's progress and
 * can be stopped. Calls back on success.
 */
export function ProofForm({
  planet,
  onDone,
  onCancel,
}: {
  planet: PlanetId;
  onDone: () => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation();
  const submit = useSubmitProof(planet);
  const [date, setDate] = useState(todayIso);
  const [title, setTitle] = useState('');
  const [content, setContent] = useState('');
  const [image, setImage] = useState<File | null>(null);
  const [tried, setTried] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const upload = useUpload();
  const errorId = useId();
  const titleErrorId = useId();
  const contentErrorId = useId();
  const firstField = useRef<HTMLSelectElement>(null);

  useEffect(() => {
    firstField.current?.focus();
  }, []);

  const preview = useMemo(() => (image ? URL.createObjectURL(image) : null), [image]);
  useEffect(
    () => () => {
      if (preview) URL.revokeObjectURL(preview);
    },
    [preview],
  );

  // Derived, not stored: a field fixed is a field no longer marked.
  const missing = {
    title: title.trim() === '',
    content: content.trim() === '',
  };
  const incomplete = tried && (missing.title || missing.content);
  const wrongImage = image !== null && !IMAGE_TYPES.includes(image.type);
  const error = incomplete ? t('task.error_fill_all') : wrongImage ? t('upload.error_not_image') : failure;
  const sending = submit.isPending;

  const onSubmit = (event: SyntheticEvent<HTMLFormElement>) => {
    event.preventDefault();
    setTried(true);
    setFailure(null);
    const parsed = proofFieldsSchema.safeParse({ date, title, content });
    if (!parsed.success || wrongImage) return;
    submit.mutate(
      // Leaving the form stops the sending; a photo's upload shows its progress and can be stopped.
      { ...parsed.data, image, options: upload.start() },
      {
        onSuccess: onDone,
        onError: (cause) => {
          if (cause instanceof UploadCancelled) {
            setFailure(t('upload.cancelled'));
            return;
          }
          const code = cause instanceof ApiError ? cause.code : null;
          setFailure(code && SPECIFIC_ERRORS.has(code) ? t(code) : t('task.error_submit'));
        },
        onSettled: upload.end,
      },
    );
  };

  // A missing field, once the user has tried to send: marked, and described by its hint.
  const marked = (fieldMissing: boolean, hintId: string) =>
    tried && fieldMissing ? { 'aria-invalid': true, 'aria-describedby': hintId } : {};
  return (
    <form className="form proof-form" onSubmit={onSubmit} noValidate aria-label={t('task.proof_form')}>
      <DateFields
        legend={t('task.proof_date')}
        value={date}
        onChange={setDate}
        firstRef={firstField}
        // No day after today in the user's time zone (the server refuses one too).
        max={todayIso()}
      />
      <Field label={t('task.proof_title')} className="proof-form__title">
        <input
          className="input"
          name="title"
          maxLength={120}
          value={title}
          {...marked(missing.title, titleErrorId)}
          onChange={(event) => setTitle(event.target.value)}
        />
        <RequiredHint id={titleErrorId} shown={tried && missing.title} />
      </Field>
      <Field label={t('task.proof_content')}>
        <textarea
          className="input textarea"
          name="content"
          rows={4}
          maxLength={5000}
          value={content}
          {...marked(missing.content, contentErrorId)}
          onChange={(event) => setContent(event.target.value)}
        />
        <RequiredHint id={contentErrorId} shown={tried && missing.content} />
      </Field>
      <FilePicker
        label={t('task.proof_image')}
        accept={IMAGE_TYPES.join(',')}
        file={image}
        disabled={sending}
        onChange={(file) => {
          setImage(file);
          setFailure(null);
        }}
      />
      {preview ? <img className="proof-form__preview" src={preview} alt={t('task.proof_preview_alt')} /> : null}
      {image ? upload.bar : null}
      <p id={errorId} className="form__error" role="alert">
        {error}
      </p>
      <div className="proof-form__actions">
        <button className="button button--ghost" type="button" onClick={onCancel} disabled={sending}>
          {t('task.cancel')}
        </button>
        <button
          className="button button--primary"
          type="submit"
          disabled={sending}
          aria-busy={sending || undefined}
          aria-describedby={error ? errorId : undefined}
        >
          {sending ? t('task.sending') : t('task.send_proof')}
        </button>
      </div>
    </form>
  );
}
