import type { Redis } from 'ioredis';

/**
 * A number of uses per key per time window (AI answers per user per minute, say). In memory for
 * one instance; in Redis when several instances must share one budget.
 */
export interface RateBudget {
  /** Takes one use of `key`'s budget; false when `max` uses were already taken in the window. */
  take(key: string, max: number, windowMs: number): Promise<boolean>;
}

/** One use counted: how many uses (or bytes) its key's window has now, and the milliseconds left in it. */
export interface WindowHit {
  count: number;
  ttl: number;
}

/**
 * Fixed windows per key: a key's window starts with its first use and lasts `windowMs`, on the
 * app's clock. The one algorithm of budgets and of the shared rate limits, kept in memory
 * (MemoryWindows) or in Redis (RedisWindows, which falls back to memory while Redis is down).
 */
export interface Windows {
  /** Counts one use of `key`, or `cost` of them (bytes sent, say). */
  hit(key: string, windowMs: number, cost?: number): WindowHit | Promise<WindowHit>;
}

// Keys kept in memory before expired windows are swept.
const SWEEP_AT = 10_000;

/** The windows in this instance's memory. */
export class MemoryWindows implements Windows {
  private readonly windows = new Map<string, { count: number; resetAt: number }>();

  constructor(private readonly now: () => number) {}

  hit(key: string, windowMs: number, cost = 1): WindowHit {
    const now = this.now();
    let window = this.windows.get(key);
    if (!window || window.resetAt <= now) {
      window = { count: 0, resetAt: now + windowMs };
      this.windows.set(key, window);
    }
    window.count += cost;
    if (this.windows.size > SWEEP_AT) {
      for (const [k, w] of this.windows) if (w.resetAt <= now) this.windows.delete(k);
    }
    return { count: window.count, ttl: window.resetAt - now };
  }
}

// MemoryWindows' algorithm in Redis, atomically: a key's window is a hash of when it started (on
// the app's clock, ARGV[2]) and its count, which a use raises by its cost (ARGV[3], 1 when absent).
// A use at or after the window's end starts a new one. The hash expires in Redis once its window is
// over (clean-up only: the app's clock decides). Answers the count and the milliseconds left in the
// window.
export const REDIS_WINDOW_SCRIPT = `
local windowMs = tonumber(ARGV[1])
local now = tonumber(ARGV[2])
local cost = tonumber(ARGV[3] or '1')
local start = tonumber(redis.call('HGET', KEYS[1], 'start'))
if start == nil or now >= start + windowMs then
  redis.call('HSET', KEYS[1], 'start', ARGV[2], 'count', cost)
  redis.call('PEXPIRE', KEYS[1], windowMs)
  return {cost, windowMs}
end
return {redis.call('HINCRBY', KEYS[1], 'count', cost), start + windowMs - now}
`;

/** Whether a Redis client can take a command now (it fails at once otherwise: no offline queue). */
export function redisReady(redis: Redis): boolean {
  return redis.status === 'ready';
}

/**
 * The windows shared by every instance through Redis (every instance reads the same time, so they
 * agree on when a window ends, and a test moves to the next one by moving its clock). While Redis
 * cannot be reached, each instance counts in its own memory instead (`fallback`), so an outage
 * neither lifts a limit nor makes anyone wait for Redis.
 */
export class RedisWindows implements Windows {
  constructor(
    private readonly redis: Redis,
    private readonly fallback: MemoryWindows,
    private readonly onError: (error: unknown) => void,
    private readonly now: () => number,
  ) {}

  async hit(key: string, windowMs: number, cost = 1): Promise<WindowHit> {
    if (!redisReady(this.redis)) return this.fallback.hit(key, windowMs, cost);
    try {
      const [count, ttl] = (await this.redis.eval(REDIS_WINDOW_SCRIPT, 1, key, windowMs, this.now(), cost)) as [
        number,
        number,
      ];
      return { count, ttl: Math.max(0, ttl) };
    } catch (error) {
      this.onError(error);
      return this.fallback.hit(key, windowMs, cost);
    }
  }
}

/** A budget of `max` uses per key per window, counted in `windows` under `prefix`. */
export class WindowBudget implements RateBudget {
  constructor(
    private readonly windows: Windows,
    private readonly prefix = '',
  ) {}

  async take(key: string, max: number, windowMs: number): Promise<boolean> {
    return (await this.windows.hit(`${this.prefix}${key}`, windowMs)).count <= max;
  }
}
