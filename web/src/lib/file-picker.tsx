import { useEffect, useId, useMemo, useRef, type Ref } from 'react';
import { useTranslation } from './i18n.ts';

/** A URL showing a chosen file in the page (for a preview), released again when it changes or goes. */
export function useObjectUrl(file: File | null): string | null {
  const url = useMemo(() => (file ? URL.createObjectURL(file) : null), [file]);
  useEffect(
    () => () => {
      if (url) URL.revokeObjectURL(url);
    },
    [url],
  );
  return url;
}

/**
 * The control every file picker shows: the real input, visually hidden but in the page (it keeps
 * the keyboard, screen readers and, with `name`, the form), behind a button-looking label in the
 * app's language and a line saying what is chosen.
 */
export function PickerControl({
  label,
  accept,
  button,
  status,
  onFiles,
  inputRef,
  multiple = false,
  disabled = false,
  name,
}: {
  label: string;
  accept: string;
  /** The button's text ("Choose a photo"). */
  button: string;
  /** What is chosen, said beside the button and read as the input's description. */
  status: string;
  onFiles: (files: File[]) => void;
  inputRef?: Ref<HTMLInputElement>;
  multiple?: boolean;
  disabled?: boolean;
  name?: string;
}) {
  const labelId = useId();
  const statusId = useId();
  return (
    <label className="file-picker__control">
      <span id={labelId} className="field__label">
        {label}
      </span>
      <input
        ref={inputRef}
        className="visually-hidden file-picker__input"
        type="file"
        name={name}
        accept={accept}
        multiple={multiple}
        disabled={disabled}
        aria-labelledby={labelId}
        aria-describedby={statusId}
        onChange={(event) => onFiles([...(event.currentTarget.files ?? [])])}
      />
      <span className="file-picker__row">
        <span className="button button--ghost file-picker__button" aria-hidden="true">
          {button}
        </span>
        <span id={statusId} className="file-picker__name">
          {status}
        </span>
      </span>
    </label>
  );
}

/**
 * An image file control labelled in the app's language: the browser's own ("Choose File / No file
 * chosen") follows the browser's language. The chosen file's name shows beside it. With `name`,
 * the file also goes with the form it sits in (FormData); with `previewAlt`, the chosen picture is
 * shown small under it before anything is sent.
 */
export function FilePicker({
  label,
  accept,
  file,
  onChange,
  disabled = false,
  name,
  previewAlt,
}: {
  label: string;
  accept: string;
  file: File | null;
  onChange: (file: File | null) => void;
  disabled?: boolean;
  name?: string;
  previewAlt?: string;
}) {
  const { t } = useTranslation();
  const preview = useObjectUrl(previewAlt ? file : null);
  const input = useRef<HTMLInputElement>(null);
  return (
    <div className="field file-picker">
      <PickerControl
        label={label}
        accept={accept}
        name={name}
        disabled={disabled}
        inputRef={input}
        button={file ? t('file_picker.change') : t('file_picker.choose')}
        status={file ? file.name : t('file_picker.none')}
        onFiles={(files) => onChange(files[0] ?? null)}
      />
      {preview ? <img className="file-picker__preview" src={preview} alt={previewAlt} /> : null}
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
