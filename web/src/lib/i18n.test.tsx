// vitest: isolate (the operator strings must not be loaded yet when a test starts: a fresh i18n module)
import { ERRORS, LANGUAGE_COOKIE, type ErrorCode, type PlaceId } from '@gomeum/contracts';
import { DASHBOARD_ERROR_WORDS } from '@gomeum/contracts/operator-errors';
import { renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { renderToString } from 'react-dom/server';
import { I18nextProvider } from 'react-i18next';
import { afterEach, describe, expect, it, vi } from 'vitest';
import en from '../i18n/en.json';
import ko from '../i18n/ko.json';
import operatorEn from '../i18n/operator/en.json';
import operatorZh from '../i18n/operator/zh.json';
import zh from '../i18n/zh.json';
import {
  currentLanguage,
  initI18n,
  LANGUAGE_STORAGE_KEY,
  loadOperatorStrings,
  setLanguage,
  renderingI18n,
  startingLanguage,
  useTranslation,
} from './i18n.ts';

/** Every write of `<html lang>`, even of the value it already has (each invalidates the `:lang()` rules). */
function watchLangWrites() {
  const html = document.documentElement;
  const writes: string[] = [];
  const descriptor = Object.getOwnPropertyDescriptor(HTMLElement.prototype, 'lang');
  if (!descriptor?.set || !descriptor.get) throw new Error('no lang accessor to watch');
  const accessor = descriptor as {
    get: (this: HTMLElement) => string;
    set: (this: HTMLElement, value: string) => void;
  };
  Object.defineProperty(html, 'lang', {
    configurable: true,
    get() {
      return accessor.get.call(html);
    },
    set(value: string) {
      writes.push(value);
      accessor.set.call(html, value);
    },
  });
  return { writes, stop: () => delete (html as { lang?: string }).lang };
}

describe('translating', () => {
  afterEach(() => {
    document.documentElement.lang = 'en';
  });

  it('fills in placeholders as they are (React escapes them)', () => {
    void initI18n('en');
    const { t } = renderHook(() => useTranslation()).result.current;
    expect(t('account.logout_as', { who: '<Mina & Jo>' })).toBe('Log out (<Mina & Jo>)');
    expect(t('moon.progress', { answered: 2, total: 5 })).toBe('2 of 5 answered');
  });

  it("picks a count's form by the language's plural rules (CLDR): one and other in English, other alone in Chinese and Korean", async () => {
    void initI18n('en');
    const { result } = renderHook(() => useTranslation());
    const streaks = () => [0, 1, 2].map((count) => result.current.t('progress.streak_days', { count }));
    expect(streaks()).toEqual(['0 days', '1 day', '2 days']);
    expect(result.current.t('progress.streak_weeks', { count: 1 })).toBe('1 week');
    await setLanguage('ko');
    await waitFor(() => expect(result.current.i18n.language).toBe('ko'));
    expect(streaks()).toEqual(['0일', '1일', '2일']);
    await setLanguage('zh');
    await waitFor(() => expect(result.current.i18n.language).toBe('zh'));
    expect(streaks()).toEqual(['0 天', '1 天', '2 天']);
    await setLanguage('en');
  });

  it("renders again when the language changes and when the dashboard's strings come in, which follow each switch", async () => {
    void initI18n('en');
    const { result } = renderHook(() => useTranslation());
    expect(result.current.t('dashboard.title')).toBe('dashboard.title');
    await loadOperatorStrings();
    await waitFor(() => expect(result.current.t('dashboard.title')).toBe(operatorEn.dashboard.title));
    // An error's English words come from the contract, the dashboard's with the dashboard's strings.
    expect(result.current.t('reaction.error_exists')).toBe(DASHBOARD_ERROR_WORDS['reaction.error_exists']);
    expect(result.current.t('errors.not_found')).toBe(ERRORS['errors.not_found'].en);
    await setLanguage('zh');
    await waitFor(() => expect(result.current.i18n.language).toBe('zh'));
    expect(result.current.t('dashboard.title')).toBe(operatorZh.dashboard.title);
    expect(result.current.t('home.enter')).toBe(zh.home.enter);
    expect(result.current.t('reaction.error_exists')).toBe(operatorZh.reaction.error_exists);
    expect(result.current.t('errors.not_found')).toBe(zh.errors.not_found);
    await setLanguage('en');
  });

  it('takes the keys of en.json and operator/en.json and keys built from typed unions; the typecheck refuses any other', () => {
    void initI18n('en');
    const { t } = renderHook(() => useTranslation()).result.current;
    const place: PlaceId = 'moon';
    const code: ErrorCode = 'errors.offline';
    expect(t(`planets.${place}.name`)).toBe('Moon');
    expect(t(code)).toBe(ERRORS['errors.offline'].en);
    // `npm run typecheck` fails on each line below if it is accepted (an unused @ts-expect-error).
    // @ts-expect-error: no such key
    expect(t('no.such.key')).toBe('no.such.key');
    const anyPlace: string = place;
    // @ts-expect-error: a key built from a bare string is not known to exist
    expect(t(`planets.${anyPlace}.name`)).toBe('Moon');
  });
});

describe("the server's render", () => {
  it('gives each render an instance of its own in its language, side by side, leaving the app and the document alone', () => {
    document.documentElement.lang = 'en';
    const renders = (
      [
        ['ko', ko],
        ['zh', zh],
        ['en', en],
        ['ko', ko],
      ] as const
    ).map(([language, strings]) => ({ strings, i18n: renderingI18n(language, { zh, ko }) }));
    // All of them at once: each renders in its own language.
    for (const { strings, i18n } of renders) {
      const wrapper = ({ children }: { children: ReactNode }) => (
        <I18nextProvider i18n={i18n}>{children}</I18nextProvider>
      );
      const rendered = renderHook(() => useTranslation(), { wrapper });
      expect(rendered.result.current.t('home.enter')).toBe(strings.home.enter);
      rendered.unmount();
    }
    expect(currentLanguage()).toBe('en');
    expect(document.documentElement.lang).toBe('en');
  });

  it('leaves nothing of a render on the strings every render shares: each instance goes with its render', () => {
    const first = renderingI18n('zh', { zh, ko });
    const Words = () => <>{useTranslation().t('home.enter')}</>;
    const render = (i18n: typeof first) =>
      renderToString(
        <I18nextProvider i18n={i18n}>
          <Words />
        </I18nextProvider>,
      );
    render(first);
    const on = vi.spyOn(first.store, 'on');
    for (const language of ['ko', 'zh', 'en', 'ko', 'zh'] as const) {
      const i18n = renderingI18n(language, { zh, ko });
      expect(i18n.store).toBe(first.store);
      expect(render(i18n)).toBe({ en, zh, ko }[language].home.enter);
    }
    expect(on).not.toHaveBeenCalled();
    on.mockRestore();
  });
});

describe('the language at start-up', () => {
  let stop = () => true;
  afterEach(() => {
    stop();
    document.documentElement.lang = 'en';
  });

  it('leaves <html lang> as a page rendered in Chinese has it until the strings are in, then writes nothing', async () => {
    document.documentElement.lang = 'zh-Hans';
    const watch = watchLangWrites();
    stop = watch.stop;
    const ready = initI18n('zh');
    // English is what the app would use meanwhile, but the page is not marked English.
    expect(currentLanguage()).toBe('en');
    expect(document.documentElement.lang).toBe('zh-Hans');
    await ready;
    expect(currentLanguage()).toBe('zh');
    expect(document.documentElement.lang).toBe('zh-Hans');
    expect(watch.writes).toEqual([]);
  });

  it('writes <html lang> once when the language changes, and not when it stays', async () => {
    document.documentElement.lang = 'en';
    const watch = watchLangWrites();
    stop = watch.stop;
    await initI18n('en');
    expect(watch.writes).toEqual([]);
    await setLanguage('ko');
    expect(document.documentElement.lang).toBe('ko');
    await setLanguage('ko');
    expect(watch.writes).toEqual(['ko']);
  });

  it('writes the cookie that tells the server the language', async () => {
    await setLanguage('ko');
    expect(document.cookie).toContain(`${LANGUAGE_COOKIE}=ko`);
    await setLanguage('en');
    expect(document.cookie).toContain(`${LANGUAGE_COOKIE}=en`);
  });

  it('marks the page English when the chosen language cannot be loaded (offline on a first visit)', async () => {
    document.documentElement.lang = 'ko';
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    vi.doMock('../i18n/zh.json', () => {
      throw new Error('offline');
    });
    // A language whose strings fail to load: the import is made to fail through a module mock.
    vi.resetModules();
    const fresh = await import('./i18n.ts');
    await fresh.initI18n('zh');
    expect(fresh.currentLanguage()).toBe('en');
    expect(document.documentElement.lang).toBe('en');
    expect(warn).toHaveBeenCalledWith('language strings not loaded', expect.any(Error));
    vi.doUnmock('../i18n/zh.json');
    warn.mockRestore();
  });
});

describe('strings that are not there', () => {
  afterEach(() => {
    vi.doUnmock('../i18n/zh.json');
    vi.doUnmock('../i18n/operator/zh.json');
    document.documentElement.lang = 'en';
  });

  it("come from English, and the people's strings win over the dashboard's", async () => {
    // A Chinese file with one string, and a dashboard file that also says it (the test of the
    // files keeps them apart; the lookup must not depend on it).
    vi.doMock('../i18n/zh.json', () => ({ default: { home: { enter: '进入宇宙' } } }));
    vi.doMock('../i18n/operator/zh.json', () => ({
      default: { home: { enter: 'operator' }, dashboard: { title: '控制台' } },
    }));
    vi.resetModules();
    const fresh = await import('./i18n.ts');
    await fresh.initI18n('zh');
    await fresh.loadOperatorStrings();
    const { result } = renderHook(() => fresh.useTranslation());
    await waitFor(() => expect(result.current.t('dashboard.title')).toBe('控制台'));
    expect(result.current.i18n.language).toBe('zh');
    expect(result.current.t('home.enter')).toBe('进入宇宙');
    expect(result.current.t('common.close')).toBe(en.common.close);
  });
});

describe('the language a visit starts in', () => {
  afterEach(() => {
    localStorage.clear();
    document.getElementById('root')?.remove();
    vi.restoreAllMocks();
  });

  const browserLanguages = (languages: string[]) => vi.spyOn(navigator, 'languages', 'get').mockReturnValue(languages);

  it("is the browser's first language of ours on a first visit (nothing stored, nothing rendered), else English", () => {
    browserLanguages(['ko-KR', 'en-US']);
    expect(startingLanguage()).toBe('ko');
    browserLanguages(['fr-FR', 'zh-CN']);
    expect(startingLanguage()).toBe('zh');
    browserLanguages(['fr-FR', 'de']);
    expect(startingLanguage()).toBe('en');
  });

  it('is the language the server rendered the page in, so the page hydrates as rendered', () => {
    browserLanguages(['ko-KR']);
    const root = document.createElement('div');
    root.id = 'root';
    root.dataset.rendered = 'zh';
    document.body.append(root);
    expect(startingLanguage()).toBe('zh');
  });

  it("is the reader's own stored choice before anything else", () => {
    browserLanguages(['ko-KR']);
    localStorage.setItem(LANGUAGE_STORAGE_KEY, 'en');
    expect(startingLanguage()).toBe('en');
  });
});
