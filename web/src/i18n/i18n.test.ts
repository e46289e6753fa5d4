import fs from 'node:fs';
import path from 'node:path';
import { ERROR_CODES, ERRORS, LANGUAGES, PLACE_IDS, type ErrorInfo } from '@gomeum/contracts';
import { DASHBOARD_ERROR_WORDS } from '@gomeum/contracts/operator-errors';
import { describe, expect, it } from 'vitest';
import en from './en.json';
import ko from './ko.json';
import operatorEn from './operator/en.json';
import operatorKo from './operator/ko.json';
import operatorZh from './operator/zh.json';
import zh from './zh.json';

type Tree = { [key: string]: string | Tree };

function flatten(tree: Tree, prefix = ''): Map<string, string> {
  const out = new Map<string, string>();
  for (const [key, value] of Object.entries(tree)) {
    const full = prefix ? `${prefix}.${key}` : key;
    if (typeof value === 'string') out.set(full, value);
    else for (const [k, v] of flatten(value, full)) out.set(k, v);
  }
  return out;
}

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return /\.(ts|tsx)$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [full] : [];
  });
}

/** Where the operator's code starts: the dashboard, each feature's operator.ts entry, lib/operator. */
const isOperatorEntry = (file: string) =>
  /[\\/]features[\\/]dashboard[\\/]|[\\/]features[\\/][^\\/]+[\\/]operator\.ts$|[\\/]lib[\\/]operator[\\/]/.test(file);

/**
 * The source files a user's browser can load: everything main.tsx reaches through relative imports
 * (static or lazy), without entering the operator's code (only the lazily loaded dashboard does).
 */
function userReachable(entry: string): Set<string> {
  const seen = new Set<string>();
  const visit = (file: string) => {
    if (seen.has(file) || isOperatorEntry(file)) return;
    seen.add(file);
    const text = fs.readFileSync(file, 'utf8');
    for (const match of text.matchAll(/(?:from|import)\s*\(?\s*'(\.{1,2}\/[^']+\.tsx?)'/g)) {
      visit(path.resolve(path.dirname(file), match[1] ?? ''));
    }
  };
  visit(entry);
  return seen;
}

/** A language's strings: the people's file and the operator's dashboard file, which never share a key. */
function merged(user: Tree, operator: Tree): Map<string, string> {
  const userKeys = flatten(user);
  const operatorKeys = flatten(operator);
  const shared = [...operatorKeys.keys()].filter((key) => userKeys.has(key));
  if (shared.length > 0) throw new Error(`keys in both the user and the operator file: ${shared.join(', ')}`);
  return new Map([...userKeys, ...operatorKeys]);
}

/**
 * English as the app has it (lib/i18n.ts): a file with the English words of error codes laid in,
 * those anyone may read (contracts' ERRORS) with the people's strings, the dashboard's
 * (operator-errors.ts) with the dashboard's.
 */
function withErrorWords(file: Tree, words: Partial<Record<string, string>>): Tree {
  const out: Tree = { ...file };
  for (const [code, text = ''] of Object.entries(words)) {
    const [group = '', key = ''] = code.split('.');
    const existing = out[group];
    out[group] = { ...(typeof existing === 'object' ? existing : {}), [key]: text };
  }
  return out;
}
const userWords = Object.fromEntries(
  ERROR_CODES.flatMap((code) => {
    const info: ErrorInfo = ERRORS[code];
    return 'en' in info ? [[code, info.en]] : [];
  }),
);
const enUser = withErrorWords(en, userWords);
const enOperator = withErrorWords(operatorEn, DASHBOARD_ERROR_WORDS);

const files = { en: merged(enUser, enOperator), zh: merged(zh, operatorZh), ko: merged(ko, operatorKo) };
const operatorFiles = { en: flatten(enOperator), zh: flatten(operatorZh), ko: flatten(operatorKo) };
const placeholders = (text: string) => [...text.matchAll(/\{\{\s*(\w+)\s*\}\}/g)].map((m) => m[1]).sort();

/** The forms a count takes in a language: its CLDR cardinal categories, as i18next asks Intl.PluralRules. */
const pluralForms = (language: string) => [...new Intl.PluralRules(language).resolvedOptions().pluralCategories].sort();
const PLURAL_SUFFIX = /_(zero|one|two|few|many|other)$/;

/**
 * A key as the code names it: a plural form's key without its suffix (`progress.streak_days_one`
 * is `t('progress.streak_days', { count })`), any other key as it is. A plural is a key English
 * has an `_other` form of.
 */
function keyName(key: string): string {
  const name = key.replace(PLURAL_SUFFIX, '');
  return name !== key && files.en.has(`${name}_other`) ? name : key;
}

