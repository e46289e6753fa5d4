import type { Server } from 'node:http';
import type { FastifyBaseLogger } from 'fastify';
import type { Metrics } from '../metrics.ts';
import { oncePer } from '../once-per.ts';
import { InProcessBus, RedisBus } from './bus.ts';
import { LiveHub } from './hub.ts';

/**
 * This instance's live hub, on Redis pub/sub when `redisUrl` is set (so instances deliver to each
 * other's sockets), in-process otherwise; its errors logged, its delivery lag and open sockets
 * measured.
 */
export async function connectLive(
  redisUrl: string | undefined,
  redisPrefix: string,
  log: FastifyBaseLogger,
  metrics: Metrics,
  server: Server,
): Promise<LiveHub> {
  const bus = redisUrl
    ? await RedisBus.connect(
        redisUrl,
        oncePer(10_000, (error: unknown) => log.warn({ err: error }, 'live bus: redis unavailable')),
        `${redisPrefix}live`,
      )
    : new InProcessBus();
  const live = new LiveHub(
    bus,
    (error, context) => log.error({ err: error, context }, 'live'),
    (lagMs) => metrics.liveDeliveryLag.observe(lagMs / 1000),
  );
  metrics.watchConnections({ liveSockets: () => live.size, server });
  return live;
}
