import fastifyCompress from '@fastify/compress';
import fastifyCookie from '@fastify/cookie';
import fastifyMultipart from '@fastify/multipart';
import fastifyRateLimit, { type FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import Fastify, { type FastifyRequest } from 'fastify';
import type { AppConfig } from '../config.ts';
import { cleanForwardedHeadersOn, trustFunction } from './client-address.ts';
import { REPLY_COMPRESSION } from './compression.ts';
import { errorBody } from './errors.ts';
import { personKey } from './route-limits.ts';
import type { Metrics } from './metrics.ts';
import { refuseCrossSiteWrites } from './same-origin.ts';
import { securityHeaders, SITE_SECURITY_HEADERS } from './security-headers.ts';
import { ServerReads } from './server-reads.ts';
import { serializerCompiler, validatorCompiler, type App } from './zod-provider.ts';

// JSON bodies of the API are small; uploads get their own limit on their own routes.
const BODY_LIMIT_BYTES = 64 * 1024;

/** The Fastify instance: zod validation and serialization, timeouts, the proxy trust of TRUST_PROXY. */
export function createHttpApp(config: Pick<AppConfig, 'logLevel' | 'trustProxy'>): App {
  const app = Fastify({
    logger: config.logLevel === 'silent' ? false : { level: config.logLevel },
    trustProxy: trustFunction(config.trustProxy),
    bodyLimit: BODY_LIMIT_BYTES,
    requestTimeout: 30_000,
    connectionTimeout: 60_000,
    return503OnClosing: true,
    forceCloseConnections: 'idle',
  }).withTypeProvider() as unknown as App;
  cleanForwardedHeadersOn(app.server, config.trustProxy);
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  // The reads a page render answers in the process, registered with their routes (`addRead`).
  app.decorate('serverReads', new ServerReads());
  return app;
}

/** What the HTTP stack needs of the app: its limits, and the features' request hooks. */
export interface HttpStackOptions {
  uploadMaxBytes: number;
  /** @fastify/rate-limit's store (shared through Redis when configured). */
  rateLimitStore: { store?: FastifyRateLimitStoreCtor };
  /** Sets `request.user`, `sessionId` and `logsVersion` from the session cookie (auth). */
  resolveUser: (request: FastifyRequest) => Promise<void>;
  /** The one access hook (lib/route-table.ts' authorize). */
  authorize: (request: FastifyRequest) => Promise<void>;
  metrics: Metrics;
}

/**
 * External plugins, then the app's hooks, in this order: cookies, security headers, compression,
 * rate limits, multipart; cross-site writes refused, who is asking resolved, access checked;
 * every request measured.
 */
export async function registerHttpStack(app: App, options: HttpStackOptions): Promise<void> {
  await app.register(fastifyCookie);
  const headers = await securityHeaders(SITE_SECURITY_HEADERS);
  app.addHook('onRequest', (_request, reply, done) => {
    reply.headers(headers);
    done();
  });
  // Replies of 1 KB and more (JSON, the app shell) go out compressed when the browser takes brotli or
  // gzip; the build's assets are compressed ahead (see webRoutes). Request bodies are never inflated.
  await app.register(fastifyCompress, { global: true, globalDecompression: false, ...REPLY_COMPRESSION });
  await app.register(fastifyRateLimit, {
    global: false,
    // Counted per person once signed in, per address only before (lib/route-limits.ts).
    keyGenerator: personKey,
    // Shared through Redis when configured; if Redis is unreachable, counted in this instance's memory.
    ...options.rateLimitStore,
    errorResponseBuilder: () => ({ statusCode: 429, ...errorBody('errors.rate_limited') }),
  });
  await app.register(fastifyMultipart, {
    limits: { fileSize: options.uploadMaxBytes, files: 8, fields: 10, fieldSize: 64 * 1024, parts: 20 },
  });

  // App hooks: refuse cross-site writes, then resolve who is asking.
  app.addHook('onRequest', refuseCrossSiteWrites);
  app.decorateRequest('user', null);
  app.decorateRequest('sessionId', null);
  app.decorateRequest('logsVersion', null);
  app.addHook('onRequest', options.resolveUser);
  // Who may call each route is the route table's `auth`, enforced here for every route at once: on
  // the matched route, before its body is read or validated (401 anonymous, 403 others).
  app.addHook('onRequest', options.authorize);

  // Every request's route pattern, status and time, for /metrics.
  app.addHook('onResponse', async (request, reply) => {
    const route = request.routeOptions.url ?? 'unmatched';
    options.metrics.httpRequests.observe(
      { method: request.method, route, status: reply.statusCode },
      reply.elapsedTime / 1000,
    );
  });
}
