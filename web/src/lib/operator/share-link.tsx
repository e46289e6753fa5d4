import { useId, useRef, useState } from 'react';
import { useTranslation } from '../i18n.ts';
import './share-link.css';

/** What became of the last copy: none yet, on the clipboard, or refused (the text is selected instead). */
export type CopyState = 'idle' | 'copied' | 'failed';

/**
 * Copies `text` to the clipboard on `copy()`. When the browser refuses (no clipboard access, an
 * insecure origin), `select` is called so the operator can copy it by hand.
 */
export function useCopy(text: string, select: () => void): { state: CopyState; copy: () => Promise<void> } {
  const [copied, setCopied] = useState<{ text: string; state: CopyState } | null>(null);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(text);
      setCopied({ text, state: 'copied' });
    } catch {
      select();
      setCopied({ text, state: 'failed' });
    }
  };
  // A new link starts with no message.
  return { state: copied?.text === text ? copied.state : 'idle', copy };
}

/**
 * A link the operator shares (a broadcast's or an update's popup on the home page): its full
 * address in a read-only field that selects itself, and a button that copies it.
 */
export function ShareLink({ label, path }: { label: string; path: string }) {
  const { t } = useTranslation();
  const id = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const url = new URL(path, window.location.origin).href;
  const { state, copy } = useCopy(url, () => inputRef.current?.select());
  return (
    <div className="share-link">
      <label htmlFor={id} className="field__label share-link__label">
        {label}
      </label>
      <div className="share-link__row">
        <input
          ref={inputRef}
          id={id}
          className="input share-link__url"
          readOnly
          value={url}
          onFocus={(event) => event.currentTarget.select()}
        />
        <button type="button" className="button button--ghost share-link__copy" onClick={() => void copy()}>
          {t('dashboard.copy_link')}
        </button>
      </div>
      <p className={state === 'failed' ? 'share-link__status form__error' : 'share-link__status muted'} role="status">
        {state === 'copied' ? t('dashboard.link_copied') : state === 'failed' ? t('dashboard.copy_failed') : ''}
      </p>
    </div>
  );
}
