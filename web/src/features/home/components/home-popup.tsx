import { useEffect, useRef, type MouseEvent } from 'react';
import { useTranslation } from '../../../lib/i18n.ts';

/** What a broadcast's link can show on the home page. */
export interface HomePopupContent {
  title: string;
  date: string;
  image: string | null;
  video: string | null;
}

/** Only media from this site: a crafted link must not make the page load someone else's files. */
export function safeMediaPath(value: string | null): string | null {
  if (!value) return null;
  try {
    const url = new URL(value, window.location.origin);
    return url.origin === window.location.origin ? `${url.pathname}${url.search}` : null;
  } catch {
    return null;
  }
}

/** Reads `?popup=true&title=…&date=…&image=…&video=…`; null unless popup is 'true'. */
export function popupFromSearch(params: URLSearchParams): HomePopupContent | null {
  if (params.get('popup') !== 'true') return null;
  return {
    title: params.get('title') ?? '',
    date: params.get('date') ?? '',
    image: safeMediaPath(params.get('image')),
    video: safeMediaPath(params.get('video')),
  };
}

/** The overlay a broadcast notification opens: title, date, optional image and video. */
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
