import type * as z from 'zod/mini';

/**
 * Who may call a route. `public`: anyone. `user`: anyone signed in (guests and the operator
 * included; 401 otherwise). `operator`: the operator only (401 anonymous, 403 everyone else).
 * `owner`: anyone may ask, and the data answers only its owner and the operator (a private file:
 * to everyone else it does not exist, 404; the check is the file store's). `scraper`: the metrics
 * token or an allowed address only, no account counts (404 when neither is configured, 403 others).
 */
export type Access = 'public' | 'user' | 'operator' | 'owner' | 'scraper';

/** The HTTP methods the API uses. */
export type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

/**
 * What a route takes and answers. `json`: a JSON body (if any) and a JSON answer checked by
 * `response`. `upload`: a multipart form (fields checked by `form`, files alongside) answered with
 * JSON. `download`: the bytes of a file or an archive. `text`: plain text (metrics). `websocket`:
 * an upgrade to the live channel. `page`: the web app's own files and pages (HTML, assets).
 */
export type RouteKind = 'json' | 'upload' | 'download' | 'text' | 'websocket' | 'page';

/** Any zod schema (the contracts use zod/mini; the server's zod reads the same schemas). */
export type AnySchema = z.ZodMiniType;

/** One endpoint: its method and path, who may call it, and the schema of each part. */
export interface RouteDef {
  method: Method;
  /** Fastify's pattern: `:name` marks a path parameter. */
  path: string;
  auth: Access;
  kind: RouteKind;
  params?: AnySchema;
  query?: AnySchema;
  /** The JSON body (`json` routes). */
  body?: AnySchema;
  /** The text fields of the multipart form (`upload` routes). */
  form?: AnySchema;
  /** The answer of a success (200). */
  response?: AnySchema;
  /** Answers of other statuses that carry a body of their own (not the error shape), by status. */
  otherResponses?: Readonly<Record<number, AnySchema>>;
}

/** A route table: endpoints by name. */
export type RouteTable = Readonly<Record<string, RouteDef>>;

type Input<S> = S extends AnySchema ? z.input<S> : never;
type Output<S> = S extends AnySchema ? z.output<S> : never;

/** The path parameters a caller gives (as the schema reads them). */
export type ParamsOf<R extends RouteDef> = R extends { params: infer S } ? Input<S> : undefined;
/** The query a caller gives. */
export type QueryOf<R extends RouteDef> = R extends { query: infer S } ? Partial<Input<S>> : undefined;
/** The JSON body a caller sends, or the FormData of an upload. */
export type BodyOf<R extends RouteDef> = R extends { body: infer S }
  ? Input<S>
  : R extends { kind: 'upload' }
    ? FormData
    : undefined;
/** The answer a caller gets. */
export type ResponseOf<R extends RouteDef> = R extends { response: infer S } ? Output<S> : unknown;

/** The request parts of a call of a route: its params and body if it has them, and its query (optional). */
export type CallInput<R extends RouteDef> = (ParamsOf<R> extends undefined ? unknown : { params: ParamsOf<R> }) &
  (BodyOf<R> extends undefined ? unknown : { body: BodyOf<R> }) &
  (QueryOf<R> extends undefined ? unknown : { query?: QueryOf<R> });

/**
 * The URL of a call: each `:name` filled with its parameter (percent-encoded), and the query's
 * defined values appended in the order given.
 */
export function routeUrl(route: RouteDef, params?: object, query?: object): string {
  let url = route.path;
  if (params) {
    const values = params as Record<string, unknown>;
    url = url.replace(/:([A-Za-z]+)/g, (_match, name: string) => encodeURIComponent(String(values[name])));
  }
  if (query) {
    const search = new URLSearchParams();
    for (const [key, value] of Object.entries(query)) {
      if (value !== undefined && value !== null) search.append(key, String(value as string | number | boolean));
    }
    const text = search.toString();
    if (text) url += `?${text}`;
  }
  return url;
}

/**
 * A matcher of the paths a route answers: each `:name` one path segment, caught as the named group
 * `name`. Its `source` goes where the table cannot (the service worker, stamped by the build).
 */
export function routePattern(route: Pick<RouteDef, 'path'>): RegExp {
  const body = route.path
    .split(/(:[A-Za-z]+)/)
    .map((part) => (part.startsWith(':') ? `(?<${part.slice(1)}>[^/]+)` : part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')))
    .join('');
  return new RegExp(`^${body}$`);
}

/** Where the API's paths begin; everything else is the web app's. */
export const API_PREFIX = '/api/';

/** The path the guest cookie is sent on: the sign-in routes only. */
export const GUEST_COOKIE_PATH = '/api/auth';
