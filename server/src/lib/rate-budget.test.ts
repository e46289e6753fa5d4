import { Redis } from 'ioredis';
import crypto from 'node:crypto';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { MemoryRateBudget, MemoryWindows, RedisRateBudget } from './rate-budget.ts';
import { sharedRateLimitStore } from './rate-limit-store.ts';

describe('MemoryWindows', () => {
  it("counts uses per key in a window that starts with the key's first use, on the app's clock", () => {
    let now = 1_000_000;
    const windows = new MemoryWindows(() => now);
    expect(windows.hit('mia', 60_000)).toEqual({ count: 1, ttl: 60_000 });
    now += 59_999;
    expect(windows.hit('mia', 60_000)).toEqual({ count: 2, ttl: 1 });
    expect(windows.hit('ben', 60_000)).toEqual({ count: 1, ttl: 60_000 });
    now += 1;
    expect(windows.hit('mia', 60_000)).toEqual({ count: 1, ttl: 60_000 });
  });
});

describe('the rate-limit store while Redis cannot be reached', () => {
  it("counts each route's windows in this instance's memory, on the app's clock, at once", async () => {
    const down = new Redis('redis://127.0.0.1:1', { maxRetriesPerRequest: 0, enableOfflineQueue: false });
    down.on('error', () => undefined);
    let now = 5_000_000;
    const Store = sharedRateLimitStore(
      down,
      'test:rate-limit:',
      () => undefined,
      () => now,
    );
    const store = new Store({});
    const route = store.child({ routeInfo: { method: 'POST', url: '/x' } } as never);
    const incr = (key: string) =>
      new Promise<{ current: number; ttl: number } | undefined>((resolve) =>
        route.incr(key, (_error, result) => resolve(result), 60_000, 3),
      );
    const sent = vi.spyOn(down, 'eval');
    expect(await incr('ip:1')).toEqual({ current: 1, ttl: 60_000 });
    now += 10_000;
    expect(await incr('ip:1')).toEqual({ current: 2, ttl: 50_000 });
    now += 50_000;
    expect(await incr('ip:1')).toEqual({ current: 1, ttl: 60_000 });
    expect(sent).not.toHaveBeenCalled();
    down.disconnect();
  });
});

describe('MemoryRateBudget', () => {
  it('allows max uses per key per window', async () => {
    let now = 1_000_000;
    const budget = new MemoryRateBudget(() => now);
    for (let i = 0; i < 3; i += 1) expect(await budget.take('mia', 3, 60_000)).toBe(true);
    expect(await budget.take('mia', 3, 60_000)).toBe(false);
    // Another key has a budget of its own.
    expect(await budget.take('ben', 3, 60_000)).toBe(true);
    now += 60_001;
    expect(await budget.take('mia', 3, 60_000)).toBe(true);
  });
});

const REDIS_URL = process.env.TEST_REDIS_URL;

describe.skipIf(!REDIS_URL)('RedisRateBudget', () => {
  const redis = new Redis(REDIS_URL ?? '');
  const prefix = `test:budget:${crypto.randomUUID()}:`;
  afterAll(async () => {
    const keys = await redis.keys(`${prefix}*`);
    if (keys.length > 0) await redis.del(...keys);
    await redis.quit();
  });

  it('shares one budget between instances, per key, until the window ends (on the app clock)', async () => {
    const errors: unknown[] = [];
    const never = { take: () => Promise.reject(new Error('the fallback is not for a connected Redis')) };
    // Both instances read one clock, as instances of one deployment read one time; it starts a window.
    let now = 1_000 * 60_000;
    const clock = () => now;
    const one = new RedisRateBudget(redis, prefix, never, (error) => errors.push(error), clock);
    const otherRedis = new Redis(REDIS_URL ?? '');
    const other = new RedisRateBudget(otherRedis, prefix, never, (error) => errors.push(error), clock);
    await Promise.all([redis, otherRedis].map((client) => new Promise((resolve) => client.once('ready', resolve))));
    try {
      expect(await one.take('mia', 3, 60_000)).toBe(true);
      expect(await other.take('mia', 3, 60_000)).toBe(true);
      expect(await one.take('mia', 3, 60_000)).toBe(true);
      expect(await other.take('mia', 3, 60_000)).toBe(false);
      expect(await one.take('ben', 3, 60_000)).toBe(true);
      // The last millisecond of the window is still the window.
      now += 59_999;
      expect(await one.take('mia', 3, 60_000)).toBe(false);
      now += 1;
      expect(await other.take('mia', 3, 60_000)).toBe(true);
      expect(await one.take('mia', 3, 60_000)).toBe(true);
      expect(await one.take('mia', 3, 60_000)).toBe(true);
      expect(await other.take('mia', 3, 60_000)).toBe(false);
      // Each window's counter expires in Redis once its window is over.
      const ttl = await redis.pttl(`${prefix}mia:${now / 60_000}`);
      expect(ttl).toBeGreaterThan(0);
      expect(ttl).toBeLessThanOrEqual(60_000);
      expect(errors).toEqual([]);
    } finally {
      await otherRedis.quit();
    }
  });
});

describe('RedisRateBudget without Redis', () => {
  it("counts in this instance's memory, at once, while Redis cannot be reached", async () => {
    // Nothing listens on port 1.
    const down = new Redis('redis://127.0.0.1:1', { maxRetriesPerRequest: 0, enableOfflineQueue: false });
    down.on('error', () => undefined);
    const errors: unknown[] = [];
    const now = () => 1_000 * 60_000;
    const budget = new RedisRateBudget(down, 'test:budget:', new MemoryRateBudget(now), (e) => errors.push(e), now);
    const sent = vi.spyOn(down, 'eval');
    const taken = [];
    for (let i = 0; i < 4; i += 1) taken.push(await budget.take('mia', 3, 60_000));
    // The outage neither lifts the limit nor holds anyone up: no command waits on the missing Redis.
    expect(taken).toEqual([true, true, true, false]);
    expect(sent).not.toHaveBeenCalled();
    expect(errors).toEqual([]);
    down.disconnect();
  });
});
