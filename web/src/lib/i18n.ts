import {
  ERROR_CODES,
  ERRORS,
  FALLBACK_LANGUAGE,
  isLanguage,
  LANGUAGE_COOKIE,
  LANGUAGES,
  preferredLanguage,
  type DashboardErrorCode,
  type ErrorInfo,
  type Language,
  type UserErrorCode,
} from '@gomeum/contracts';
import { createInstance, type i18n as I18n, type TFunction as I18nextTFunction } from 'i18next';
import { useContext, useSyncExternalStore } from 'react';
import { I18nContext, initReactI18next } from 'react-i18next';
import en from '../i18n/en.json';
import type operatorEn from '../i18n/operator/en.json';
import { filled, languageWords, storeWords } from './i18n-words.ts';

/**
 * The app's translations, on i18next and react-i18next: `t(key, values)` looks a dotted key up in
 * the current language's strings (then English's, then gives the key back), fills in its `{{name}}`
 * placeholders and, given a `count`, picks the `_one`/`_other` form by the language's CLDR plural
 * rules (Intl.PluralRules). Nothing is escaped: React escapes. Only i18next's core is used (no
 * backend, no detector): the strings come in through the dynamic imports below.
 */

/**
 * The keys `t` accepts, checked by the compiler: the people's strings (en.json, the `translation`
 * namespace) and the dashboard's (operator/en.json, `operator`), looked up after them. A key in
 * neither fails `npm run typecheck`; plural keys are written without their `_one`/`_other` suffix.
 */
declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'translation';
    fallbackNS: 'operator';
    resources: {
      translation: typeof en & ErrorWords<UserErrorCode>;
      operator: typeof operatorEn & ErrorWords<DashboardErrorCode>;
    };
  }
}

/** Error codes (`group.key`) as the nested strings of a language file: `{ group: { key: string } }`. */
type ErrorWords<C extends string> = {
  [G in C extends `${infer Group}.${string}` ? Group : never]: {
    [K in C as K extends `${G}.${infer Key}` ? Key : never]: string;
  };
};

/** Where the chosen language is remembered in the browser. */
export const LANGUAGE_STORAGE_KEY = 'gomeum.language';

type Strings = Record<string, unknown>;

/**
 * English's strings with the English words of error codes laid in (`words`: written once, in the
 * contract, for the server's error bodies and the app alike); zh and ko translate them in their own
 * files. The dashboard's codes come with its strings (contracts' operator-errors.ts).
 */
function withErrorWords(strings: Strings, words: Partial<Record<string, string>>): Strings {
  const merged: Record<string, unknown> = { ...strings };
  for (const [code, text] of Object.entries(words)) {
    const [group = '', key = ''] = code.split('.');
    const existing = merged[group];
    merged[group] = { ...(typeof existing === 'object' ? existing : {}), [key]: text };
  }
  return merged;
}

/** The English words of the codes anyone may read (those the dashboard alone shows have none here). */
function userErrorWords(): Record<string, string> {
  const words: Record<string, string> = {};
  for (const code of ERROR_CODES) {
    const info: ErrorInfo = ERRORS[code];
    if ('en' in info) words[code] = info.en;
  }
  return words;
}

/** Gives the text of a (typed) key in the current language, its `{{name}}` placeholders filled from the values. */
export type TFunction = I18nextTFunction;

/** The people's strings; the dashboard's, in a namespace of their own that is only looked in after them. */
const USER_NS = 'translation';
const OPERATOR_NS = 'operator';

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
  en: () =>
    Promise.all([import('../i18n/operator/en.json'), import('@gomeum/contracts/operator-errors')]).then(
      ([strings, errors]) => ({ default: withErrorWords(strings.default, errors.DASHBOARD_ERROR_WORDS) }),
    ),
  zh: () => import('../i18n/operator/zh.json'),
  ko: () => import('../i18n/operator/ko.json'),
};

const HTML_LANG: Record<Language, string> = { en: 'en', zh: 'zh-Hans', ko: 'ko' };

/**
 * The app's i18next instance (the server's renders each use a clone, see `renderingI18n`). With its
 * resources given at `init` (and `initAsync: false`) it is ready at once and changes language
 * synchronously.
 */
