import { isLanguage, needsTranslation, type Language } from '@gomeum/contracts';
import * as operatorRoutes from '@gomeum/contracts/operator-routes';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { api } from '../api-client.ts';
import { useTranslation } from '../i18n.ts';
import { operatorKey } from '../operator-keys.ts';
import './translated.css';

const HOUR = 60 * 60_000;

/** The operator's reading language: the dashboard's own. */
export function useReadingLanguage(): Language {
  const { i18n } = useTranslation();
  return isLanguage(i18n.language) ? i18n.language : 'en';
}

/**
 * `text` in the operator's reading language (or `to`), when it is written in another: asked of the
 * server once per text (which keeps each translation, so the AI is asked once ever), held for the
 * page's life. `needed` false: the text is in that language already.
 */
export function useTranslated(text: string, to?: Language) {
  const reading = useReadingLanguage();
  const target = to ?? reading;
  const needed = text.trim() !== '' && needsTranslation(text, target);
  const query = useQuery({
    queryKey: operatorKey('translation', target, text),
    queryFn: () => api(operatorRoutes.translateText, { body: { text, to: target } }),
    enabled: needed,
    staleTime: Infinity,
    gcTime: HOUR,
    retry: false,
  });
  const translated = query.data?.status === 'translated' ? query.data.text : null;
  return {
    needed,
    translated,
    status: needed ? (query.data?.status ?? (query.isError ? 'failed' : 'pending')) : 'same',
  };
}

/** Why a text is shown as written, in the reader's words; null while none is needed or it is coming. */
export function useUntranslatedNote(status: string): string | null {
  const { t } = useTranslation();
  if (status === 'no_ai') return t('dashboard.translation_needs_ai');
  if (status === 'busy' || status === 'failed') return t('dashboard.translation_unavailable');
  if (status === 'pending') return t('dashboard.translating');
  return null;
}

/** A line of someone's words (a list's preview): in the operator's language once translated, cut to `max`. */
export function TranslatedLine({ text, max = 80 }: { text: string; max?: number }) {
  const { translated } = useTranslated(text);
  return <>{(translated ?? text).slice(0, max)}</>;
}

/**
 * Words someone wrote, shown in the operator's language when written in another (translated by
 * the server's AI), with the original one press away; as written when no translation is needed,
 * or none can be made (then a note says why: no AI key, say).
 */
export function Translated({ text, className }: { text: string; className?: string }) {
  const { t } = useTranslation();
  const { needed, translated, status } = useTranslated(text);
  const [original, setOriginal] = useState(false);
  const note = useUntranslatedNote(status);
  if (!needed) return <p className={className}>{text}</p>;
  const reading = translated !== null && !original;
  return (
    <div className="translated" data-translated="">
      <p className={className} data-reading={reading ? '' : undefined}>
        {reading ? translated : text}
      </p>
      {translated !== null ? (
        <button
          type="button"
          className="button button--link translated__toggle"
          aria-pressed={original}
          onClick={() => setOriginal((now) => !now)}
        >
          {original ? t('dashboard.show_translation') : t('dashboard.show_original')}
        </button>
      ) : note ? (
        <span className="translated__note muted">{note}</span>
      ) : null}
    </div>
  );
}
