import { afterEach, describe, expect, it, vi } from 'vitest';
import { currentLanguage, initI18n, setLanguage } from './i18n.ts';

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

describe('the language at start-up', () => {
  let stop = () => true;
  afterEach(() => {
    stop();
    document.documentElement.lang = 'en';
  });

  it('leaves <html lang> as a page drawn in Chinese has it until the strings are in, then writes nothing', async () => {
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
