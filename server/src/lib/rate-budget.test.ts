import { Redis } from 'ioredis';
import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { MemoryWindows, RedisWindows, WindowBudget, type WindowHit, type Windows } from './rate-budget.ts';
import { sharedRateLimitStore } from './rate-limit-store.ts';

/** Nothing listens on port 1: a Redis that is down. */
function downRedis() {
  const down = new Redis('redis://127.0.0.1:1', { maxRetriesPerRequest: 0, enableOfflineQueue: false });
  down.on('error', () => undefined);
  return down;
}

/** A route's store over `windows`, and its `incr` as a promise. */
function routeStore(windows: Windows, prefix = 'test:rate-limit:') {
  const Store = sharedRateLimitStore(windows, prefix);
  const route = new Store({}).child({ routeInfo: { method: 'POST', url: '/x' } } as never);
  return (key: string) =>
    new Promise<{ current: number; ttl: number } | undefined>((resolve) =>
      route.incr(key, (_error, result) => resolve(result), 60_000, 3),
    );
}

/**
 * The uses of one story, on one clock: two keys, the last millisecond of a window, the next
 * window. Every kind of windows must count it the same way.
 */
async function story(hit: (key: string) => Promise<WindowHit>, tick: (ms: number) => void) {
  const hits: [string, WindowHit][] = [];
  const use = async (key: string) => hits.push([key, await hit(key)]);
  await use('mia');
  tick(10_000);
  await use('mia');
  await use('ben');
  tick(49_999);
  await use('mia');
  tick(1);
  await use('mia');
  await use('ben');
  tick(60_000);
  await use('ben');
  return hits;
}

const EXPECTED: [string, WindowHit][] = [
  ['mia', { count: 1, ttl: 60_000 }],
  ['mia', { count: 2, ttl: 50_000 }],
  ['ben', { count: 1, ttl: 60_000 }],
  ['mia', { count: 3, ttl: 1 }],
  // Mia's window began with her first use and is over: a new one.
  ['mia', { count: 1, ttl: 60_000 }],
  ['ben', { count: 2, ttl: 10_000 }],
  ['ben', { count: 1, ttl: 60_000 }],
];

describe('MemoryWindows', () => {
  it("counts uses per key in a window that starts with the key's first use, on the app's clock", async () => {
    let now = 1_000_000;
    const windows = new MemoryWindows(() => now);
    const hits = await story(
      (key) => Promise.resolve(windows.hit(key, 60_000)),
      (ms) => (now += ms),
    );
    expect(hits).toEqual(EXPECTED);
  });
});

/** A window counted by cost (bytes): the first use opens it with its cost, the next ones add theirs. */
async function costs(hit: (key: string, cost: number) => Promise<WindowHit>, tick: (ms: number) => void) {
  const hits = [await hit('bytes', 40_000), await hit('bytes', 25_000)];
  tick(60_000);
  hits.push(await hit('bytes', 7));
  return hits;
}

const EXPECTED_COSTS: WindowHit[] = [
  { count: 40_000, ttl: 60_000 },
  { count: 65_000, ttl: 60_000 },
  { count: 7, ttl: 60_000 },
];

describe('MemoryWindows by cost', () => {
  it('adds each use’s cost to its window', async () => {
    let now = 1_000_000;
    const windows = new MemoryWindows(() => now);
    const hits = await costs(
      (key, cost) => Promise.resolve(windows.hit(key, 60_000, cost)),
      (ms) => (now += ms),
    );
    expect(hits).toEqual(EXPECTED_COSTS);
  });
});

describe('WindowBudget', () => {
  it('allows max uses per key per window, each prefix a budget of its own', async () => {
    let now = 1_000_000;
    const windows = new MemoryWindows(() => now);
    const budget = new WindowBudget(windows, 'ai:');
    for (let i = 0; i < 3; i += 1) expect(await budget.take('mia', 3, 60_000)).toBe(true);
    expect(await budget.take('mia', 3, 60_000)).toBe(false);
    // Another key, or the same key in another budget, has a budget of its own.
    expect(await budget.take('ben', 3, 60_000)).toBe(true);
    expect(await new WindowBudget(windows, 'guests:').take('mia', 3, 60_000)).toBe(true);
    now += 60_000;
    expect(await budget.take('mia', 3, 60_000)).toBe(true);
  });
});

