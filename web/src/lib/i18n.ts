import { FALLBACK_LANGUAGE, isLanguage, type Language } from '@gomeum/contracts';
import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import en from '../i18n/en.json';
import ko from '../i18n/ko.json';
import zh from '../i18n/zh.json';

/** Where the chosen language is remembered in the browser. */
export const LANGUAGE_STORAGE_KEY = 'gomeum.language';

/** The translation resources, one file per language; en is the source and the fallback. */
export const resources = { en: { translation: en }, zh: { translation: zh }, ko: { translation: ko } } as const;

function storedLanguage(): Language {
  try {
    const value = localStorage.getItem(LANGUAGE_STORAGE_KEY);
    return isLanguage(value) ? value : FALLBACK_LANGUAGE;
  } catch {
    return FALLBACK_LANGUAGE;
  }
}

const HTML_LANG: Record<Language, string> = { en: 'en', zh: 'zh-Hans', ko: 'ko' };

/** Starts i18next with the remembered language (default en); keeps <html lang> in step. */
export function initI18n(language: Language = storedLanguage()) {
  i18next.on('languageChanged', (lng) => {
    if (isLanguage(lng)) document.documentElement.lang = HTML_LANG[lng];
  });
  void i18next.use(initReactI18next).init({
    resources,
    lng: language,
    fallbackLng: FALLBACK_LANGUAGE,
    supportedLngs: ['en', 'zh', 'ko'],
    interpolation: { escapeValue: false },
    returnNull: false,
  });
  document.documentElement.lang = HTML_LANG[language];
  return i18next;
}

/** Switches the interface language and remembers it. */
export async function setLanguage(language: Language): Promise<void> {
  try {
    localStorage.setItem(LANGUAGE_STORAGE_KEY, language);
  } catch {
    // Private mode: the choice lasts for this page only.
  }
  await i18next.changeLanguage(language);
}

/** The current interface language. */
export function currentLanguage(): Language {
  return isLanguage(i18next.language) ? i18next.language : FALLBACK_LANGUAGE;
}
