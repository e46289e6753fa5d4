import { FALLBACK_LANGUAGE, isLanguage } from '@gomeum/contracts';

const LOCALES = { en: 'en', zh: 'zh-Hans', ko: 'ko' } as const;

/** The Intl locale of an app language (fallback en). */
export function localeOf(language: string): string {
  return LOCALES[isLanguage(language) ? language : FALLBACK_LANGUAGE];
}

/**
 * A date and time in the reader's language, e.g. "22 Nov 2026, 14:05": in `timeZone` (from
 * `useTimeZone` where the server renders it), else the browser's.
 */
export function formatDateTime(ms: number, language: string, timeZone?: string): string {
  return new Intl.DateTimeFormat(localeOf(language), { dateStyle: 'medium', timeStyle: 'short', timeZone }).format(ms);
}

/** A time of day in the reader's language, e.g. "14:05" (in `timeZone`, else the browser's). */
export function formatTime(ms: number, language: string, timeZone?: string): string {
  return new Intl.DateTimeFormat(localeOf(language), { timeStyle: 'short', timeZone }).format(ms);
}

/** The calendar date (YYYY-MM-DD) of a moment, in `timeZone` (else the browser's). */
export function dayOf(ms: number, timeZone?: string): string {
  // Canadian English writes dates as YYYY-MM-DD.
  return new Intl.DateTimeFormat('en-CA', { year: 'numeric', month: '2-digit', day: '2-digit', timeZone }).format(ms);
}

/** A calendar date (YYYY-MM-DD) in the reader's language, e.g. "22 Nov 2026". */
export function formatDay(isoDay: string, language: string): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(isoDay);
  if (!match) return isoDay;
  const date = new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3])));
  return new Intl.DateTimeFormat(localeOf(language), { dateStyle: 'medium', timeZone: 'UTC' }).format(date);
}

/** Today's date in the browser's time zone, as YYYY-MM-DD (what a date input holds). */
export function todayIso(now = new Date()): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}
