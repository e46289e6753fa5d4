import { FALLBACK_LANGUAGE, isLanguage, type Language } from '@gomeum/contracts';
import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import en from '../i18n/en.json';

/** Where the chosen language is remembered in the browser. */
export const LANGUAGE_STORAGE_KEY = 'gomeum.language';

type Strings = Record<string, unknown>;

/**
 * The people's strings, one file per language. English (the source and the fallback) ships with
 * the app; the others are separate chunks, fetched only when a visitor uses that language.
 */
const USER_STRINGS: Record<Exclude<Language, 'en'>, () => Promise<{ default: Strings }>> = {
  zh: () => import('../i18n/zh.json'),
  ko: () => import('../i18n/ko.json'),
};

/** The operator's dashboard strings: separate chunks that only the dashboard asks for. */
const OPERATOR_STRINGS: Record<Language, () => Promise<{ default: Strings }>> = {
  en: () => import('../i18n/operator/en.json'),
  zh: () => import('../i18n/operator/zh.json'),
  ko: () => import('../i18n/operator/ko.json'),
};

const loadedUser = new Set<Language>(['en']);
const loadedOperator = new Set<Language>();
let operatorWanted = false;

function storedLanguage(): Language {
  try {
    const value = localStorage.getItem(LANGUAGE_STORAGE_KEY);
    return isLanguage(value) ? value : FALLBACK_LANGUAGE;
  } catch {
    return FALLBACK_LANGUAGE;
  }
}

const HTML_LANG: Record<Language, string> = { en: 'en', zh: 'zh-Hans', ko: 'ko' };

/** Fetches a language's strings once (and the operator's, once the dashboard has asked for them). */
async function loadStrings(language: Language): Promise<void> {
  const waits: Promise<void>[] = [];
  if (!loadedUser.has(language) && language !== 'en') {
    waits.push(
      USER_STRINGS[language]().then((module) => {
        i18next.addResourceBundle(language, 'translation', module.default, true, true);
        loadedUser.add(language);
      }),
    );
  }
  if (operatorWanted && !loadedOperator.has(language)) {
    waits.push(
      OPERATOR_STRINGS[language]().then((module) => {
        i18next.addResourceBundle(language, 'translation', module.default, true, true);
        loadedOperator.add(language);
      }),
    );
  }
  await Promise.all(waits);
}

/**
 * Starts i18next with the remembered language (default en); keeps <html lang> in step. English is
 * ready at once; the returned promise settles when the chosen language's strings are in.
 */
export function initI18n(language: Language = storedLanguage()): Promise<void> {
  loadedUser.clear();
  loadedUser.add(FALLBACK_LANGUAGE);
  loadedOperator.clear();
  i18next.on('languageChanged', (lng) => {
    if (isLanguage(lng)) document.documentElement.lang = HTML_LANG[lng];
  });
  void i18next.use(initReactI18next).init({
    resources: { en: { translation: en } },
    partialBundledLanguages: true,
    lng: FALLBACK_LANGUAGE,
    fallbackLng: FALLBACK_LANGUAGE,
    supportedLngs: ['en', 'zh', 'ko'],
    interpolation: { escapeValue: false },
    returnNull: false,
  });
  document.documentElement.lang = HTML_LANG[FALLBACK_LANGUAGE];
  if (language === FALLBACK_LANGUAGE) return Promise.resolve();
  return loadStrings(language)
    .then(() => i18next.changeLanguage(language))
    .then(
      () => undefined,
      // Offline on a first visit in another language: English is there, the switch can come later.
      (error: unknown) => console.warn('language strings not loaded', error),
    );
}

/** Switches the interface language (fetching its strings first) and remembers it. */
export async function setLanguage(language: Language): Promise<void> {
  try {
    localStorage.setItem(LANGUAGE_STORAGE_KEY, language);
  } catch {
    // Private mode: the choice lasts for this page only.
  }
  await loadStrings(language);
  await i18next.changeLanguage(language);
}

/** Loads the dashboard's strings for the current language, and for every language switched to later. */
export async function loadOperatorStrings(): Promise<void> {
  operatorWanted = true;
  await loadStrings(currentLanguage());
}

/** The current interface language. */
export function currentLanguage(): Language {
  return isLanguage(i18next.language) ? i18next.language : FALLBACK_LANGUAGE;
}
