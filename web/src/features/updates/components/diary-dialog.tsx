import { lazy, Suspense, useId, type MouseEvent, type RefObject } from 'react';
import { useTranslation } from '../../../lib/i18n.ts';
import { invokerCommands } from '../../../lib/platform-toggle.ts';
import { DiarySkeleton } from './diary-skeleton.tsx';

/** What the diary shows is fetched when it is first opened: the button, its dot and the frame come first. */
const DiaryContents = lazy(() => import('./diary-contents.tsx').then((module) => ({ default: module.DiaryContents })));

interface DiaryDialogProps {
  id: string;
  dialogRef: RefObject<HTMLDialogElement | null>;
  /** Whether it is open (the app fills it in then). */
  open: boolean;
  userId: string | null;
  onClose: () => void;
}

/**
 * The diary's dialog, on every page and closed until its button opens it (`commandfor`: before
 * the app's script has arrived too, showing the shape of what is coming). Escape, its close button
 * and a click outside close it, with or without the app.
 */
export function DiaryDialog({ id, dialogRef, open, userId, onClose }: DiaryDialogProps) {
  const { t } = useTranslation();
  const titleId = useId();
  // Outside the dialog's box (its backdrop), where `closedby="any"` is not known yet.
  const onClick = (event: MouseEvent<HTMLDialogElement>) => {
    if (event.target === event.currentTarget) onClose();
  };
  return (
    <dialog ref={dialogRef} id={id} className="popup diary" aria-labelledby={titleId} closedby="any" onClick={onClick}>
      <div className="diary__body">
        <header className="diary__header">
          <h2 id={titleId} className="diary__title">
            {t('diary.title')}
          </h2>
          <button
            type="button"
            className="icon-button"
            aria-label={t('common.close')}
            commandfor={id}
            command="close"
            onClick={() => {
              if (!invokerCommands()) onClose();
            }}
          >
            <span aria-hidden="true">✕</span>
          </button>
        </header>
        {open ? (
          <Suspense fallback={<DiarySkeleton />}>
            <DiaryContents userId={userId} onClose={onClose} />
          </Suspense>
        ) : (
          // Opened before the app has arrived: the app fills it in once it has.
          <p className="diary__status">{t('common.loading')}</p>
        )}
      </div>
    </dialog>
  );
}
