import { describe, expect, it } from 'vitest';
import { contentLang } from './content-lang.ts';

describe('contentLang', () => {
  it('tells Korean, Chinese and English text by its script, and leaves the rest to the page', () => {
    expect(contentLang('오늘은 새 노래를 배웠어요')).toBe('ko');
    expect(contentLang('Gomeum 오늘도 화이팅!')).toBe('ko');
    expect(contentLang('今天学了一首新歌')).toBe('zh');
    expect(contentLang('漢字と ひらがな')).toBeUndefined();
    expect(contentLang('Learned a new song today')).toBe('en');
    expect(contentLang('12345 !!')).toBeUndefined();
    expect(contentLang('')).toBeUndefined();
  });
});
