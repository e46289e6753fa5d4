import { routePattern, type Me, type RouteDef, type ServerReply } from '@gomeum/contracts';
import type { FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { addRoute, checkAccount, type RouteHandler, type RouteRequest, type TableRoute } from './route-table.ts';
import { serializerCompiler, validatorCompiler, type App } from './zod-provider.ts';

type Input<S> = S extends z.core.$ZodType ? z.input<S> : unknown;

/** What a read is answered from: who asks (resolved once, from their session) and the route's params and query. */
export type ReadRequest<R extends RouteDef> = Pick<RouteRequest<R>, 'user' | 'params' | 'query'>;

/** A GET route's answer: its success body, made from who asks and what the route's schemas read. */
export type Read<R extends RouteDef> = (
  request: ReadRequest<R>,
) => Promise<R extends { response: infer S } ? Input<S> : unknown>;

/** Who asks, as the page's own request resolved them (`resolveUser`). */
export type Asker = Pick<FastifyRequest, 'user'>;

interface Entry {
  route: RouteDef;
  pattern: RegExp;
  read: (request: { user: Me | null; params: unknown; query: unknown }) => Promise<unknown>;
  serialize: (data: unknown) => string;
}

/** One schema's check, as Fastify's validation of the route runs it (`validatorCompiler`). */
function check(
  schema: z.core.$ZodType | undefined,
  httpPart: 'params' | 'querystring',
  data: unknown,
): { value: unknown } | null {
  if (!schema) return { value: data };
  const result = validatorCompiler({ schema, method: 'GET', url: '', httpPart })(data) as {
    value?: unknown;
    error?: unknown;
  };
  return result.error ? null : { value: result.value };
}

/**
 * The API's reads a page render makes, answered in the process: the same function the route's
 * handler calls (`addRead`), behind the same checks (the table's access, the route's params and
 * query schemas) and serialized through the same response schema, without a request's round trip
 * through Fastify for each. Who asks is resolved once, by the page's own request. Anything but a
 * plain success (a refusal, an invalid parameter, an error) is left to the route itself (`null`),
 * which answers it as it answers the app.
 */
export class ServerReads {
  private readonly entries: Entry[] = [];

  add<R extends TableRoute>(route: R, read: Read<R>): void {
    const def: RouteDef = route;
    if (def.method !== 'GET') throw new Error(`a read must be a GET route: ${def.method} ${def.path}`);
    const schema = def.response as z.core.$ZodType | undefined;
    const serialize = schema
      ? serializerCompiler({ schema, method: 'GET', url: def.path, httpStatus: '200' })
      : (data: unknown) => JSON.stringify(data);
    this.entries.push({ route: def, pattern: routePattern(def), read: read as Entry['read'], serialize });
  }

  /** `url` (path and query) read for `asker`: its status and JSON body, or null when the route must answer it. */
  async answer(url: string, asker: Asker): Promise<ServerReply | null> {
    const [pathname = '', search = ''] = url.split('?', 2);
    const entry = this.entries.find((candidate) => candidate.pattern.test(pathname));
    const match = entry?.pattern.exec(pathname);
    if (!entry || !match) return null;
    const { route } = entry;
    try {
      checkAccount(route.auth, asker);
    } catch {
      return null;
    }
    try {
      const rawParams: Record<string, string> = {};
      for (const [name, value] of Object.entries(match.groups ?? {})) rawParams[name] = decodeURIComponent(value);
      const rawQuery: Record<string, string> = {};
      for (const [name, value] of new URLSearchParams(search)) {
        // A repeated name: Fastify reads it as a list; the route decides.
        if (name in rawQuery) return null;
        rawQuery[name] = value;
      }
      const params = check(route.params, 'params', rawParams);
      const query = check(route.query, 'querystring', rawQuery);
      if (!params || !query) return null;
      const data = await entry.read({ user: asker.user, params: params.value, query: query.value });
      return { status: 200, body: JSON.parse(entry.serialize(data)) as unknown };
    } catch {
      // A malformed address, a refusal of the store (not found), a failure: as the route answers it.
      return null;
    }
  }
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The API's reads a page render answers in the process (`ServerReads`), shared with their routes. */
    serverReads: ServerReads;
  }
}

/**
 * Registers a GET route of the table whose answer is `read` (`addRoute`), and the same `read` for
 * the page render (`app.serverReads`): the route and the render answer from one function.
 */
export function addRead<R extends TableRoute>(app: App, route: R, read: Read<R>): void {
  // The route's request is a `ReadRequest` (and more); a generic route's handler type cannot say so.
  addRoute(app, route, ((request: ReadRequest<R>) => read(request)) as unknown as RouteHandler<R>);
  app.serverReads.add(route, read);
}
