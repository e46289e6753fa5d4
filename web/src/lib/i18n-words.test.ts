import { createInstance } from 'i18next';
import { describe, expect, it } from 'vitest';
import en from '../i18n/en.json';
import ko from '../i18n/ko.json';
import zh from '../i18n/zh.json';
import { filled, languageWords } from './i18n-words.ts';

const i18n = createInstance();
void i18n.init({
  resources: {
    en: {
      translation: {
        ...en,
        probe: {
          both: '{{a}} and {{ a }}',
          format: '{{when, datetime}}',
          nested: '$t(home.enter) {{a}}',
          raw: '{{- a}}',
          plural_one: '{{count}} one',
          plural_other: '{{count}} many',
          counted: '{{count}}',
        },
      },
    },
    zh: { translation: zh },
    ko: { translation: ko },
  },
  lng: 'en',
  fallbackLng: 'en',
  initAsync: false,
  interpolation: { escapeValue: false },
});

/** Every key of `strings` (dotted) whose string has a placeholder, with the placeholders' names. */
function templated(strings: object, prefix = ''): [string, string[]][] {
  return Object.entries(strings).flatMap(([key, value]): [string, string[]][] => {
    if (typeof value === 'object' && value !== null) return templated(value as object, `${prefix}${key}.`);
    const names = [...String(value).matchAll(/\{\{\s*(\w+)\s*\}\}/g)].map((match) => match[1] ?? '');
    return names.length > 0 ? [[`${prefix}${key}`, names]] : [];
  });
}

describe('words filled without i18next', () => {
  it("are i18next's own words for every string with placeholders, in each language", () => {
    let filledHere = 0;
    for (const language of ['en', 'zh', 'ko'] as const) {
      const t = i18n.getFixedT(language);
      const words = languageWords(i18n, language);
      for (const [key, names] of templated({ en, zh, ko }[language])) {
        const values = Object.fromEntries(names.map((name, at) => [name, at % 2 ? at * 7 : `<${name}> & 'x'`]));
        const text = filled(i18n, words, language, 'translation', key, values);
        if (text !== undefined) filledHere += 1;
        expect(text ?? t(key as never, values as never)).toBe(t(key as never, values as never));
      }
    }
    expect(filledHere).toBeGreaterThan(50);
  });

  it('leaves to i18next what only it writes: options, formats, nesting, fallbacks, values it would read again', () => {
    const words = languageWords(i18n, 'en');
    const fill = (key: string, values: unknown) => filled(i18n, words, 'en', 'translation', key, values);
    expect(fill('probe.both', { a: 'x' })).toBe('x and x');
    expect(fill('probe.both', { a: 'x', extra: 1 })).toBeUndefined();
    expect(fill('probe.both', {})).toBeUndefined();
    expect(fill('probe.both', { a: '{{a}}' })).toBeUndefined();
    expect(fill('probe.both', { a: '$t(home.enter)' })).toBeUndefined();
    expect(fill('probe.both', { a: null })).toBeUndefined();
    expect(fill('probe.format', { when: 1 })).toBeUndefined();
    expect(fill('probe.nested', { a: 'x' })).toBeUndefined();
    expect(fill('probe.raw', { a: 'x' })).toBeUndefined();
    expect(fill('probe.plural', { count: 2 })).toBeUndefined();
    expect(fill('probe.counted', { count: 2 })).toBeUndefined();
    expect(fill('probe.both', 'x')).toBeUndefined();
    // A key Korean lacks comes from English: i18next's to find.
    expect(filled(i18n, languageWords(i18n, 'ko'), 'ko', 'translation', 'probe.both', { a: 'x' })).toBeUndefined();
  });
});
