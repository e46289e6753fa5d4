import { describe, expect, it } from 'vitest';
import { documentTitle } from './document-title.ts';

describe('documentTitle', () => {
  it('names the page, then the product, once', () => {
    expect(documentTitle(null)).toBe('Gomeum');
    expect(documentTitle('Choose your planet')).toBe('Choose your planet · Gomeum');
    expect(documentTitle('选择你的星球')).toBe('选择你的星球 · Gomeum');
    expect(documentTitle('(3) Gomeum dashboard')).toBe('(3) Gomeum dashboard');
  });
});
