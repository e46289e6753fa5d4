import zlib from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { ResponseCache } from './response-cache.ts';

const bytes = (text: string) => Buffer.from(text);

describe('ResponseCache', () => {
  it('answers only for the version a reply was cached under, and drops it once another is asked', () => {
    const outcomes: string[] = [];
    const cache = new ResponseCache(100, (outcome) => outcomes.push(outcome));
    expect(cache.get('a', 1)).toBeUndefined();
    cache.set('a', 1, bytes('one'));
    expect(cache.get('a', 1)?.body.toString()).toBe('one');
    expect(cache.get('a', 2)).toBeUndefined();
    // Asked under another version, the old reply is gone, for that version too.
    expect(cache.get('a', 1)).toBeUndefined();
    expect(cache.size()).toEqual({ replies: 0, bytes: 0 });
    expect(outcomes).toEqual(['miss', 'hit', 'miss', 'miss']);
  });

  it('replaces a key’s reply and counts its bytes once', () => {
    const cache = new ResponseCache(100);
    cache.set('a', 1, bytes('12345'));
    cache.set('a', 2, bytes('123'));
    expect(cache.size()).toEqual({ replies: 1, bytes: 3 });
    expect(cache.get('a', 2)?.body.toString()).toBe('123');
  });

  it('lets the oldest-used replies go once the bytes pass the budget', () => {
    const cache = new ResponseCache(10);
    cache.set('a', 1, bytes('aaaa'));
    cache.set('b', 1, bytes('bbbb'));
    // Using `a` makes `b` the oldest used.
    expect(cache.get('a', 1)).toBeDefined();
    cache.set('c', 1, bytes('cccc'));
    expect(cache.get('b', 1)).toBeUndefined();
    expect(cache.get('a', 1)?.body.toString()).toBe('aaaa');
    expect(cache.get('c', 1)?.body.toString()).toBe('cccc');
    expect(cache.size()).toEqual({ replies: 2, bytes: 8 });
  });

  it('compresses a cached reply once per encoding, and counts the compressed bytes against the budget', () => {
    const text = JSON.stringify({ items: Array.from({ length: 40 }, (_, i) => ({ title: `Proof ${i}` })) });
    const cache = new ResponseCache(10_000);
    const reply = cache.set('a', 1, bytes(text));
    const br = reply.in('br');
    expect(zlib.brotliDecompressSync(br).toString()).toBe(text);
    expect(reply.in('br')).toBe(br);
    const gzip = reply.in('gzip');
    expect(zlib.gunzipSync(gzip).toString()).toBe(text);
    expect(cache.size()).toEqual({ replies: 1, bytes: text.length + br.length + gzip.length });
    expect(cache.get('a', 1)?.in('br')).toBe(br);
    // Another version drops the reply with its compressed forms.
    expect(cache.get('a', 2)).toBeUndefined();
    expect(cache.size()).toEqual({ replies: 0, bytes: 0 });
  });

  it('lets the oldest-used go when a compressed form passes the budget', () => {
    const text = 'x'.repeat(2000);
    const cache = new ResponseCache(2 * text.length + 20);
    const a = cache.set('a', 1, bytes(text));
    cache.set('b', 1, bytes(text));
    cache.get('a', 1);
    a.in('gzip');
    expect(cache.get('b', 1)).toBeUndefined();
    expect(cache.size()).toEqual({ replies: 1, bytes: text.length + a.in('gzip').length });
  });

  it('tags a reply by its bytes, and matches If-None-Match as a GET does (weakly, in lists, or any)', () => {
    const cache = new ResponseCache(100);
    const one = cache.set('a', 1, bytes('one'));
    const same = cache.set('b', 7, bytes('one'));
    const other = cache.set('c', 1, bytes('two'));
    expect(one.etag).toMatch(/^W\/"[\w-]{27}"$/);
    expect(same.etag).toBe(one.etag);
    expect(other.etag).not.toBe(one.etag);
    expect(one.matches(one.etag)).toBe(true);
    expect(one.matches(one.etag.slice(2))).toBe(true);
    expect(one.matches(`${other.etag},  ${one.etag}`)).toBe(true);
    expect(one.matches('*')).toBe(true);
    expect(one.matches(other.etag)).toBe(false);
    expect(one.matches(undefined)).toBe(false);
    expect(one.matches('')).toBe(false);
  });

  it('keeps nothing larger than the whole budget', () => {
    const cache = new ResponseCache(4);
    cache.set('a', 1, bytes('aaaa'));
    cache.set('b', 1, bytes('bbbbb'));
    expect(cache.get('b', 1)).toBeUndefined();
    expect(cache.get('a', 1)?.body.toString()).toBe('aaaa');
    expect(cache.size()).toEqual({ replies: 1, bytes: 4 });
  });
});
