import { describe, expect, it } from 'vitest';
import { hasVisibleText, isCalendarDate, mixesLookAlikeScripts } from './text.ts';

describe('text rules', () => {
  it('knows the days of the calendar, leap years included', () => {
    for (const date of ['2026-02-28', '2024-02-29', '2000-02-29', '0001-01-01', '2026-12-31']) {
      expect(isCalendarDate(date), date).toBe(true);
    }
    for (const date of ['2026-02-31', '2026-02-29', '1900-02-29', '0000-00-00', '2026-13-01', '2026-04-31', '26-1-1']) {
      expect(isCalendarDate(date), date).toBe(false);
    }
  });

  it('sees through invisible characters', () => {
    expect(hasVisibleText('\u200b\u200c\u200d\u2060\ufeff\u00ad \u3164')).toBe(false);
    expect(hasVisibleText('\u200bhi')).toBe(true);
    expect(hasVisibleText('안녕')).toBe(true);
  });

  it('finds look-alike scripts mixed, and leaves one script alone', () => {
    expect(mixesLookAlikeScripts('m\u0456a')).toBe(true);
    expect(mixesLookAlikeScripts('mia.cat')).toBe(false);
    expect(mixesLookAlikeScripts('\u043c\u0438\u044f')).toBe(false);
    expect(mixesLookAlikeScripts('mia-고양이')).toBe(false);
  });
});
