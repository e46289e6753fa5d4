import type { CallInput, ErrorCode, ResponseOf, RouteDef, ServerReply } from '@gomeum/contracts';
import { errorBodySchema, routeUrl } from '@gomeum/contracts';

/** An API call that failed: the server's error code (an i18n key) and the HTTP status. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: ErrorCode,
    message: string,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

/**
 * Whether trying the same request again soon may succeed: the network failed, or the server (or a
 * proxy in front of it) is briefly unavailable. Worth a retry only with an idempotency key.
 */
export function isTransient(error: unknown): boolean {
  return (
    error instanceof ApiError &&
    (error.status === 0 || error.status === 502 || error.status === 503 || error.status === 504)
  );
}

/** How the server's render of a page reads the API for its reader (entry-server.tsx). */
export interface ServerReads {
  /** Reads `url` through the server's own routes, with the reader's session. */
  read(url: string): Promise<ServerReply>;
  /** Told what `api()` made of each answer (the render hands the answers to the page's service worker). */
  answered(url: string, data: unknown): void;
}

/**
 * On the server only: the reads of the render in progress, or undefined outside a render. Set
 * once, as the render module loads; each render's own reads are found through it (the render keeps
 * them in an `AsyncLocalStorage`, so renders run side by side).
 */
let serverReads: () => ServerReads | undefined = () => undefined;

/** Sets how the server's render answers `api()`'s reads (see `serverReads`). */
export function answerServerReads(current: typeof serverReads): void {
  serverReads = current;
}

/** How a call is sent, beside what it carries. */
export interface ApiOptions {
  /**
   * The request outlives the page: a reload or a navigation right after it does not cancel it
   * (for small writes the user has already seen take effect, such as closing the celebration).
   */
  keepalive?: boolean;
}

/** What a call of `route` takes: its path parameters, query and body, each only if the route has it. */
export type ApiArgs<R extends RouteDef> =
  object extends CallInput<R> ? [input?: CallInput<R> & ApiOptions] : [input: CallInput<R> & ApiOptions];

/**
 * Calls one endpoint of the route table (`@gomeum/contracts/routes`, or the operator's): its path
 * filled with `params`, `query` appended, `body` sent as JSON (or as the multipart form it is), and
 * the answer parsed with the route's response schema, so a reply that does not match what the
 * server promised fails loudly instead of drifting. Network failures become `errors.offline` when
 * the browser is offline and `errors.server` otherwise, which the UI can show.
 */
export async function api<R extends RouteDef>(route: R, ...[input]: ApiArgs<R>): Promise<ResponseOf<R>> {
  const { params, query, body, keepalive } = (input ?? {}) as {
    params?: object;
    query?: object;
    body?: unknown;
  } & ApiOptions;
  const url = routeUrl(route, params, query);
  if (import.meta.env.SSR) {
    // The server's render reads through the server's own routes, as its reader; it writes nothing.
    const reads = serverReads();
    if (!reads || route.method !== 'GET') throw new ApiError(0, 'errors.server', 'Not read for the render');
    const reply = await reads.read(url);
    const data = parseReply(route, reply.status, '', reply.body);
    reads.answered(url, data);
    return data;
  }
  let response: Response;
  try {
    const isForm = body instanceof FormData;
    response = await fetch(url, {
      method: route.method,
      credentials: 'same-origin',
      // A FormData body sets its own multipart content type, boundary included.
      headers:
        body === undefined || isForm
          ? { accept: 'application/json' }
          : { accept: 'application/json', 'content-type': 'application/json' },
      body: body === undefined ? undefined : isForm ? body : JSON.stringify(body),
      keepalive,
    });
  } catch {
    // No network at all (the browser knows it): say so in the reader's language, not "server error".
    throw networkError();
  }
  const payload: unknown = await response.json().catch(() => undefined);
  return parseReply(route, response.status, response.statusText, payload);
}

/** The network failed before any answer: offline when the browser knows it, otherwise a server error. */
export function networkError(): ApiError {
  if (typeof navigator !== 'undefined' && !navigator.onLine) return new ApiError(0, 'errors.offline', 'Offline');
  return new ApiError(0, 'errors.server', 'Network error');
}

/** An answer's body checked against the route's response schema, or the server's error as an `ApiError`. */
export function parseReply<R extends RouteDef>(route: R, status: number, statusText: string, payload: unknown) {
  if (status < 200 || status > 299) {
    const parsed = errorBodySchema.safeParse(payload);
    if (parsed.success) throw new ApiError(status, parsed.data.error.code, parsed.data.error.message);
    throw new ApiError(status, status === 429 ? 'errors.rate_limited' : 'errors.server', statusText);
  }
  return (route.response ? route.response.parse(payload) : payload) as ResponseOf<R>;
}
