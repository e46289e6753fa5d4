import { PROOF_TEXT_MAX, type GomeumLog, type PlanetId } from '@gomeum/contracts';
import { useState, type SyntheticEvent } from 'react';
import { useTranslation } from '../../../lib/i18n.ts';
import { ApiError } from '../../../lib/api-client.ts';
import { ConfirmDialog } from '../../../lib/confirm-dialog.tsx';
import { Field } from '../../../lib/field.tsx';
import { formatDateTime } from '../../../lib/format.ts';
import { useDeleteGomeumLog, useEditGomeumLog } from '../api/gomeum-task.ts';
import { GomeumLogImages } from '../../../lib/operator/shared.tsx';
import './gomeum-log-editor.css';

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
  const edit = useEditGomeumLog(planet);
  const remove = useDeleteGomeumLog(planet);
  const [draft, setDraft] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [confirming, setConfirming] = useState(false);
  const when = formatDateTime(log.createdAt, i18n.language);

  const save = (event: SyntheticEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (draft === null) return;
    if (!draft.trim()) {
      setError(t('task.error_fill_all'));
      return;
    }
    setError(null);
    edit.mutate(
      { id: log.id, content: draft },
      {
        onSuccess: () => {
          setDraft(null);
          onNotice(t('dashboard.log_saved'));
        },
        onError: (failure) => setError(t(failure instanceof ApiError ? failure.code : 'dashboard.save_failed')),
      },
    );
  };

  return (
    <li className="log-row">
      <span className="muted">{when}</span>
      {draft === null ? (
        <>
          <p className="log-row__content">{log.content}</p>
          <GomeumLogImages urls={log.imageUrls} />
          <div className="log-row__actions">
            <button
              type="button"
              className="button button--ghost"
              aria-label={t('dashboard.edit_log_named', { date: when })}
              onClick={() => {
                setDraft(log.content);
                setError(null);
              }}
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
      ) : (
        <form className="form" onSubmit={save} noValidate>
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
          <p className="form__error" role="alert">
            {error}
          </p>
          <div className="log-row__actions">
            <button
              className="button button--primary"
              type="submit"
              disabled={edit.isPending}
              aria-busy={edit.isPending}
            >
              {t('dashboard.save')}
            </button>
            <button className="button button--ghost" type="button" onClick={() => setDraft(null)}>
              {t('account_menu.cancel')}
            </button>
          </div>
        </form>
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
          <blockquote className="confirm-dialog__quote">{log.content}</blockquote>
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
