import { useTranslation } from 'react-i18next';

/** How far an upload has come, as a bar and a percentage, with a button that stops it. */
export function UploadProgress({ fraction, onCancel }: { fraction: number; onCancel: () => void }) {
  const { t } = useTranslation();
  const percent = Math.round(Math.min(1, Math.max(0, fraction)) * 100);
  const text = t('upload.progress', { percent });
  return (
    <div className="upload-progress">
      <progress className="progress-bar upload-progress__bar" max={100} value={percent} aria-label={text} />
      <span className="upload-progress__text" aria-hidden="true">
        {text}
      </span>
      <button type="button" className="button button--ghost upload-progress__cancel" onClick={onCancel}>
        {t('upload.cancel')}
      </button>
    </div>
  );
}
