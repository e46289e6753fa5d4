import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from './i18n.ts';
import { ApiError } from './api-client.ts';

/**
 * Asks before something that cannot be undone: a modal dialog (focus stays inside, Escape and
 * Cancel close it, Cancel has the focus), the question, and the destructive button last. A failed
 * action shows its error in the dialog and leaves it open.
 */
export function ConfirmDialog({
  title,
  children,
  confirmLabel,
  busyLabel,
  cancelLabel,
  onConfirm,
  onClose,
}: {
  title: string;
  children: ReactNode;
  confirmLabel: string;
  busyLabel: string;
  cancelLabel: string;
  onConfirm: () => Promise<unknown>;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const dialogRef = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const bodyId = useId();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    const dialog = dialogRef.current;
    if (dialog && !dialog.open) dialog.showModal();
  }, []);

  const confirm = async () => {
    setBusy(true);
    setError(null);
    try {
      await onConfirm();
    } catch (failure) {
      setError(t(failure instanceof ApiError ? failure.code : 'errors.server'));
      setBusy(false);
    }
  };

  return (
    <dialog
      ref={dialogRef}
      className="popup confirm-dialog"
      aria-labelledby={titleId}
      aria-describedby={bodyId}
      onCancel={(event) => {
        event.preventDefault();
        if (!busy) onClose();
      }}
    >
      <div className="popup__body">
        <h2 id={titleId} className="popup__title">
          {title}
        </h2>
        <div id={bodyId}>{children}</div>
        <p className="form__error" role="alert">
          {error}
        </p>
        <div className="confirm-dialog__actions">
          <button type="button" className="button button--ghost" onClick={onClose} disabled={busy} autoFocus>
            {cancelLabel}
          </button>
          <button
            type="button"
            className="button button--danger"
            onClick={() => void confirm()}
            disabled={busy}
            aria-busy={busy || undefined}
          >
            {busy ? busyLabel : confirmLabel}
          </button>
        </div>
      </div>
    </dialog>
  );
}
