import { useId, useRef } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * An image file control labelled in the app's language: the browser's own ("Choose File / No file
 * chosen") follows the browser's language. The real input stays in the page, visually hidden, so
 * it keeps its name, the keyboard and screen readers; the chosen file's name shows beside it.
 */
export function FilePicker({
  label,
  accept,
  file,
  onChange,
  disabled = false,
}: {
  label: string;
  accept: string;
  file: File | null;
  onChange: (file: File | null) => void;
  disabled?: boolean;
}) {
  const { t } = useTranslation();
  const input = useRef<HTMLInputElement>(null);
  const labelId = useId();
  const statusId = useId();
  return (
    <div className="field file-picker">
      <label className="file-picker__control">
        <span id={labelId} className="field__label">
          {label}
        </span>
        <input
          ref={input}
          className="visually-hidden file-picker__input"
          type="file"
          accept={accept}
          disabled={disabled}
          aria-labelledby={labelId}
          aria-describedby={statusId}
          onChange={(event) => onChange(event.target.files?.[0] ?? null)}
        />
        <span className="file-picker__row">
          <span className="button button--ghost file-picker__button" aria-hidden="true">
            {file ? t('file_picker.change') : t('file_picker.choose')}
          </span>
          <span id={statusId} className="file-picker__name">
            {file ? file.name : t('file_picker.none')}
          </span>
        </span>
      </label>
      {file ? (
        <button
          type="button"
          className="button button--link file-picker__remove"
          disabled={disabled}
          onClick={() => {
            if (input.current) input.current.value = '';
            onChange(null);
          }}
        >
          {t('file_picker.remove')}
        </button>
      ) : null}
    </div>
  );
}
