import { Redis } from 'ioredis';
import crypto from 'node:crypto';
import { afterAll, describe, expect, it } from 'vitest';
import { MemoryRateBudget, RedisRateBudget } from './rate-budget.ts';

describe('MemoryRateBudget', () => {
  it('allows max uses per key in a sliding window', async () => {
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

  it('shares one budget between instances, per key, until the window ends', async () => {
    const errors: unknown[] = [];
    const never = { take: () => Promise.reject(new Error('the fallback is not for a connected Redis')) };
    const one = new RedisRateBudget(redis, prefix, never, (error) => errors.push(error));
    const otherRedis = new Redis(REDIS_URL ?? '');
    const other = new RedisRateBudget(otherRedis, prefix, never, (error) => errors.push(error));
    await Promise.all([redis, otherRedis].map((client) => new Promise((resolve) => client.once('ready', resolve))));
    try {
      expect(await one.take('mia', 3, 400)).toBe(true);
      expect(await other.take('mia', 3, 400)).toBe(true);
      expect(await one.take('mia', 3, 400)).toBe(true);
      expect(await other.take('mia', 3, 400)).toBe(false);
      expect(await one.take('ben', 3, 400)).toBe(true);
      await new Promise((resolve) => setTimeout(resolve, 500));
      expect(await other.take('mia', 3, 400)).toBe(true);
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
    const budget = new RedisRateBudget(down, 'test:budget:', new MemoryRateBudget(Date.now), () => undefined);
    const started = Date.now();
    const taken = [];
    for (let i = 0; i < 4; i += 1) taken.push(await budget.take('mia', 3, 60_000));
    // The outage neither lifts the limit nor holds anyone up.
    expect(taken).toEqual([true, true, true, false]);
    expect(Date.now() - started).toBeLessThan(1_000);
    down.disconnect();
  });
});
