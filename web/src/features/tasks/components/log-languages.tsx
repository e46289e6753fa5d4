import { firstWrittenLanguage, LANGUAGES, PROOF_TEXT_MAX, type GomeumLogFields } from '@gomeum/contracts';
import { useTranslation } from '../../../lib/i18n.ts';
import {
  InLanguageField,
  OtherLanguagesButton,
  type InLanguages,
  type OtherLanguages,
  useWritingOrder,
} from '../../../lib/operator/other-languages.tsx';

/** No text in any language. */
export const noLogText = (): InLanguages => ({ en: '', zh: '', ko: '' });

/**
 * A log entry's text as sent: each language written and, as the text every other reader gets,
 * the English one, else the first written; null when nothing is written.
 */
export function logFields(texts: InLanguages): GomeumLogFields | null {
  const written = LANGUAGES.filter((lang) => texts[lang].trim() !== '');
  const own = firstWrittenLanguage(Object.fromEntries(written.map((lang) => [lang, true])));
  if (!own) return null;
  if (written.length === 1) return { content: texts[own] };
  return {
    content: texts[own],
    ...Object.fromEntries(written.map((lang) => [`content_${lang}`, texts[lang]])),
  };
}

/** A log entry's text in each language: one written, the others drafted on asking (marked until checked). */
export function LogLanguageFields({
  label,
  texts,
  setTexts,
  other,
  autoFocus = false,
}: {
  /** The field's label, with `{{language}}`. */
  label: 'dashboard.new_log_in' | 'dashboard.edit_log_in';
  texts: InLanguages;
  setTexts: (next: InLanguages) => void;
  other: OtherLanguages;
  autoFocus?: boolean;
}) {
  const { t } = useTranslation();
  const order = useWritingOrder();
  return (
    <>
      <div className="lang-grid">
        {order.map((lang, index) => (
          <div key={lang} className="lang-grid__field">
            <InLanguageField
              lang={lang}
              label={t(label, { language: t(`language.names.${lang}`) })}
              rows={3}
              maxLength={PROOF_TEXT_MAX}
              autoFocus={autoFocus && index === 0}
              values={texts}
              setValues={setTexts}
              other={other}
            />
          </div>
        ))}
      </div>
      <OtherLanguagesButton other={other} />
    </>
  );
}
