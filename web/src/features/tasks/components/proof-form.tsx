import { isErrorCode, proofFieldsSchema, type PlanetId } from '@gomeum/contracts';
import { useEffect, useId, useMemo, useRef, useState, type SyntheticEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../lib/api-client.ts';
import { todayIso } from '../../../lib/format.ts';
import { useSubmitProof } from '../api/submit-proof.ts';
import { Field } from '../../../lib/field.tsx';

const IMAGE_TYPES = ['image/png', 'image/jpeg', 'image/webp', 'image/gif'];

/** The proof form: date, title, what was done, an optional photo. Calls back on success. */
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
  const [error, setError] = useState<string | null>(null);
  const errorId = useId();
  const firstField = useRef<HTMLInputElement>(null);

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

  const onSubmit = (event: SyntheticEvent<HTMLFormElement>) => {
    event.preventDefault();
    setError(null);
    const parsed = proofFieldsSchema.safeParse({ date, title, content });
    if (!parsed.success) {
      setError(t('task.error_fill_all'));
      return;
    }
    if (image && !IMAGE_TYPES.includes(image.type)) {
      setError(t('upload.error_not_image'));
      return;
    }
    submit.mutate(
      { ...parsed.data, image },
      {
        onSuccess: onDone,
        onError: (failure) => {
          const code = failure instanceof ApiError ? failure.code : 'errors.server';
          setError(isErrorCode(code) ? t(code) : t('task.error_submit'));
        },
      },
    );
  };

  return (
    <form className="form proof-form" onSubmit={onSubmit} noValidate aria-label={t('task.proof_form')}>
      <div className="proof-form__row">
        <Field label={t('task.proof_date')}>
          <input
            ref={firstField}
            className="input"
            type="date"
            name="date"
            value={date}
            onChange={(event) => setDate(event.target.value)}
          />
        </Field>
        <Field label={t('task.proof_title')} className="proof-form__title">
          <input
            className="input"
            name="title"
            maxLength={120}
            value={title}
            onChange={(event) => setTitle(event.target.value)}
          />
        </Field>
      </div>
      <Field label={t('task.proof_content')}>
        <textarea
          className="input textarea"
          name="content"
          rows={4}
          maxLength={5000}
          value={content}
          onChange={(event) => setContent(event.target.value)}
        />
      </Field>
      <Field label={t('task.proof_image')}>
        <input
          className="input input--file"
          type="file"
          name="image"
          accept={IMAGE_TYPES.join(',')}
          onChange={(event) => setImage(event.target.files?.[0] ?? null)}
        />
      </Field>
      {preview ? <img className="proof-form__preview" src={preview} alt={t('task.proof_preview_alt')} /> : null}
      <p id={errorId} className="form__error" role="alert">
        {error}
      </p>
      <div className="proof-form__actions">
        <button className="button button--ghost" type="button" onClick={onCancel} disabled={submit.isPending}>
          {t('task.cancel')}
        </button>
        <button
          className="button button--primary"
          type="submit"
          disabled={submit.isPending}
          aria-describedby={error ? errorId : undefined}
        >
          {submit.isPending ? t('task.sending') : t('task.send_proof')}
        </button>
      </div>
    </form>
  );
}
