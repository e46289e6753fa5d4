import { FALLBACK_LANGUAGE, isLanguage, LANGUAGE_COOKIE, type Language } from '@gomeum/contracts';
import { useSyncExternalStore } from 'react';
import en from '../i18n/en.json';

/**
 * The app's translations: `t(key, values)` looks a dotted key up in the current language's strings
 * (then English's, then gives the key back) and fills in its `{{name}}` placeholders. That is all
 * the app asks of a translation library (no plurals, no nesting, nothing escaped: React escapes), so
 * it is these few lines rather than one that would add 17 KB to the first load.
 */

/** Where the chosen language is remembered in the browser. */
export const LANGUAGE_STORAGE_KEY = 'gomeum.language';

type Strings = Record<string, unknown>;

/** Gives the text of a key in the current language, its `{{name}}` placeholders filled from `values`. */
export type TFunction = (key: string, values?: Record<string, unknown>) => string;

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

const HTML_LANG: Record<Language, string> = { en: 'en', zh: 'zh-Hans', ko: 'ko' };

/** Every language's loaded string trees, looked up in order (the people's, then the operator's). */
let bundles: Record<Language, Strings[]> = { en: [en], zh: [], ko: [] };
const loadedUser = new Set<Language>(['en']);
const loadedOperator = new Set<Language>();
let operatorWanted = false;
let language: Language = FALLBACK_LANGUAGE;
/** Bumped on every change of language or strings: what a component's render depends on. */
let version = 0;
const listeners = new Set<() => void>();

function lookup(tree: Strings, key: string): string | undefined {
  let node: unknown = tree;
  for (const part of key.split('.')) {
    if (!node || typeof node !== 'object') return undefined;
    node = (node as Strings)[part];
  }
  return typeof node === 'string' ? node : undefined;
}

function translate(lang: Language, key: string, values?: Record<string, unknown>): string {
  let text: string | undefined;
  for (const tree of lang === FALLBACK_LANGUAGE ? bundles[lang] : [...bundles[lang], ...bundles[FALLBACK_LANGUAGE]]) {
    text = lookup(tree, key);
    if (text !== undefined) break;
  }
  if (text === undefined) return key;
  if (!values) return text;
  return text.replace(/\{\{\s*(\w+)\s*\}\}/g, (placeholder, name: string) =>
    name in values ? String(values[name]) : placeholder,
  );
}

const makeT =
  (lang: Language): TFunction =>
  (key, values) =>
    translate(lang, key, values);
/** A new function after each change, so components that depend on `t` see the change. */
let currentT = makeT(language);

function changed() {
  version += 1;
  currentT = makeT(language);
  for (const listener of listeners) listener();
}

function switchTo(next: Language) {
  language = next;
  // Only when it changes: written again, even unchanged, it invalidates every element a `:lang()`
  // rule could match (a drawn page's few hundred drawing nodes), and a full layout follows.
  const htmlLang = HTML_LANG[next];
  if (document.documentElement.lang !== htmlLang) document.documentElement.lang = htmlLang;
  changed();
}

/** Tells the server the reader's language: it renders their next page in it (kept a year, like the choice). */
function rememberForServer(lang: Language) {
  try {
    document.cookie = `${LANGUAGE_COOKIE}=${lang}; path=/; max-age=31536000; samesite=lax`;
  } catch {
    // Cookies off: the server's render comes in English and the app switches as it starts.
  }
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};
const snapshot = () => version;

/** The translation function and the current language; the component renders again when either changes. */
export function useTranslation(): { t: TFunction; i18n: { language: Language } } {
  useSyncExternalStore(subscribe, snapshot, snapshot);
  return { t: currentT, i18n: { language } };
}

function storedLanguage(): Language {
  try {
    const value = localStorage.getItem(LANGUAGE_STORAGE_KEY);
    return isLanguage(value) ? value : FALLBACK_LANGUAGE;
  } catch {
    return FALLBACK_LANGUAGE;
  }
}

/** Fetches a language's strings once (and the operator's, once the dashboard has asked for them). */
async function loadStrings(lang: Language): Promise<void> {
  const waits: Promise<void>[] = [];
  if (lang !== 'en' && !loadedUser.has(lang)) {
    waits.push(
      USER_STRINGS[lang]().then((module) => {
        // The people's strings first: an operator string never hides one of theirs.
        bundles[lang] = [module.default, ...bundles[lang]];
        loadedUser.add(lang);
      }),
    );
  }
  if (operatorWanted && !loadedOperator.has(lang)) {
    waits.push(
      OPERATOR_STRINGS[lang]().then((module) => {
        bundles[lang] = [...bundles[lang], module.default];
        loadedOperator.add(lang);
      }),
    );
  }
  await Promise.all(waits);
  if (waits.length > 0) changed();
}

/**
 * Starts with the remembered language (default en); keeps <html lang> in step. English is ready at
 * once; the returned promise settles when the chosen language's strings are in.
 */
export function initI18n(lang: Language = storedLanguage()): Promise<void> {
  rememberForServer(lang);
  bundles = { en: [en], zh: [], ko: [] };
  loadedUser.clear();
  loadedUser.add(FALLBACK_LANGUAGE);
  loadedOperator.clear();
  if (lang === FALLBACK_LANGUAGE) {
    switchTo(lang);
    return Promise.resolve();
  }
  // English meanwhile, but <html lang> is left as it is until the chosen language's strings are
  // in: the app renders nothing before (main.tsx), and a page the server drew in that language is
  // not marked English for a moment (its `:lang()` fonts and spacing would change, twice).
  language = FALLBACK_LANGUAGE;
  changed();
  return loadStrings(lang)
    .then(() => switchTo(lang))
    .catch((error: unknown) => {
      // Offline on a first visit in another language: English is there, the switch can come later.
      switchTo(FALLBACK_LANGUAGE);
      console.warn('language strings not loaded', error);
    });
}

/**
 * For the server's render of a page: every language's strings at hand (`strings`, the people's),
 * `lang` the current one. Renders are synchronous, so one process renders pages in any language.
 */
export function setRenderLanguage(lang: Language, strings: Record<Exclude<Language, 'en'>, Strings>): void {
  bundles = { en: [en], zh: [strings.zh], ko: [strings.ko] };
  language = lang;
  changed();
}

/** Switches the interface language (fetching its strings first) and remembers it. */
export async function setLanguage(lang: Language): Promise<void> {
  try {
    localStorage.setItem(LANGUAGE_STORAGE_KEY, lang);
  } catch {
    // Private mode: the choice lasts for this page only.
  }
  rememberForServer(lang);
  await loadStrings(lang);
  switchTo(lang);
}

/** Loads the dashboard's strings for the current language, and for every language switched to later. */
export async function loadOperatorStrings(): Promise<void> {
  operatorWanted = true;
  await loadStrings(currentLanguage());
}

/** The current interface language. */
export function currentLanguage(): Language {
  return language;
}