const i18n = createInstance();
void i18n.use(initReactI18next).init({
  resources: { en: { [USER_NS]: withErrorWords(en, userErrorWords()) } },
  lng: FALLBACK_LANGUAGE,
  fallbackLng: FALLBACK_LANGUAGE,
  supportedLngs: LANGUAGES,
  ns: [USER_NS],
  defaultNS: USER_NS,
  // The people's strings win: the dashboard's namespace is only looked in for a key not found there.
  fallbackNS: OPERATOR_NS,
  initAsync: false,
  interpolation: { escapeValue: false },
  // Components render again when the language changes or strings come in (the dashboard's, later);
  // the strings are in before a language is switched to, so nothing suspends.
  react: { useSuspense: false, bindI18n: 'languageChanged', bindI18nStore: 'added' },
});

let operatorWanted = false;

/** The current interface language. */
export function currentLanguage(): Language {
  return isLanguage(i18n.language) ? i18n.language : FALLBACK_LANGUAGE;
}

function switchTo(next: Language) {
  // Only when it changes: written again, even unchanged, it invalidates every element a `:lang()`
  // rule could match (a rendered page's few hundred art nodes), and a full layout follows.
  const htmlLang = HTML_LANG[next];
  if (document.documentElement.lang !== htmlLang) document.documentElement.lang = htmlLang;
  // Synchronous: the strings are in (see `init`).
  void i18n.changeLanguage(next);
}

/** Tells the server the reader's language: it renders their next page in it (kept a year, like the choice). */
function rememberForServer(lang: Language) {
  try {
    document.cookie = `${LANGUAGE_COOKIE}=${lang}; path=/; max-age=31536000; samesite=lax`;
  } catch {
    // Cookies off: the server's render comes in English and the app switches as it starts.
  }
}

/** What `useTranslation` gives: the translation function and the current language. */
interface Translation {
  t: TFunction;
  i18n: { language: Language };
}

/**
 * Each instance's translation, made once per language and strings added: every component of a
 * render shares it (react-i18next's own hook makes a fixed `t` and a copy of the instance per
 * component, most of a server render's cost of its words).
 */
const translations = new WeakMap<I18n, { revision: number; made: number; store: number; value: Translation | null }>();

function translationState(instance: I18n) {
  let state = translations.get(instance);
  if (!state) {
    const created = { revision: 0, made: -1, store: -1, value: null as Translation | null };
    // The instance's own event: a listener there lives and goes with the instance.
    instance.on('languageChanged', () => {
      created.revision += 1;
    });
    translations.set(instance, (state = created));
  }
  return state;
}

function translationOf(instance: I18n): Translation {
  const state = translationState(instance);
  const added = storeWords(instance).revision;
  if (!state.value || state.made !== state.revision || state.store !== added) {
    const language = isLanguage(instance.language) ? instance.language : FALLBACK_LANGUAGE;
    const fixed = instance.getFixedT(language, USER_NS) as unknown as (...args: unknown[]) => unknown;
    const words = languageWords(instance, language);
    // A key's words are looked up once (and, with values, filled from its string as i18next would):
    // the same on every render, and every server render shares them.
    const t = ((key: unknown, ...rest: unknown[]) => {
      if (typeof key !== 'string' || rest.length > 1) return fixed(key, ...rest);
      if (rest.length === 1) return filled(instance, words, language, USER_NS, key, rest[0]) ?? fixed(key, ...rest);
      let word = words.plain.get(key);
      if (word === undefined) words.plain.set(key, (word = String(fixed(key))));
      return word;
    }) as unknown as TFunction;
    state.value = { t, i18n: { language } };
    state.made = state.revision;
    state.store = added;
  }
  return state.value;
}

/**
 * The translation function and the current language, from the i18next instance of the nearest
 * `I18nextProvider` (a server render's own) or the app's; the component renders again when the
 * language changes or strings come in (`useSyncExternalStore` on i18next's events).
 */
export function useTranslation(): Translation {
  // (react-i18next types the context as always set; without a provider it is undefined.)
  const provided = useContext(I18nContext) as { i18n?: I18n } | undefined;
  const instance = provided?.i18n ?? i18n;
  return useSyncExternalStore(
    (onChange) => {
      translationState(instance);
      storeWords(instance);
      instance.on('languageChanged', onChange);
      instance.store.on('added', onChange);
      return () => {
        instance.off('languageChanged', onChange);
        instance.store.off('added', onChange);
      };
    },
    () => translationOf(instance),
    () => translationOf(instance),
  );
}

function storedLanguage(): Language | null {
  try {
    const value = localStorage.getItem(LANGUAGE_STORAGE_KEY);
    return isLanguage(value) ? value : null;
  } catch {
    return null;
  }
}

