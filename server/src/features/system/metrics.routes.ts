import crypto from 'node:crypto';
import { API } from '@gomeum/contracts';
import type { FastifyRequest } from 'fastify';
import type { AddressList } from '../../lib/client-address.ts';
import { AppError } from '../../lib/errors.ts';
import type { Metrics } from '../../lib/metrics.ts';
import type { App } from '../../lib/zod-provider.ts';

/** Who may read `/metrics`: a bearer token, addresses, or both; neither means nobody (404). */
export interface MetricsAccess {
  token?: string | undefined;
  allow?: AddressList | undefined;
}

/** Compares the request's bearer token with the configured one in constant time. */
function tokenMatches(request: FastifyRequest, token: string | undefined): boolean {
  const header = request.headers.authorization;
  if (!token || !header?.startsWith('Bearer ')) return false;
  const digest = (value: string) => crypto.createHash('sha256').update(value).digest();
  return crypto.timingSafeEqual(digest(header.slice('Bearer '.length)), digest(token));
}

/**
 * `GET /metrics`: this instance's metrics in Prometheus' text format, for a scraper that sends the
 * token or calls from an allowed address (the client address as TRUST_PROXY resolves it). Off
 * (404) unless one of the two is configured; 403 to anyone else.
 */
export async function metricsRoutes(app: App, options: { metrics: Metrics; access: MetricsAccess }): Promise<void> {
  const { metrics, access } = options;
  app.get(API.metrics, async (request, reply) => {
    if (!access.token && !access.allow) throw new AppError(404, 'errors.not_found');
    if (!tokenMatches(request, access.token) && !access.allow?.has(request.ip)) {
      throw new AppError(403, 'errors.forbidden');
    }
    reply.header('cache-control', 'no-store').type(metrics.registry.contentType);
    return metrics.registry.metrics();
  });
}
