import { describe, expect, it } from 'vitest';
import { returnPath, signInAgainPath } from './return-to.ts';

describe('returnPath', () => {
  it('takes a path of this site, and nothing that leaves it', () => {
    expect(returnPath('/task/music')).toBe('/task/music');
    expect(new URLSearchParams(signInAgainPath('/task/music?x=1')).get('next')).toBe('/task/music?x=1');
    for (const next of [null, '', 'task/music', '//evil.example', '/\\evil.example', 'https://evil.example/'])
      expect(returnPath(next)).toBeNull();
  });
});
