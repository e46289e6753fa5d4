import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from './i18n.ts';
import type { UploadOptions } from './upload-request.ts';

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

/**
 * One form's upload at a time: `start()` gives the options `uploadRequest` takes (progress and a
 * signal) and shows the bar, `end()` hides it, `cancel()` stops it. Leaving the form stops it too.
 * `bar` is the `UploadProgress` to render while it runs (null otherwise).
 */
export function useUpload() {
  const [fraction, setFraction] = useState<number | null>(null);
  const controller = useRef<AbortController | null>(null);
  useEffect(() => () => controller.current?.abort(), []);
  const start = useCallback((): UploadOptions => {
    const next = new AbortController();
    controller.current = next;
    setFraction(0);
    return { signal: next.signal, onProgress: setFraction };
  }, []);
  const end = useCallback(() => {
    controller.current = null;
    setFraction(null);
  }, []);
  const cancel = useCallback(() => controller.current?.abort(), []);
  const bar = fraction === null ? null : <UploadProgress fraction={fraction} onCancel={cancel} />;
  return { start, end, cancel, bar, uploading: fraction !== null };
}
