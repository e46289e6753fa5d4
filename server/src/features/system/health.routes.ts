import { API, healthSchema, readinessSchema } from '@gomeum/contracts';
import type { App } from '../../lib/zod-provider.ts';
import type { ReadinessService } from './readiness.ts';

/**
 * `GET /healthz`: the process is alive and serving HTTP (restart it when this fails).
 * `GET /readyz`: whether it can do its work — database, storage, Redis — 200 `ready` or
 * `degraded`, 503 `unavailable` (route traffic elsewhere while it is).
 */
export async function healthRoutes(app: App, options: { readiness: ReadinessService }): Promise<void> {
  app.get(API.health, { schema: { response: { 200: healthSchema } } }, async (_request, reply) => {
    reply.header('cache-control', 'no-store');
    return { status: 'ok' as const };
  });

  app.get(
    API.ready,
    { schema: { response: { 200: readinessSchema, 503: readinessSchema } } },
    async (_request, reply) => {
      const readiness = await options.readiness.check();
      reply.header('cache-control', 'no-store');
      return reply.status(readiness.status === 'unavailable' ? 503 : 200).send(readiness);
    },
  );
}