/** A language's keys by the name the code uses, each with its plural forms (none for a plain key). */
function byName(keys: Iterable<string>): Map<string, string[]> {
  const names = new Map<string, string[]>();
  for (const key of keys) {
    const name = keyName(key);
    const forms = names.get(name) ?? [];
    if (name !== key) forms.push(key.slice(name.length + 1));
    names.set(name, forms.sort());
  }
  return names;
}
const names = { en: byName(files.en.keys()), zh: byName(files.zh.keys()), ko: byName(files.ko.keys()) };

/** Keys the code builds at run time: `planets.${id}.name`, error codes, language names. */
function dynamicKeys(): Set<string> {
  const keys = new Set<string>(ERROR_CODES);
  for (const id of PLACE_IDS) for (const field of ['name', 'tagline']) keys.add(`planets.${id}.${field}`);
  for (const language of LANGUAGES) keys.add(`language.names.${language}`);
  return keys;
}

describe('translations', () => {
  it('keeps the dashboard strings out of the files every visitor loads, and user code off them', () => {
    const root = path.resolve(import.meta.dirname, '..');
    const userFiles = userReachable(path.join(root, 'main.tsx'));
    // Sanity: the walk does reach the pages, and stops at the operator's screens.
    expect([...userFiles].some((file) => file.endsWith(path.join('tasks', 'components', 'task-page.tsx')))).toBe(true);
    expect(
      [...userFiles].some((file) => file.endsWith('moon-section.tsx') || file.endsWith('dashboard-page.tsx')),
    ).toBe(false);
    const userSource = [...userFiles].map((file) => fs.readFileSync(file, 'utf8')).join('\n');
    for (const language of LANGUAGES) {
      expect(flatten({ en, zh, ko }[language]).has('dashboard.title')).toBe(false);
      expect(operatorFiles[language].size).toBeGreaterThan(100);
    }
    const usedByUsers = [...byName(operatorFiles.en.keys()).keys()].filter((key) => userSource.includes(`'${key}'`));
    expect(usedByUsers).toEqual([]);
  });

  it.each(['zh', 'ko'] as const)('%s has exactly the keys of en', (language) => {
    const missing = [...names.en.keys()].filter((key) => !names[language].has(key));
    const extra = [...names[language].keys()].filter((key) => !names.en.has(key));
    expect({ missing, extra }).toEqual({ missing: [], extra: [] });
  });

  it.each(['en', 'zh', 'ko'] as const)('%s has each count in the plural forms of its language (CLDR)', (language) => {
    const plurals = [...names.en].filter(([, forms]) => forms.length > 0).map(([name]) => name);
    // Sanity: the counts are plurals ("1 day", "2 days"), not a form picked by the code.
    expect(plurals).toContain('progress.streak_days');
    for (const name of plurals) expect(names[language].get(name), name).toEqual(pluralForms(language));
  });

  it.each(['zh', 'ko'] as const)('%s keeps every {{placeholder}} of en and leaves no text empty', (language) => {
    for (const [key, translated] of files[language]) {
      const name = keyName(key);
      // A plural form against English's same form, or its `_other` (Chinese and Korean have only that).
      const text = files.en.get(key) ?? files.en.get(`${name}_other`) ?? '';
      expect(translated.trim(), key).not.toBe('');
      expect(placeholders(translated), key).toEqual(placeholders(text));
    }
  });

  it('has a translation for every error code the API can send; English only from the contract', () => {
    for (const code of ERROR_CODES) expect(files.en.has(code), code).toBe(true);
    // The server sends the same English words in its error bodies: written once, never here too.
    const written = [...flatten(en).keys(), ...flatten(operatorEn).keys()];
    expect(written.filter((key) => (ERROR_CODES as readonly string[]).includes(key))).toEqual([]);
  });

  it('uses every key, and every key it uses exists', () => {
    const root = path.resolve(import.meta.dirname, '..');
    const source = sourceFiles(root)
      .map((file) => fs.readFileSync(file, 'utf8'))
      .join('\n');
    const dynamic = dynamicKeys();
    const unused = [...names.en.keys()].filter((key) => !dynamic.has(key) && !source.includes(`'${key}'`));
    expect(unused).toEqual([]);

    const used = [...source.matchAll(/\bt\(\s*'([a-z_]+(?:\.[a-z0-9_]+)+)'/g)].map((m) => m[1] ?? '');
    const unknown = used.filter((key) => !names.en.has(key));
    expect(unknown).toEqual([]);
    expect(used.length).toBeGreaterThan(20);
  });
});
