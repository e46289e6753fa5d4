import { isLanguage, nextLanguage, type Language } from '@gomeum/contracts';
import { useTranslation } from '../../../lib/i18n.ts';
import { saveLocale, type SignedInUser } from '../../auth/index.ts';
import { chosenLanguage, setLanguage } from '../../../lib/i18n.ts';

const FLAGS: Record<Language, string> = { zh: '🇨🇳', ko: '🇰🇷', en: '🇺🇸' };
const SHORT_NAMES: Record<Language, string> = { zh: '中', ko: '한', en: 'EN' };

/** The flag of a language, or a globe for anything we do not know. */
export function languageFlag(language: string): string {
  return isLanguage(language) ? FLAGS[language] : '🌐';
}

/**
 * Top-right language control: each press moves zh → ko → en → zh and every string follows.
 *
 * A form with an action, not a bare button: on a page the server rendered, a press made before
 * hydration is held by React's form-replay script and replayed into the action once hydrated (a
 * bare button's press would simply be lost), each press in order.
 */
export function LanguageControl({ user }: { user: SignedInUser }) {
  const { t, i18n } = useTranslation();
  const current = i18n.language;
  const next = nextLanguage(current);
  const label = t('language.switch', {
    current: t(`language.names.${isLanguage(current) ? current : 'en'}`),
    next: t(`language.names.${next}`),
  });

  const cycle = () => {
    // From the language last chosen, which may still be loading (a quick second press).
    const target = nextLanguage(chosenLanguage());
    void setLanguage(target);
    if (user) saveLocale(target).catch((error: unknown) => console.warn('language not saved', error));
  };

  return (
    <form className="language-form" action={cycle}>
      <button type="submit" className="icon-button language-control" aria-label={label} title={label}>
        <span aria-hidden="true" className="language-control__flag">
          {languageFlag(current)}
        </span>
        {/* Flags are letters on some systems (Windows): a short code keeps the control readable. */}
        <span aria-hidden="true" className="language-control__code">
          {SHORT_NAMES[isLanguage(current) ? current : 'en']}
        </span>
      </button>
    </form>
  );
}
