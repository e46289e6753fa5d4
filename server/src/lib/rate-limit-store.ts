import type { FastifyRateLimitStore, FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import type { Redis } from 'ioredis';
import { MemoryWindows, REDIS_WINDOW_SCRIPT, redisReady } from './rate-budget.ts';

type IncrCallback = (error: Error | null, result?: { current: number; ttl: number }) => void;

/**
 * A store for @fastify/rate-limit whose windows are shared by every instance through Redis, and
 * kept in this instance's memory while Redis cannot be reached: an outage never lets requests
 * through unlimited, and never makes one wait (the client has no offline queue and a short
 * command timeout, so a refused or slow Redis falls back at once).
 */
export function sharedRateLimitStore(
  redis: Redis,
  prefix: string,
  onFallback: (error: unknown) => void,
  now: () => number,
): FastifyRateLimitStoreCtor {
  /** A window in this instance's memory, in the form the plugin takes. */
  const local = (windows: MemoryWindows, key: string, timeWindow: number) => {
    const { count, ttl } = windows.hit(key, timeWindow);
    return { current: count, ttl };
  };
  class SharedStore implements FastifyRateLimitStore {
    private readonly local = new MemoryWindows(now);
    // The plugin constructs the store itself (with its options); routes get children.
    private keyPrefix = prefix;

    incr(key: string, callback: IncrCallback, timeWindow: number): void {
      if (!redisReady(redis)) {
        callback(null, local(this.local, key, timeWindow));
        return;
      }
      redis.eval(REDIS_WINDOW_SCRIPT, 1, `${this.keyPrefix}${key}`, timeWindow).then(
        (result) => {
          const [current, ttl] = result as [number, number];
          callback(null, { current, ttl: Math.max(0, ttl) });
        },
        (error: unknown) => {
          onFallback(error);
          callback(null, local(this.local, key, timeWindow));
        },
      );
    }

    // The plugin hands each rate-limited route its merged options, the route under `routeInfo`.
    child(routeOptions: object): FastifyRateLimitStore {
      const info: unknown = 'routeInfo' in routeOptions ? routeOptions.routeInfo : undefined;
      const part = (name: 'method' | 'url') =>
        typeof info === 'object' && info !== null && name in info
          ? String((info as Record<string, unknown>)[name])
          : '';
      const route = `${part('method')}${part('url')}`;
      const child = new SharedStore();
      child.keyPrefix = `${prefix}${route}-`;
      return child;
    }
  }
  return SharedStore;
}
