/**
 * Characters that show nothing: format characters (zero-width space, joiners, direction marks,
 * the byte-order mark, the soft hyphen) and the blank letters and signs that render as empty (the
 * Hangul fillers, the Braille blank).
 */
export const INVISIBLE_CHARACTERS = /[\p{Cf}\u115F\u1160\u3164\uFFA0\u2800]/u;
const INVISIBLE_ALL = new RegExp(INVISIBLE_CHARACTERS.source, 'gu');

/** Whether `text` shows anything: not only spaces and invisible characters. */
export function hasVisibleText(text: string): boolean {
  return text.replace(INVISIBLE_ALL, '').trim().length > 0;
}

const SCRIPTS = ['Latin', 'Cyrillic', 'Greek', 'Armenian', 'Georgian', 'Cherokee'] as const;
const SCRIPT_PATTERNS = SCRIPTS.map((script) => new RegExp(`\\p{Script=${script}}`, 'u'));

/**
 * Whether `text` mixes letters of scripts that hold look-alikes of one another (a Cyrillic `а`
 * among Latin letters): such an address looks like another person's.
 */
export function mixesLookAlikeScripts(text: string): boolean {
  return SCRIPT_PATTERNS.filter((pattern) => pattern.test(text)).length > 1;
}

/** Whether `date` (`YYYY-MM-DD`) is a day of the calendar: year 1 on, a real month, a day it has. */
export function isCalendarDate(date: string): boolean {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(date);
  if (!match) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  if (year < 1 || month < 1 || month > 12 || day < 1) return false;
  // Day 0 of the next month is the last of this one (UTC: no time zone moves it).
  const last = new Date(Date.UTC(2000, month, 0));
  last.setUTCFullYear(year, month, 0);
  return day <= last.getUTCDate();
}
