import { useEffect, useId, useRef, useState, type ReactNode, type SyntheticEvent } from 'react';
import { useTranslation } from '../../../lib/i18n.ts';
import { ApiError } from '../../../lib/api-client.ts';
import { Field } from '../../../lib/field.tsx';

/** What the dialog asks before deleting: a password (accounts) or only the warning (guests, the operator's view). */
export interface DeleteAccountDialogProps {
  title: string;
  /** The warning, shown prominently. */
  warning: ReactNode;
  /** Asks for the password when true. */
  askPassword: boolean;
  /** Runs the deletion; a rejection's error code is shown in the dialog. */
  onConfirm: (password: string | null) => Promise<unknown>;
  onClose: () => void;
  /** The buttons' words, when another voice than the person's own speaks (the operator's dashboard). */
  labels?: { confirm: string; busy: string; cancel: string };
}

/**
 * The confirmation before an account is deleted: a modal dialog (focus stays inside, Escape
 * cancels), the warning, the password when there is one, and the destructive button last.
 */
export function DeleteAccountDialog({
  title,
  warning,
  askPassword,
  onConfirm,
  onClose,
  labels,
}: DeleteAccountDialogProps) {
  const { t } = useTranslation();
  const words = labels ?? {
    confirm: t('account_menu.confirm_delete'),
    busy: t('account_menu.deleting'),
    cancel: t('account_menu.cancel'),
  };
  const dialogRef = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const warningId = useId();
  const errorId = useId();
  const [password, setPassword] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    const dialog = dialogRef.current;
    if (dialog && !dialog.open) dialog.showModal();
  }, []);

  const submit = async (event: SyntheticEvent) => {
    event.preventDefault();
    if (busy) return;
    if (askPassword && !password) {
      setError(t('account_menu.password_hint'));
      return;
    }
    setBusy(true);
    setError(null);
    try {
      await onConfirm(askPassword ? password : null);
    } catch (failure) {
      const code = failure instanceof ApiError ? failure.code : 'errors.server';
      // A wrong password is said as such (the sign-in wording speaks of the email too).
      setError(t(askPassword && code === 'register.error_failed' ? 'account_menu.password_wrong' : code));
      setBusy(false);
    }
  };

  return (
    <dialog
      ref={dialogRef}
      className="popup account-dialog"
      aria-labelledby={titleId}
      aria-describedby={warningId}
      onCancel={(event) => {
        event.preventDefault();
        if (!busy) onClose();
      }}
    >
      <form className="popup__body" onSubmit={(event) => void submit(event)} noValidate>
        <h2 id={titleId} className="popup__title">
          {title}
        </h2>
        <div id={warningId} className="account-dialog__warning" role="note">
          {warning}
        </div>
        {askPassword ? (
          <Field label={t('account_menu.password_label')}>
            <input
              className="input"
              type="password"
              autoComplete="current-password"
              value={password}
              onChange={(event) => setPassword(event.target.value)}
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? errorId : undefined}
              autoFocus
            />
          </Field>
        ) : null}
        <p id={errorId} className="form__error" role="alert">
          {error}
        </p>
        <div className="account-dialog__actions">
          <button
            type="button"
            className="button button--ghost"
            onClick={onClose}
            disabled={busy}
            autoFocus={!askPassword}
          >
            {words.cancel}
          </button>
          <button type="submit" className="button button--danger" disabled={busy}>
            {busy ? words.busy : words.confirm}
          </button>
        </div>
      </form>
    </dialog>
  );
}
