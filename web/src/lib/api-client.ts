import type { ErrorCode } from '@gomeum/contracts';
import { errorBodySchema } from '@gomeum/contracts';
import type * as z from 'zod/mini';

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

/**
 * Calls the API with JSON (or a FormData upload) and parses the answer with the contract's schema, so a reply that does
 * not match what the server promised fails loudly instead of drifting. Network failures become
 * `errors.offline` when the browser is offline and `errors.server` otherwise, which the UI can show.
 */
export async function apiRequest<T extends z.ZodMiniType>(
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
  path: string,
  schema: T,
  body?: unknown,
): Promise<z.output<T>> {
  let response: Response;
  try {
    const isForm = body instanceof FormData;
    response = await fetch(path, {
      method,
      credentials: 'same-origin',
      // A FormData body sets its own multipart content type, boundary included.
      headers:
        body === undefined || isForm
          ? { accept: 'application/json' }
          : { accept: 'application/json', 'content-type': 'application/json' },
      body: body === undefined ? undefined : isForm ? body : JSON.stringify(body),
    });
  } catch {
    // No network at all (the browser knows it): say so in the reader's language, not "server error".
    throw networkError();
  }
  const payload: unknown = await response.json().catch(() => undefined);
  return parseReply(schema, response.status, response.statusText, payload);
}

/** The network failed before any answer: offline when the browser knows it, otherwise a server error. */
export function networkError(): ApiError {
  if (typeof navigator !== 'undefined' && !navigator.onLine) return new ApiError(0, 'errors.offline', 'Offline');
  return new ApiError(0, 'errors.server', 'Network error');
}

/** An answer's body checked against the contract, or the server's error as an `ApiError`. */
export function parseReply<T extends z.ZodMiniType>(schema: T, status: number, statusText: string, payload: unknown) {
  if (status < 200 || status > 299) {
    const parsed = errorBodySchema.safeParse(payload);
    if (parsed.success) throw new ApiError(status, parsed.data.error.code, parsed.data.error.message);
    throw new ApiError(status, status === 429 ? 'errors.rate_limited' : 'errors.server', statusText);
  }
  return schema.parse(payload);
}
