import type { i18n as I18n } from 'i18next';

/**
 * The words of a language, kept per i18next store (the app's instance and every server render's
 * clone of it share one): each key's text without values, and each key's string as a template to
 * fill with values. One listener per store counts the strings added and empties what is kept; a
 * render's clone adds none (one of its own on the shared store would keep every clone alive).
 */
export interface StoreWords {
  /** How many times strings were added to the store. */
  revision: number;
  byLanguage: Map<string, LanguageWords>;
}

export interface LanguageWords {
  /** i18next's text of a key given no values. */
  plain: Map<string, string>;
  /** A key's string split at its `{{name}}` placeholders, or null when i18next must fill it. */
  templates: Map<string, Template | null>;
}

/** The string's literal text at even places of `parts`, its placeholders' names at odd ones. */
interface Template {
  parts: readonly string[];
  names: ReadonlySet<string>;
}

/** Names that are options of i18next's `t` (a plural's `count`, a `context`…) as well as values. */
const OPTIONS = new Set([
  'count',
  'context',
  'ordinal',
  'defaultValue',
  'lng',
  'lngs',
  'ns',
  'replace',
  'interpolation',
]);

const stores = new WeakMap<object, StoreWords>();

export function storeWords(instance: I18n): StoreWords {
  const store = instance.store;
  let words = stores.get(store);
  if (!words) {
    const created: StoreWords = { revision: 0, byLanguage: new Map() };
    store.on('added', () => {
      created.revision += 1;
      created.byLanguage.clear();
    });
    stores.set(store, (words = created));
  }
  return words;
}

export function languageWords(instance: I18n, language: string): LanguageWords {
  const { byLanguage } = storeWords(instance);
  let words = byLanguage.get(language);
  if (!words) byLanguage.set(language, (words = { plain: new Map(), templates: new Map() }));
  return words;
}

const PLACEHOLDER = /\{\{(.*?)\}\}/;
const NAME = /^\w+$/;

/**
 * A string of the language's own (not a fallback's) whose placeholders are all plain `{{name}}`s
 * and that nests no other key (`$t(…)`), split for filling; else null: formats, unescaped values,
 * nesting and fallbacks are left to i18next.
 */
function templateOf(instance: I18n, language: string, namespace: string, key: string): Template | null {
  const text: unknown = instance.getResource(language, namespace, key);
  if (typeof text !== 'string' || text.includes('$t(')) return null;
  const parts = text.split(PLACEHOLDER);
  const names = new Set<string>();
  for (let at = 1; at < parts.length; at += 2) {
    const name = parts[at]?.trim() ?? '';
    if (!NAME.test(name) || OPTIONS.has(name)) return null;
    parts[at] = name;
    names.add(name);
  }
  return { parts, names };
}

/**
 * `key`'s text with `values` filled in, as i18next writes it (interpolation without escaping,
 * `String` of each value), when the key's string is a template (`templateOf`) and `values` are
 * exactly its placeholders' strings and numbers (no option of i18next's such as `count`, nothing
 * i18next would read as a placeholder or a nested key); else undefined, for i18next to write.
 * Fills a string without i18next's lookup, interpolation and nesting passes over it each time.
 */
export function filled(
  instance: I18n,
  words: LanguageWords,
  language: string,
  namespace: string,
  key: string,
  values: unknown,
): string | undefined {
  if (typeof values !== 'object' || values === null || Array.isArray(values)) return undefined;
  let template = words.templates.get(key);
  if (template === undefined) words.templates.set(key, (template = templateOf(instance, language, namespace, key)));
  if (!template) return undefined;
  const given = values as Record<string, unknown>;
  // Every value a placeholder's: anything else (an option of i18next's) is i18next's to read.
  for (const name in given) if (!template.names.has(name)) return undefined;
  const { parts } = template;
  let text = parts[0] ?? '';
  for (let at = 1; at < parts.length; at += 2) {
    const name = parts[at] ?? '';
    const value = Object.hasOwn(given, name) ? given[name] : undefined;
    if (typeof value === 'number') text += String(value);
    else if (typeof value === 'string' && !value.includes('{{') && !value.includes('$t(')) text += value;
    else return undefined;
    text += parts[at + 1] ?? '';
  }
  return text;
}
