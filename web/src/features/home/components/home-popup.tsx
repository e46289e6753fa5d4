import { useEffect, useRef, type MouseEvent } from 'react';
import type { HomePopup as HomePopupContent } from '@gomeum/contracts';
import { useTranslation } from '../../../lib/i18n.ts';

/** The overlay a signed link opens (a broadcast's or an update's): title, date, optional image and video. */
export function HomePopup({ content, onClose }: { content: HomePopupContent; onClose: () => void }) {
  const { t } = useTranslation();
  const dialogRef = useRef<HTMLDialogElement>(null);

  useEffect(() => {
    const dialog = dialogRef.current;
    if (dialog && !dialog.open) dialog.showModal();
  }, []);

  // A click on the backdrop lands on the <dialog> itself, not on its content.
  const onClick = (event: MouseEvent<HTMLDialogElement>) => {
    if (event.target === event.currentTarget) onClose();
  };

  return (
    <dialog ref={dialogRef} className="popup" aria-labelledby="popup-title" onClick={onClick} onCancel={onClose}>
      <div className="popup__body">
        <h2 id="popup-title" className="popup__title">
          {content.title || t('home.popup_untitled')}
        </h2>
        {content.date ? <p className="popup__date">{content.date}</p> : null}
        {content.image ? <img className="popup__media" src={content.image} alt={content.title} /> : null}
        {content.video ? <video className="popup__media" src={content.video} controls playsInline /> : null}
        <button type="button" className="button button--ghost popup__close" onClick={onClose}>
          {t('common.close')}
        </button>
      </div>
    </dialog>
  );
}
