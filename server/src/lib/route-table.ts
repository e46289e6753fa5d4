import type { Access, Me, RouteDef } from '@gomeum/contracts';
import * as operatorRoutes from '@gomeum/contracts/operator-routes';
import * as userRoutes from '@gomeum/contracts/routes';
import type { FastifyInstance, FastifyReply, FastifyRequest, RouteOptions } from 'fastify';
import type { WebSocket } from 'ws';
import type { z } from 'zod';
import type {} from './auth-guard.ts';
import { AppError } from './errors.ts';
import type { App } from './zod-provider.ts';

/** Every endpoint the server has: the user's table and the operator's, by name. */
export const ROUTES = { ...userRoutes, ...operatorRoutes } as const;
/** One endpoint of the table. */
export type TableRoute = (typeof ROUTES)[keyof typeof ROUTES];

const KNOWN = new Set<RouteDef>(Object.values(ROUTES));
const KNOWN_PATTERNS = new Set(Object.values(ROUTES).map((route) => `${route.method} ${route.path}`));

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The table's entry this route was registered from (absent on the not-found route). */
    route?: RouteDef;
  }
}

type Output<S> = S extends z.core.$ZodType ? z.output<S> : unknown;
type Input<S> = S extends z.core.$ZodType ? z.input<S> : unknown;
type Part<R, K extends string> = R extends Record<K, infer S> ? Output<S> : unknown;

/** The request a route's handler gets: its parts as the table's schemas read them, and a user when it takes one. */
export type RouteRequest<R extends RouteDef> = FastifyRequest<{
  Params: Part<R, 'params'>;
  Querystring: Part<R, 'query'>;
  Body: Part<R, 'body'>;
}> &
  (R['auth'] extends 'user' | 'operator' ? { user: Me; sessionId: string; logsVersion: number } : unknown);

/** What a handler answers: the success body (serialized through the table's schema), or the reply it sent. */
export type RouteAnswer<R extends RouteDef> = R extends { response: infer S } ? Input<S> | FastifyReply : unknown;

/** A route's handler; a WebSocket route's gets the socket. */
export type RouteHandler<R extends RouteDef> = R['kind'] extends 'websocket'
  ? (socket: WebSocket, request: RouteRequest<R>) => void
  : (request: RouteRequest<R>, reply: FastifyReply) => Promise<RouteAnswer<R>>;

/** Route options beyond what the table says: rate limits, a WebSocket's pre-upgrade checks. */
export type ExtraOptions = Pick<RouteOptions, 'config' | 'preValidation' | 'bodyLimit'>;

/**
 * Registers one endpoint of the table on `app`: its method and path, its params, query and body
 * validated with the table's schemas (400 with the schema's error code, as every route), its
 * success answer serialized through the table's response schema, and its access recorded for
 * `authorize` to enforce. Only the table's own entries are taken.
 */
export function addRoute<R extends TableRoute>(
  app: App,
  route: R,
  ...rest: [handler: RouteHandler<R>] | [options: ExtraOptions, handler: RouteHandler<R>]
): void {
  if (!KNOWN.has(route)) throw new Error(`not in the route table: ${route.method} ${route.path}`);
  const [options, handler] = rest.length === 1 ? [{}, rest[0]] : rest;
  const def: RouteDef = route;
  const response =
    def.response || def.otherResponses
      ? { ...(def.response ? { 200: def.response } : {}), ...def.otherResponses }
      : undefined;
  const schema = {
    ...(def.params ? { params: def.params } : {}),
    ...(def.query ? { querystring: def.query } : {}),
    ...(def.body ? { body: def.body } : {}),
    ...(response ? { response } : {}),
  };
  const config = { ...options.config, route: def };
  if (def.kind === 'websocket') {
    // A refusal must come before the upgrade and from a hook the WebSocket plugin answers for
    // (an `onRequest` refusal would leave the upgraded socket open): its access is checked here.
    const own = [options.preValidation ?? []].flat();
    app.route({
      ...options,
      preValidation: [async (request: FastifyRequest) => checkAccount(def.auth, request), ...own],
      method: def.method,
      url: def.path,
      schema,
      config,
      websocket: true,
      handler: handler as never,
    });
    return;
  }
  app.route({ ...options, method: def.method, url: def.path, schema, config, handler: handler as never });
}

/** Whether a registered route (method and Fastify pattern) is an entry of the table. */
export function inTable(method: string, url: string): boolean {
  return KNOWN_PATTERNS.has(`${method} ${url}`) || (method === 'HEAD' && KNOWN_PATTERNS.has(`GET ${url}`));
}

/**
 * Makes `app` refuse every route that is not an entry of the table, however it is registered
 * (`addRoute`, a plain `app.get`, a plugin): registering one throws, so the server does not start.
 * Each route that is registered is told to `onRoute`, with its options. A test may add `METHOD /path` routes of its own.
 */
export function onlyTableRoutes(
  app: FastifyInstance,
  onRoute: (method: string, url: string, route: RouteOptions) => void = () => undefined,
  testRoutes: readonly string[] = [],
) {
  app.addHook('onRoute', (route) => {
    for (const method of [route.method].flat()) {
      const forTest = testRoutes.includes(`${method === 'HEAD' ? 'GET' : method} ${route.url}`);
      if (!inTable(method, route.url) && !forTest)
        throw new Error(`route not in the route table: ${method} ${route.url}`);
      onRoute(method, route.url, route);
    }
  });
}

/** Checks of the accesses no account decides. */
export interface AccessChecks {
  /** Throws unless the caller is the metrics scraper (the token, or an allowed address). */
  scraper(request: FastifyRequest): void;
}

/**
 * The one place a route's access is enforced: an `onRequest` hook that reads the table's entry of
 * the matched route, before its body is read or validated. `user`: 401 without a session.
 * `operator`: 401 without one, 403 for anyone but the operator. `scraper`: the metrics check.
 * `public` and `owner` pass (an owner's data answers only its owner: the store decides, 404).
 * A WebSocket route's is checked in its `preValidation` instead, by `addRoute`.
 */
export function authorize(checks: AccessChecks) {
  return async (request: FastifyRequest): Promise<void> => {
    const route = request.routeOptions.config.route;
    if (!route || route.kind === 'websocket') return;
    if (route.auth === 'scraper') checks.scraper(request);
    else checkAccount(route.auth, request);
  };
}

/** The account checks of an access: `user` and `operator` (`public` and `owner` pass). */
export function checkAccount(auth: Access, request: Pick<FastifyRequest, 'user'>): void {
  if (auth !== 'user' && auth !== 'operator') return;
  if (!request.user) throw new AppError('errors.unauthorized');
  if (auth === 'operator' && request.user.role !== 'operator') throw new AppError('errors.forbidden');
}