describe('RedisWindows and the rate-limit store while Redis cannot be reached', () => {
  it("count in this instance's memory, on the app's clock, at once", async () => {
    const down = downRedis();
    const errors: unknown[] = [];
    let now = 5_000_000;
    const windows = new RedisWindows(
      down,
      new MemoryWindows(() => now),
      (e) => errors.push(e),
      () => now,
    );
    const sent = vi.spyOn(down, 'eval');
    // The outage neither lifts the limit nor holds anyone up: no command waits on the missing Redis.
    expect(
      await story(
        (key) => windows.hit(key, 60_000),
        (ms) => (now += ms),
      ),
    ).toEqual(EXPECTED);
    const incr = routeStore(windows);
    expect(await incr('ip:1')).toEqual({ current: 1, ttl: 60_000 });
    now += 10_000;
    expect(await incr('ip:1')).toEqual({ current: 2, ttl: 50_000 });
    now += 50_000;
    expect(await incr('ip:1')).toEqual({ current: 1, ttl: 60_000 });
    expect(sent).not.toHaveBeenCalled();
    expect(errors).toEqual([]);
    down.disconnect();
  });

  it('fall back to memory when a command fails, and say so', async () => {
    // Connected, but the command itself fails.
    const redis = { status: 'ready', eval: () => Promise.reject(new Error('READONLY')) } as unknown as Redis;
    const errors: unknown[] = [];
    const now = () => 1_000;
    const windows = new RedisWindows(redis, new MemoryWindows(now), (e) => errors.push(e), now);
    expect(await windows.hit('mia', 60_000)).toEqual({ count: 1, ttl: 60_000 });
    expect(await windows.hit('mia', 60_000)).toEqual({ count: 2, ttl: 60_000 });
    expect(errors).toHaveLength(2);
  });
});

const REDIS_URL = process.env.TEST_REDIS_URL;

describe.skipIf(!REDIS_URL)('RedisWindows', () => {
  const clients: Redis[] = [];
  const prefix = `test:windows:${crypto.randomUUID()}:`;
  const errors: unknown[] = [];
  let now = 1_000 * 60_000 + 123;
  const clock = () => now;
  const never = new MemoryWindows(() => {
    throw new Error('the fallback is not for a connected Redis');
  });
  /** One instance's windows, with a Redis client of its own. */
  const instance = () => {
    const client = new Redis(REDIS_URL ?? '');
    clients.push(client);
    return new RedisWindows(client, never, (error) => errors.push(error), clock);
  };
  let one: RedisWindows;
  let other: RedisWindows;
  beforeAll(async () => {
    one = instance();
    other = instance();
    await Promise.all(clients.map((client) => new Promise((resolve) => client.once('ready', resolve))));
  });
  afterAll(async () => {
    const redis = clients[0];
    const keys = (await redis?.keys(`${prefix}*`)) ?? [];
    if (keys.length > 0) await redis?.del(...keys);
    await Promise.all(clients.map((client) => client.quit()));
  });

  it("counts exactly as MemoryWindows, shared by every instance (on the app's clock)", async () => {
    // Uses alternate between the two instances: they count one window.
    let turn = 0;
    const hits = await story(
      (key) => [one, other][turn++ % 2]!.hit(`${prefix}${key}`, 60_000),
      (ms) => (now += ms),
    );
    expect(hits).toEqual(EXPECTED);
    // Each window expires in Redis once it is over.
    const ttl = await clients[0]!.pttl(`${prefix}ben`);
    expect(ttl).toBeGreaterThan(0);
    expect(ttl).toBeLessThanOrEqual(60_000);
    expect(errors).toEqual([]);
  });

  it('adds costs exactly as MemoryWindows does', async () => {
    let turn = 0;
    const hits = await costs(
      (key, cost) => [one, other][turn++ % 2]!.hit(`${prefix}${key}`, 60_000, cost),
      (ms) => (now += ms),
    );
    expect(hits).toEqual(EXPECTED_COSTS);
  });

  it('is what budgets and the rate-limit store of every instance count in', async () => {
    const budgets = [new WindowBudget(one, `${prefix}ai:`), new WindowBudget(other, `${prefix}ai:`)];
    const taken = [];
    for (let i = 0; i < 4; i += 1) taken.push(await budgets[i % 2]!.take('mia', 3, 60_000));
    expect(taken).toEqual([true, true, true, false]);
    const stores = [routeStore(one, `${prefix}rl:`), routeStore(other, `${prefix}rl:`)];
    const counts = [];
    for (let i = 0; i < 4; i += 1) counts.push((await stores[i % 2]!('ip:1'))?.current);
    expect(counts).toEqual([1, 2, 3, 4]);
    expect(errors).toEqual([]);
  });
});
