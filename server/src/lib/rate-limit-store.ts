import type { FastifyRateLimitStore, FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import type { Windows } from './rate-budget.ts';

type IncrCallback = (error: Error | null, result?: { current: number; ttl: number }) => void;

/**
 * A store for @fastify/rate-limit that counts in `windows` under `prefix`: with RedisWindows,
 * shared by every instance, and kept in this instance's memory while Redis cannot be reached (an
 * outage never lets requests through unlimited, and never makes one wait).
 */
export function sharedRateLimitStore(windows: Windows, prefix: string): FastifyRateLimitStoreCtor {
  class SharedStore implements FastifyRateLimitStore {
    // The plugin constructs the store itself (with its options); routes get children.
    private keyPrefix = prefix;

    incr(key: string, callback: IncrCallback, timeWindow: number): void {
      // RedisWindows never fails: it falls back to memory.
      void Promise.resolve(windows.hit(`${this.keyPrefix}${key}`, timeWindow)).then(({ count, ttl }) =>
        callback(null, { current: count, ttl }),
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
