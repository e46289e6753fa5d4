import { Suspense, useRef, useState } from 'react';
import { useTranslation } from '../../../lib/i18n.ts';
import { ApiError } from '../../../lib/api-client.ts';
// Through the feature's index, as the app's shell imports it: the bundler then leaves the shell's
// modules in one chunk (a deep import here split part of them into a chunk of their own, one more
// script before the first paint).
import { DeleteAccountDialog } from '../index.ts';
import { useDeleteUser, useDownloadUserData } from '../api/operator-account.ts';
import { showDashboardToast } from '../../../lib/operator/dashboard-toasts.tsx';
import './user-data-actions.css';

/** Who the buttons act on, as the dashboard names them. */
export interface UserDataActionsProps {
  userId: string;
  /** The email, or a guest's id. */
  name: string;
  isGuest: boolean;
  /** An operator's account is never deleted from here (the server refuses it too). */
  isOperator: boolean;
  /** Runs once the user is gone: the view leaves them. */
  onDeleted: () => void;
}

/**
 * A user's data rights, exercised by the operator when asked: download everything held about
 * them (the same ZIP they would get), and delete their account after a confirmation that names them.
 */
export function UserDataActions({ userId, name, isGuest, isOperator, onDeleted }: UserDataActionsProps) {
  const { t } = useTranslation();
  const download = useDownloadUserData(userId);
  const remove = useDeleteUser(userId, { onDeleted });
  const [confirming, setConfirming] = useState(false);
  const [notice, setNotice] = useState<{ ok: boolean; text: string } | null>(null);
  const deleteRef = useRef<HTMLButtonElement>(null);

  const startDownload = () => {
    setNotice({ ok: true, text: t('dashboard.data_downloading') });
    download.mutate(undefined, {
      onSuccess: () => {
        setNotice(null);
        showDashboardToast(true, t('dashboard.data_downloaded', { who: name }));
      },
      onError: (error) => {
        const text =
          error instanceof ApiError && error.code !== 'errors.server'
            ? t(error.code)
            : t('dashboard.data_download_failed');
        setNotice({ ok: false, text });
        showDashboardToast(false, text);
      },
    });
  };

  return (
    <div className="user-actions" role="group" aria-label={t('dashboard.user_data', { who: name })}>
      <button type="button" className="button button--ghost" disabled={download.isPending} onClick={startDownload}>
        {download.isPending ? t('dashboard.data_downloading') : t('dashboard.data_download')}
      </button>
      {isOperator ? null : (
        <button ref={deleteRef} type="button" className="button button--danger" onClick={() => setConfirming(true)}>
          {t('dashboard.user_delete')}
        </button>
      )}
      <span className={notice?.ok ? 'muted' : 'form__error'} role="status">
        {notice?.text}
      </span>
      {confirming ? (
        <Suspense fallback={null}>
          <DeleteAccountDialog
            title={t('dashboard.user_delete_title', { who: name })}
            askPassword={false}
            labels={{
              confirm: t('dashboard.user_delete_confirm'),
              busy: t('dashboard.user_deleting'),
              cancel: t('dashboard.cancel'),
            }}
            warning={
              <>
                <p>{t('dashboard.user_delete_warning', { who: name })}</p>
                {isGuest ? <p className="account-dialog__strong">{t('dashboard.user_delete_guest')}</p> : null}
                <p className="muted">{t('dashboard.user_delete_hint')}</p>
              </>
            }
            onClose={() => {
              setConfirming(false);
              deleteRef.current?.focus();
            }}
            onConfirm={async () => {
              await remove.mutateAsync();
              showDashboardToast(true, t('dashboard.user_deleted', { who: name }));
            }}
          />
        </Suspense>
      ) : null}
    </div>
  );
}
