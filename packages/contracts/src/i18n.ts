import * as z from 'zod/mini';

/** Interface languages, in the order the language control cycles through them. */
export const LANGUAGES = ['zh', 'ko', 'en'] as const;
/** A supported interface language. */
export type Language = (typeof LANGUAGES)[number];
/** The default language and the fallback for any missing translation. */
export const FALLBACK_LANGUAGE: Language = 'en';

/**
 * The cookie that tells the server the reader's interface language (the browser keeps the choice
 * in localStorage too), so the page it renders comes in that language.
 */
export const LANGUAGE_COOKIE = 'gomeum_lang';

/** Validates a language code. */
export const languageSchema = z.enum(LANGUAGES);

/** Narrows an arbitrary string to a supported language. */
export function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);
}

/** The language after `current` in the control's cycle zh → ko → en → zh; unknown starts at zh. */
export function nextLanguage(current: string): Language {
  const index = (LANGUAGES as readonly string[]).indexOf(current);
  return LANGUAGES[(index + 1) % LANGUAGES.length] ?? 'zh';
}

/**
 * The first of our languages among a reader's languages, in their order of preference (`zh-TW`
 * and `zh-Hant` count as zh, `ko-KR` as ko), else English: how a first visit, with no choice of
 * its own yet, picks its language from the browser's `navigator.languages` or `Accept-Language`.
 */
export function preferredLanguage(tags: readonly string[]): Language {
  for (const tag of tags) {
    const base = tag.trim().toLowerCase().split(/[-_]/)[0];
    if (isLanguage(base)) return base;
  }
  return FALLBACK_LANGUAGE;
}

/**
 * The language tags of an `Accept-Language` header, best first (by `q`, then by their order);
 * those with `q=0` (refused) are left out.
 */
export function acceptedLanguageTags(header: string | undefined): string[] {
  return (header ?? '')
    .split(',')
    .map((part, index) => {
      const [tag = '', ...params] = part.trim().split(';');
      const q = params.map((param) => /^\s*q=([\d.]+)\s*$/.exec(param)?.[1]).find(Boolean);
      return { tag: tag.trim(), q: q === undefined ? 1 : Number(q), index };
    })
    .filter((entry) => entry.tag !== '' && entry.tag !== '*' && entry.q > 0)
    .sort((a, b) => b.q - a.q || a.index - b.index)
    .map((entry) => entry.tag);
}

/** Text written in several languages; any language may be missing. */
export const localizedTextSchema = z.object({
  en: z.optional(z.string()),
  zh: z.optional(z.string()),
  ko: z.optional(z.string()),
});
/** Text written in several languages. */
export type LocalizedText = z.infer<typeof localizedTextSchema>;

/**
 * The text in `language`, else in English, else `fallback`. Blank strings count as missing, so a
 * half-translated record never shows an empty line.
 */
export function pickLocalized(text: LocalizedText | null | undefined, language: string, fallback = ''): string {
  const own = isLanguage(language) ? text?.[language]?.trim() : undefined;
  if (own) return own;
  const english = text?.[FALLBACK_LANGUAGE]?.trim();
  return english ? english : fallback;
}

/**
 * The language text written in several languages is read in by default (by anyone whose own
 * language it lacks): English when written, else the first written (in the order zh, ko, en).
 */
export function firstWrittenLanguage(written: Partial<Record<Language, unknown>>): Language | undefined {
  if (written[FALLBACK_LANGUAGE]) return FALLBACK_LANGUAGE;
  return LANGUAGES.find((language) => written[language]);
}
