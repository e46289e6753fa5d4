import type { FastifyRequest } from 'fastify';
import type { Metrics } from '../../lib/metrics.ts';
import type { FeaturePlugin } from '../../lib/zod-provider.ts';
import { healthRoutes } from './health.routes.ts';
import { metricsRoutes, scraperCheck, type MetricsAccess } from './metrics.routes.ts';
import { ReadinessService, type ReadinessDeps } from './readiness.ts';

export type { ReadinessService } from './readiness.ts';

/** The system feature as the app uses it. */
export interface SystemFeature {
  /** Whether this instance can serve (told when storage ran out of space). */
  readiness: ReadinessService;
  /** The route table's `scraper` check for `/metrics`: the token or an allowed address. */
  scraper: (request: FastifyRequest) => void;
  plugin: FeaturePlugin;
}

/** The process as operators see it: /healthz, /readyz (database, storage, Redis) and /metrics. */
export function createSystem(deps: ReadinessDeps & { metrics: Metrics; access: MetricsAccess }): SystemFeature {
  const { metrics, access, ...readinessDeps } = deps;
  const readiness = new ReadinessService(readinessDeps);
  return {
    readiness,
    scraper: scraperCheck(access),
    plugin: async (app) => {
      await healthRoutes(app, { readiness });
      await metricsRoutes(app, { metrics });
    },
  };
}
