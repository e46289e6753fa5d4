import { useEffect, useId, useRef } from 'react';
import { useTranslation } from '../../../lib/i18n.ts';
import { Link } from 'wouter';

/**
 * Before a guest logs out: their work stays only in this browser. A modal dialog (focus inside,
 * Escape stays signed in) whose first choice is to keep the work by creating an account.
 */
export function GuestLogoutDialog({
  busy,
  onLogout,
  onClose,
}: {
  busy: boolean;
  onLogout: () => void;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const dialogRef = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const textId = useId();

  useEffect(() => {
    const dialog = dialogRef.current;
    if (dialog && !dialog.open) dialog.showModal();
  }, []);
  // Closed first, so the page is no longer inert when focus goes back to the log-out button.
  const dismiss = () => {
    dialogRef.current?.close();
    onClose();
  };

  return (
    <dialog
      ref={dialogRef}
      className="popup account-dialog"
      aria-labelledby={titleId}
      aria-describedby={textId}
      onCancel={(event) => {
        event.preventDefault();
        if (!busy) dismiss();
      }}
    >
      <div className="popup__body">
        <h2 id={titleId} className="popup__title">
          {t('guest.logout_title')}
        </h2>
        <div id={textId} className="account-dialog__warning">
          <p className="account-dialog__strong">{t('guest.logout_warning')}</p>
          <p>{t('guest.logout_hint')}</p>
        </div>
        <div className="account-dialog__actions">
          <button type="button" className="button button--ghost" onClick={dismiss} disabled={busy} autoFocus>
            {t('guest.logout_stay')}
          </button>
          <button type="button" className="button button--ghost" onClick={onLogout} disabled={busy}>
            {t('guest.logout_anyway')}
          </button>
          <Link className="button button--primary" to="/register" onClick={dismiss}>
            {t('guest.keep_progress')}
          </Link>
        </div>
      </div>
    </dialog>
  );
}
