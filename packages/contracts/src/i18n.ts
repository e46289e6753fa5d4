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
