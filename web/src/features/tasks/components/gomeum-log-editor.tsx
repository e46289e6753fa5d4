import { gomeumLogIn, PROOF_TEXT_MAX, type GomeumLog, type PlanetId } from '@gomeum/contracts';
import { useState, type SyntheticEvent } from 'react';
import { useTranslation } from '../../../lib/i18n.ts';
import { ApiError } from '../../../lib/api-client.ts';
import { ConfirmDialog } from '../../../lib/confirm-dialog.tsx';
import { Field } from '../../../lib/field.tsx';
import { formatDateTime } from '../../../lib/format.ts';
import { useDeleteGomeumLog, useEditGomeumLog } from '../api/gomeum-task.ts';
import { GomeumLogImages } from '../../../lib/operator/shared.tsx';
import { hasUncheckedDrafts, useOtherLanguages } from '../../../lib/operator/other-languages.tsx';
import { LogLanguageFields, logFields, noLogText } from './log-languages.tsx';
import './gomeum-log-editor.css';

/**
 * Correcting an entry: its one text, or, when it was written in several languages, each of them
 * (a language left out can be drafted again on asking).
 */
function GomeumLogEditForm({
  planet,
  log,
  onDone,
}: {
  planet: PlanetId;
  log: GomeumLog;
  /** The form closes: `saved` when the correction was kept. */
  onDone: (saved: boolean) => void;
}) {
  const { t } = useTranslation();
  const edit = useEditGomeumLog(planet);
  const [draft, setDraft] = useState(log.content);
  const [texts, setTexts] = useState(() => ({ ...noLogText(), ...log.contents }));
  const other = useOtherLanguages(texts, setTexts);
  const [error, setError] = useState<string | null>(null);
  const save = (event: SyntheticEvent<HTMLFormElement>) => {
    event.preventDefault();
    const fields = log.contents ? logFields(texts) : draft.trim() ? { content: draft } : null;
    if (!fields) return setError(t('task.error_fill_all'));
    if (hasUncheckedDrafts(other)) return setError(t('dashboard.drafts_unchecked'));
    setError(null);
    edit.mutate(
      { id: log.id, fields },
      {
        onSuccess: () => onDone(true),
        onError: (failure) => setError(t(failure instanceof ApiError ? failure.code : 'dashboard.save_failed')),
      },
    );
  };
  return (
    <form className="form" onSubmit={save} noValidate>
      {log.contents ? (
        <LogLanguageFields label="dashboard.edit_log_in" texts={texts} setTexts={setTexts} other={other} autoFocus />
      ) : (
        <Field label={t('dashboard.edit_log_label')}>
          <textarea
            className="input textarea"
            rows={3}
            maxLength={PROOF_TEXT_MAX}
            value={draft}
            aria-invalid={error ? true : undefined}
            onChange={(event) => setDraft(event.target.value)}
            autoFocus
          />
        </Field>
      )}
      <p className="form__error" role="alert">
        {error}
      </p>
      <div className="log-row__actions">
        <button className="button button--primary" type="submit" disabled={edit.isPending} aria-busy={edit.isPending}>
          {t('dashboard.save')}
        </button>
        <button className="button button--ghost" type="button" onClick={() => onDone(false)}>
          {t('account_menu.cancel')}
        </button>
      </div>
    </form>
  );
}

/** One published entry: read, corrected in place, or taken back after a confirmation. */
function GomeumLogRow({
  planet,
  log,
  onNotice,
}: {
  planet: PlanetId;
  log: GomeumLog;
  onNotice: (text: string) => void;
}) {
  const { t, i18n } = useTranslation();
  const remove = useDeleteGomeumLog(planet);
  const [editing, setEditing] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const when = formatDateTime(log.createdAt, i18n.language);
  const content = gomeumLogIn(log, i18n.language);

  return (
    <li className="log-row">
      <span className="muted">{when}</span>
      {editing ? (
        <GomeumLogEditForm
          planet={planet}
          log={log}
          onDone={(saved) => {
            setEditing(false);
            if (saved) onNotice(t('dashboard.log_saved'));
          }}
        />
      ) : (
        <>
          <p className="log-row__content">{content}</p>
          <GomeumLogImages urls={log.imageUrls} />
          <div className="log-row__actions">
            <button
              type="button"
              className="button button--ghost"
              aria-label={t('dashboard.edit_log_named', { date: when })}
              onClick={() => setEditing(true)}
            >
              {t('dashboard.edit_log')}
            </button>
            <button
              type="button"
              className="button button--ghost"
              aria-label={t('dashboard.delete_log_named', { date: when })}
              onClick={() => setConfirming(true)}
            >
              {t('dashboard.delete_log')}
            </button>
          </div>
        </>
      )}
      {confirming ? (
        <ConfirmDialog
          title={t('dashboard.delete_log_title')}
          confirmLabel={t('dashboard.delete_log')}
          busyLabel={t('account_menu.deleting')}
          cancelLabel={t('account_menu.cancel')}
          onClose={() => setConfirming(false)}
          onConfirm={async () => {
            await remove.mutateAsync(log.id);
            setConfirming(false);
            onNotice(t('dashboard.log_deleted'));
          }}
        >
          <p>{t('dashboard.delete_log_warning')}</p>
          <blockquote className="confirm-dialog__quote">{content}</blockquote>
        </ConfirmDialog>
      ) : null}
    </li>
  );
}

/** Gomeum's published log on a planet, newest first, each entry editable and deletable. */
export function GomeumLogEditor({ planet, logs }: { planet: PlanetId; logs: GomeumLog[] }) {
  const { t } = useTranslation();
  const [notice, setNotice] = useState<string | null>(null);
  return (
    <>
      <p className="form__success" role="status">
        {notice}
      </p>
      {logs.length === 0 ? (
        <p className="muted">{t('task.gomeum_log_empty')}</p>
      ) : (
        <ul className="plain-list">
          {logs.map((log) => (
            <GomeumLogRow key={log.id} planet={planet} log={log} onNotice={setNotice} />
          ))}
        </ul>
      )}
    </>
  );
}
