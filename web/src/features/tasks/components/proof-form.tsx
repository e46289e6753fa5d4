import type { PlanetId } from '@gomeum/contracts';
import { useEffect, useId, useMemo, useRef } from 'react';
import { Link, useLocation } from 'wouter';
import { DateFields } from '../../../lib/date-fields.tsx';
import { Field } from '../../../lib/field.tsx';
import { FilePicker } from '../../../lib/file-picker.tsx';
import { todayIso } from '../../../lib/format.ts';
import { useTranslation } from '../../../lib/i18n.ts';
import { signInAgainPath } from '../../auth/index.ts';
import { IMAGE_TYPES, useProofForm } from './use-proof-form.ts';

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
 * can be stopped. A send refused because the session ended offers to sign in again, and the form
 * comes back with what was written (`useProofForm` keeps it). Calls back on success.
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
  const [location] = useLocation();
  const form = useProofForm(planet, onDone, onCancel);
  const { fields, set, missing, tried, error, sending } = form;
  const errorId = useId();
  const titleErrorId = useId();
  const contentErrorId = useId();
  const firstField = useRef<HTMLSelectElement>(null);

  useEffect(() => {
    firstField.current?.focus();
  }, []);

  const preview = useMemo(() => (fields.image ? URL.createObjectURL(fields.image) : null), [fields.image]);
  useEffect(
    () => () => {
      if (preview) URL.revokeObjectURL(preview);
    },
    [preview],
  );

  // A missing field, once the user has tried to send: marked, and described by its hint.
  const marked = (fieldMissing: boolean, hintId: string) =>
    tried && fieldMissing ? { 'aria-invalid': true, 'aria-describedby': hintId } : {};
  return (
    <form className="form proof-form" onSubmit={form.onSubmit} noValidate aria-label={t('task.proof_form')}>
      <DateFields
        legend={t('task.proof_date')}
        value={fields.date}
        onChange={set.date}
        firstRef={firstField}
        // No day after today in the user's time zone (the server refuses one too).
        max={todayIso()}
      />
      <Field label={t('task.proof_title')} className="proof-form__title">
        <input
          className="input"
          name="title"
          maxLength={120}
          value={fields.title}
          {...marked(missing.title, titleErrorId)}
          onChange={(event) => set.title(event.target.value)}
        />
        <RequiredHint id={titleErrorId} shown={tried && missing.title} />
      </Field>
      <Field label={t('task.proof_content')}>
        <textarea
          className="input textarea"
          name="content"
          rows={4}
          maxLength={5000}
          value={fields.content}
          {...marked(missing.content, contentErrorId)}
          onChange={(event) => set.content(event.target.value)}
        />
        <RequiredHint id={contentErrorId} shown={tried && missing.content} />
      </Field>
      <FilePicker
        label={t('task.proof_image')}
        accept={IMAGE_TYPES.join(',')}
        file={fields.image}
        disabled={sending}
        onChange={set.image}
      />
      {preview ? <img className="proof-form__preview" src={preview} alt={t('task.proof_preview_alt')} /> : null}
      {fields.image ? form.uploadBar : null}
      <p id={errorId} className="form__error" role="alert">
        {error}
      </p>
      {form.sessionEnded ? (
        // What was typed stays as a draft: back on this page after signing in, the form shows it again.
        <Link className="button button--primary proof-form__sign-in" to={signInAgainPath(location)}>
          {t('task.sign_in_again')}
        </Link>
      ) : null}
      <div className="proof-form__actions">
        <button className="button button--ghost" type="button" onClick={form.cancel} disabled={sending}>
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
