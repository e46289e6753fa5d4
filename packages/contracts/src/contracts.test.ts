import { describe, expect, it } from 'vitest';
import {
  acceptedLanguageTags,
  isWebRoute,
  loginBodySchema,
  matchWebRoute,
  nextLanguage,
  pickLocalized,
  preferredLanguage,
  registerBodySchema,
  visitBodySchema,
} from './index.ts';

describe('nextLanguage', () => {
  it('cycles zh → ko → en → zh and starts an unknown language at zh', () => {
    expect(nextLanguage('zh')).toBe('ko');
    expect(nextLanguage('ko')).toBe('en');
    expect(nextLanguage('en')).toBe('zh');
    expect(nextLanguage('fr')).toBe('zh');
  });
});

describe('preferredLanguage', () => {
  it("takes the first of ours among the reader's languages, by their base (zh-TW is zh), else English", () => {
    expect(preferredLanguage(['ko-KR', 'en-US'])).toBe('ko');
    expect(preferredLanguage(['fr-FR', 'zh-TW', 'ko'])).toBe('zh');
    expect(preferredLanguage(['zh_Hant_HK'])).toBe('zh');
    expect(preferredLanguage(['en-GB', 'ko'])).toBe('en');
    expect(preferredLanguage(['fr', 'de'])).toBe('en');
    expect(preferredLanguage([])).toBe('en');
  });

  it('reads Accept-Language by q, then by order, leaving out refused and wildcard tags', () => {
    expect(acceptedLanguageTags('fr-FR, ko;q=0.7, en;q=0.3')).toEqual(['fr-FR', 'ko', 'en']);
    expect(acceptedLanguageTags('en;q=0.2, zh-CN;q=0.9, *;q=0.1')).toEqual(['zh-CN', 'en']);
    expect(acceptedLanguageTags('ko;q=0, zh')).toEqual(['zh']);
    expect(acceptedLanguageTags(undefined)).toEqual([]);
    expect(preferredLanguage(acceptedLanguageTags('fr-FR, ko;q=0.7, en;q=0.3'))).toBe('ko');
  });
});

describe('pickLocalized', () => {
  it('uses the language, then English, then the fallback; blank counts as missing', () => {
    expect(pickLocalized({ en: 'Hi', zh: '你好' }, 'zh')).toBe('你好');
    expect(pickLocalized({ en: 'Hi', ko: '  ' }, 'ko')).toBe('Hi');
    expect(pickLocalized({ zh: '你好' }, 'ko', 'No description')).toBe('No description');
    expect(pickLocalized(null, 'en', 'Unknown Task')).toBe('Unknown Task');
  });
});

describe('auth bodies', () => {
  const firstCode = (result: { success: boolean; error?: { issues: { message: string }[] } }) =>
    result.error?.issues[0]?.message;

  it('reports missing fields with the spec code', () => {
    expect(firstCode(registerBodySchema.safeParse({ email: '', password: 'x' }))).toBe('register.error_missing_fields');
    expect(firstCode(loginBodySchema.safeParse({}))).toBe('register.error_missing_fields');
  });

  it('normalises the email and checks its shape and the password length on registration', () => {
    expect(registerBodySchema.parse({ email: '  Me@Example.COM ', password: '12345678' }).email).toBe('me@example.com');
    expect(firstCode(registerBodySchema.safeParse({ email: 'me@', password: '12345678' }))).toBe(
      'register.error_invalid_email',
    );
    expect(firstCode(registerBodySchema.safeParse({ email: 'me@example.com', password: '1234567' }))).toBe(
      'register.error_password_short',
    );
  });
});

describe('visitBodySchema', () => {
  it('accepts site paths with queries and refuses anything else', () => {
    expect(visitBodySchema.safeParse({ page: '/task/music?x=1' }).success).toBe(true);
    expect(visitBodySchema.safeParse({ page: 'https://evil.example/' }).success).toBe(false);
    expect(visitBodySchema.safeParse({ page: '//evil.example/' }).success).toBe(false);
  });
});

describe('isWebRoute', () => {
  it('knows the pages of the spec route table and nothing else', () => {
    for (const page of [
      '/',
      '/register',
      '/galaxy',
      '/planet/moon',
      '/task/food',
      '/user-log',
      '/user-log/1',
      '/gomeum-log',
      '/gomeum-log/drama',
      '/gomeum-dashboard',
      '/update/9',
    ]) {
      expect(isWebRoute(page), page).toBe(true);
    }
    for (const page of ['/planet', '/planet/a/b', '/nope', '/update']) expect(isWebRoute(page), page).toBe(false);
  });
});

describe('matchWebRoute', () => {
  it('names the page and its parameters; a fixed path wins over a pattern', () => {
    expect(matchWebRoute('/galaxy')).toEqual({ name: 'galaxy', params: {} });
    expect(matchWebRoute('/planet/moon')).toEqual({ name: 'moon', params: {} });
    expect(matchWebRoute('/planet/food/')).toEqual({ name: 'planet', params: { planetId: 'food' } });
    expect(matchWebRoute('/task/a%20b')).toEqual({ name: 'task', params: { planetId: 'a b' } });
    expect(matchWebRoute('/user-log')).toEqual({ name: 'userLog', params: {} });
    expect(matchWebRoute('/nope')).toBeNull();
  });
});