/**
 * The language the app starts in: the reader's stored choice; else the one the server rendered the
 * page in (their language cookie, or on a first visit their browser's `Accept-Language`), so the
 * page hydrates as rendered; else the first of ours among the browser's languages; else English.
 */
export function startingLanguage(): Language {
  const stored = storedLanguage();
  if (stored) return stored;
  const rendered = typeof document === 'undefined' ? undefined : document.getElementById('root')?.dataset.rendered;
  if (isLanguage(rendered)) return rendered;
  return typeof navigator === 'undefined' ? FALLBACK_LANGUAGE : preferredLanguage(navigator.languages);
}

/** Fetches a language's strings once (and the operator's, once the dashboard has asked for them). */
async function loadStrings(lang: Language): Promise<void> {
  const waits: Promise<void>[] = [];
  if (lang !== 'en' && !i18n.hasResourceBundle(lang, USER_NS)) {
    waits.push(
      USER_STRINGS[lang]().then((module) => {
        i18n.addResourceBundle(lang, USER_NS, module.default);
      }),
    );
  }
  if (operatorWanted && !i18n.hasResourceBundle(lang, OPERATOR_NS)) {
    waits.push(
      OPERATOR_STRINGS[lang]().then((module) => {
        i18n.addResourceBundle(lang, OPERATOR_NS, module.default);
      }),
    );
  }
  await Promise.all(waits);
}

/**
 * Starts with the reader's language (startingLanguage); keeps <html lang> in step. English is
 * ready at once; the returned promise settles when the chosen language's strings are in.
 */
export function initI18n(lang: Language = startingLanguage()): Promise<void> {
  rememberForServer(lang);
  if (lang === FALLBACK_LANGUAGE) {
    switchTo(lang);
    return Promise.resolve();
  }
  // English meanwhile, but <html lang> is left as it is until the chosen language's strings are
  // in: the app renders nothing before (main.tsx), and a page the server rendered in that language is
  // not marked English for a moment (its `:lang()` fonts and spacing would change, twice).
  void i18n.changeLanguage(FALLBACK_LANGUAGE);
  return loadStrings(lang)
    .then(() => switchTo(lang))
    .catch((error: unknown) => {
      // Offline on a first visit in another language: English is there, the switch can come later.
      switchTo(FALLBACK_LANGUAGE);
      console.warn('language strings not loaded', error);
    });
}

/**
 * For the server's render of a page: an i18next instance of its own, in `lang` (the render hands
 * it to its components with react-i18next's `I18nextProvider`), cloned from the app's and sharing
 * its strings, so renders in different languages run side by side. `strings` are the people's
 * other languages, added to the shared strings the first time.
 */
export function renderingI18n(lang: Language, strings: Record<Exclude<Language, 'en'>, Strings>): I18n {
  for (const other of ['zh', 'ko'] as const) {
    if (!i18n.hasResourceBundle(other, USER_NS)) i18n.addResourceBundle(other, USER_NS, strings[other]);
  }
  return i18n.cloneInstance({ lng: lang, initAsync: false });
}

/** A language asked for whose strings are still on their way (setLanguage), else null. */
let pendingLanguage: Language | null = null;

/**
 * The language the reader last chose: the one shown, or the one still loading. A second press of
 * the language control while Korean loads moves on from Korean, not again from what is shown.
 */
export function chosenLanguage(): Language {
  return pendingLanguage ?? currentLanguage();
}

/**
 * Switches the interface language (fetching its strings first) and remembers it. Of choices made
 * while strings load, the last one wins, whichever language's strings arrive first.
 */
export async function setLanguage(lang: Language): Promise<void> {
  pendingLanguage = lang;
  try {
    localStorage.setItem(LANGUAGE_STORAGE_KEY, lang);
  } catch {
    // Private mode: the choice lasts for this page only.
  }
  rememberForServer(lang);
  try {
    await loadStrings(lang);
  } catch (error) {
    // Dropped: what is shown stays, and the next press moves on from that.
    if (pendingLanguage === lang) pendingLanguage = null;
    throw error;
  }
  // A later choice is still loading: it wins.
  if (pendingLanguage !== lang) return;
  pendingLanguage = null;
  switchTo(lang);
}

/** Loads the dashboard's strings for the current language, and for every language switched to later. */
export async function loadOperatorStrings(): Promise<void> {
  operatorWanted = true;
  await loadStrings(currentLanguage());
}
