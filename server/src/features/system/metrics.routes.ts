import crypto from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import type { AddressList } from '../../lib/client-address.ts';
import { AppError } from '../../lib/errors.ts';
import type { Metrics } from '../../lib/metrics.ts';
import { addRoute, ROUTES } from '../../lib/route-table.ts';
import type { App } from '../../lib/zod-provider.ts';

/** Who may read `/metrics`: a bearer token, addresses, or both; neither means nobody (404). */
export interface MetricsAccess {
  token?: string | undefined;
  allow?: AddressList | undefined;
}

/** Compares the request's bearer token with the configured one in constant time. */
function tokenMatches(request: FastifyRequest, token: string | undefined): boolean {
  // The scheme's name is case-insensitive (RFC 9110): `bearer` and `BEARER` are `Bearer`.
  const presented = /^bearer +(\S+)\s*$/i.exec(request.headers.authorization ?? '')?.[1];
  if (!token || !presented) return false;
  const digest = (value: string) => crypto.createHash('sha256').update(value).digest();
  return crypto.timingSafeEqual(digest(presented), digest(token));
}

/**
 * The scraper's access to `/metrics` (the route table's `scraper`, enforced by `authorize`): the
 * token or an allowed address (the client address as TRUST_PROXY resolves it). Off (404) unless
 * one of the two is configured; 403 to anyone else, whatever account they are signed in with.
 */
export function scraperCheck(access: MetricsAccess) {
  return (request: FastifyRequest): void => {
    if (!access.token && !access.allow) throw new AppError('errors.not_found');
    if (!tokenMatches(request, access.token) && !access.allow?.has(request.ip)) {
      throw new AppError('errors.forbidden');
    }
  };
}

/** `GET /metrics`: this instance's metrics in Prometheus' text format, for the scraper only. */
export async function metricsRoutes(app: App, options: { metrics: Metrics }): Promise<void> {
  const { metrics } = options;
  addRoute(app, ROUTES.metrics, async (_request, reply) => {
    reply.header('cache-control', 'no-store').type(metrics.registry.contentType);
    return metrics.registry.metrics();
  });
}
