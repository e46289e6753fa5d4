import { hashKey } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { queryKeyHash } from './query-key-hash.ts';

describe('the query key hash', () => {
  it("is TanStack Query's own hash of every key, with objects or without", () => {
    const keys = [
      [],
      ['me'],
      ['tasks', 'music', 'screen'],
      ['logs', 'music', 20, true, null],
      ['odd', undefined, 'x'],
      ['with', { b: 1, a: [2, { d: 1, c: 2 }] }],
      ['date', new Date(0)],
      [['nested', 1], 'x'],
    ];
    for (const key of keys) expect(queryKeyHash(key)).toBe(hashKey(key));
  });
});
