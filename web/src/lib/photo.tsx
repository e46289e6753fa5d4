import { useEffect, useRef, useState } from 'react';
import { useTranslation } from './i18n.ts';
import './photo.css';

/**
 * A photo in a log or a task: a thumbnail that keeps its box before it loads and is never
 * enlarged past its own pixels; pressing it opens the whole picture in a lightbox (a modal
 * dialog: Escape, the close button or a click beside the picture close it, focus returns to
 * the thumbnail).
 */
export function Photo({ src, alt, className }: { src: string; alt: string; className?: string }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const thumbRef = useRef<HTMLButtonElement>(null);
  const wasOpen = useRef(false);
  // Focus goes back to the thumbnail once the lightbox is gone (while it is open the page is inert).
  useEffect(() => {
    if (wasOpen.current && !open) thumbRef.current?.focus();
    wasOpen.current = open;
  }, [open]);
  const close = () => setOpen(false);
  return (
    <>
      <button
        ref={thumbRef}
        type="button"
        className={`photo-thumb ${className ?? ''}`.trim()}
        aria-haspopup="dialog"
        aria-label={t('photo.open', { alt })}
        onClick={() => setOpen(true)}
      >
        <img className="photo-thumb__image" src={src} alt={alt} loading="lazy" decoding="async" />
      </button>
      {open ? <Lightbox src={src} alt={alt} onClose={close} /> : null}
    </>
  );
}

function Lightbox({ src, alt, onClose }: { src: string; alt: string; onClose: () => void }) {
  const { t } = useTranslation();
  const dialogRef = useRef<HTMLDialogElement>(null);

  useEffect(() => {
    const dialog = dialogRef.current;
    if (dialog && !dialog.open) dialog.showModal();
  }, []);
  // Closed as a dialog first, so the browser gives focus back to what opened it at once.
  const close = () => {
    dialogRef.current?.close();
    onClose();
  };

  return (
    <dialog
      ref={dialogRef}
      className="lightbox"
      aria-label={alt}
      onCancel={(event) => {
        event.preventDefault();
        close();
      }}
      onClick={(event) => {
        // A click on the dialog itself (its backdrop area), not on the picture or the button.
        if (event.target === event.currentTarget) close();
      }}
    >
      <img className="lightbox__image" src={src} alt={alt} />
      <button type="button" className="button lightbox__close" onClick={close} autoFocus>
        {t('photo.close')}
      </button>
    </dialog>
  );
}
