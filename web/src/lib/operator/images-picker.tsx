import { useEffect, useRef } from 'react';
import { PickerControl, useObjectUrl } from '../file-picker.tsx';
import { useTranslation } from '../i18n.ts';
import './images-picker.css';

// A stable key per chosen file, so removing one keeps the others (and the focus) in place.
const fileKeys = new WeakMap<File, number>();
let nextFileKey = 1;
function fileKey(file: File): number {
  let key = fileKeys.get(file);
  if (key === undefined) {
    key = nextFileKey++;
    fileKeys.set(file, key);
  }
  return key;
}

function ChosenImage({
  file,
  number,
  disabled,
  onRemove,
}: {
  file: File;
  number: number;
  disabled: boolean;
  onRemove: () => void;
}) {
  const { t } = useTranslation();
  const url = useObjectUrl(file);
  return (
    <li className="images-picker__item">
      {url ? (
        <img
          className="images-picker__thumb"
          src={url}
          alt={t('dashboard.images_chosen_alt', { number, name: file.name })}
        />
      ) : null}
      <span className="images-picker__name">{file.name}</span>
      <button
        type="button"
        className="button button--ghost images-picker__remove"
        aria-label={t('dashboard.images_remove_named', { name: file.name })}
        disabled={disabled}
        onClick={onRemove}
      >
        {t('dashboard.images_remove')}
      </button>
    </li>
  );
}

/**
 * Several images, chosen in the app's language: each choice adds to the list (up to `max`), and
 * each chosen image shows as a thumbnail with its own remove button. The files live in the list,
 * not the input, so the form sends what the list shows (append them to its FormData).
 */
export function ImagesPicker({
  label,
  accept,
  files,
  max,
  onChange,
  disabled = false,
}: {
  label: string;
  accept: string;
  files: File[];
  max: number;
  onChange: (files: File[]) => void;
  disabled?: boolean;
}) {
  const { t } = useTranslation();
  const input = useRef<HTMLInputElement>(null);
  const list = useRef<HTMLUListElement>(null);
  const full = files.length >= max;
  // After a removal, focus stays in the list: on the image that took its place (or the one before),
  // or back on the picker when none is left.
  const focusAfterRemoval = useRef<number | null>(null);
  useEffect(() => {
    const index = focusAfterRemoval.current;
    if (index === null) return;
    focusAfterRemoval.current = null;
    const buttons = list.current?.querySelectorAll<HTMLButtonElement>('.images-picker__remove');
    (buttons?.[Math.min(index, buttons.length - 1)] ?? input.current)?.focus();
  }, [files]);
  const remove = (index: number) => {
    focusAfterRemoval.current = index;
    onChange(files.filter((_, i) => i !== index));
  };
  return (
    <div className="field file-picker images-picker">
      <PickerControl
        label={label}
        accept={accept}
        multiple
        disabled={disabled}
        inputRef={input}
        button={files.length > 0 ? t('dashboard.images_add') : t('dashboard.images_choose')}
        status={
          files.length === 0
            ? t('dashboard.images_none')
            : `${t('dashboard.images_count', { count: files.length, max })}${full ? ` · ${t('dashboard.images_full')}` : ''}`
        }
        onFiles={(chosen) => {
          if (input.current) input.current.value = '';
          if (chosen.length > 0) onChange([...files, ...chosen].slice(0, max));
        }}
      />
      {files.length > 0 ? (
        <ul ref={list} className="images-picker__list">
          {files.map((file, index) => (
            <ChosenImage
              key={fileKey(file)}
              file={file}
              number={index + 1}
              disabled={disabled}
              onRemove={() => remove(index)}
            />
          ))}
        </ul>
      ) : null}
    </div>
  );
}
