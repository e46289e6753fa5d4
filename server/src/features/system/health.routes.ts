import { addRoute, ROUTES } from '../../lib/route-table.ts';
import type { App } from '../../lib/zod-provider.ts';
import type { ReadinessService } from './readiness.ts';

/**
 * `GET /healthz`: the process is alive and serving HTTP (restart it when this fails).
 * `GET /readyz`: whether it can do its work — database, storage, Redis — 200 `ready` or
 * `degraded`, 503 `unavailable` (route traffic elsewhere while it is).
 */
export async function healthRoutes(app: App, options: { readiness: ReadinessService }): Promise<void> {
  addRoute(app, ROUTES.health, async (_request, reply) => {
    reply.header('cache-control', 'no-store');
    return { status: 'ok' as const };
  });

  addRoute(app, ROUTES.ready, async (_request, reply) => {
    const readiness = await options.readiness.check();
    reply.header('cache-control', 'no-store');
    return reply.status(readiness.status === 'unavailable' ? 503 : 200).send(readiness);
  });
}
