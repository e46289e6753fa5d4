import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from '../../../lib/i18n.ts';
import { ApiError } from '../../../lib/api-client.ts';
import { useGuestMergeOffer } from '../../auth/index.ts';
import '../account.css';
import { useAnswerGuestMerge } from '../api/guest.ts';

/**
 * After logging in from a browser that was a guest with work of its own: a modal dialog asking
 * whether to bring that work into the account (what it holds, counted), or leave it with the guest.
 * Escape leaves it. Once brought over, the page reloads so every view shows the account's work.
 */
export function GuestMergeDialog() {
  const { t } = useTranslation();
  const offer = useGuestMergeOffer();
  const answer = useAnswerGuestMerge();
  const dialogRef = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const textId = useId();
  const [shown, setShown] = useState<typeof offer>(null);
  const [done, setDone] = useState(false);
  const [error, setError] = useState<string | null>(null);

  // The dialog stays up (with its outcome) after the cached offer is used up.
  if (offer && offer !== shown) setShown(offer);
  const open = shown !== null;

  useEffect(() => {
    const dialog = dialogRef.current;
    if (open && dialog && !dialog.open) dialog.showModal();
  }, [open]);

  if (!shown) return null;
  const close = () => {
    dialogRef.current?.close();
    setShown(null);
    setDone(false);
    setError(null);
  };
  const respond = (accept: boolean) => {
    setError(null);
    answer.mutate(accept, {
      onSuccess: (result) => (result.merged ? setDone(true) : close()),
      onError: (failure) =>
        setError(
          failure instanceof ApiError && failure.code === 'errors.not_found'
            ? t('guest.merge_expired')
            : t(failure instanceof ApiError ? failure.code : 'errors.server'),
        ),
    });
  };
  const counts = [
    { key: 'tasks', label: t('guest.count_tasks'), value: shown.tasks },
    { key: 'proofs', label: t('guest.count_proofs'), value: shown.proofs },
    { key: 'messages', label: t('guest.count_messages'), value: shown.messages },
    { key: 'answers', label: t('guest.count_answers'), value: shown.answers },
  ].filter((count) => count.value > 0);

  return (
    <dialog
      ref={dialogRef}
      className="popup account-dialog"
      aria-labelledby={titleId}
      aria-describedby={textId}
      onCancel={(event) => {
        event.preventDefault();
        if (answer.isPending) return;
        // Brought over: the page reloads either way, so every view (the chat too) shows it all.
        if (done) window.location.reload();
        else if (error) close();
        else respond(false);
      }}
    >
      <div className="popup__body">
        <h2 id={titleId} className="popup__title">
          {done ? t('guest.merge_done_title') : t('guest.merge_title')}
        </h2>
        {done ? (
          <p id={textId}>{t('guest.merge_done')}</p>
        ) : (
          <>
            <p id={textId}>{t('guest.merge_text')}</p>
            <ul className="merge-counts">
              {counts.map((count) => (
                <li key={count.key}>
                  <span>{count.label}</span> <strong>{count.value}</strong>
                </li>
              ))}
            </ul>
            <p className="muted">{t('guest.merge_note')}</p>
          </>
        )}
        <p className="form__error" role="alert">
          {error}
        </p>
        <div className="account-dialog__actions">
          {done ? (
            <button type="button" className="button button--primary" autoFocus onClick={() => window.location.reload()}>
              {t('guest.merge_continue')}
            </button>
          ) : error ? (
            <button type="button" className="button button--primary" autoFocus onClick={close}>
              {t('common.close')}
            </button>
          ) : (
            <>
              <button
                type="button"
                className="button button--ghost"
                disabled={answer.isPending}
                onClick={() => respond(false)}
              >
                {t('guest.merge_decline')}
              </button>
              <button
                type="button"
                className="button button--primary"
                disabled={answer.isPending}
                autoFocus
                onClick={() => respond(true)}
              >
                {answer.isPending ? t('guest.merge_working') : t('guest.merge_accept')}
              </button>
            </>
          )}
        </div>
      </div>
    </dialog>
  );
}
