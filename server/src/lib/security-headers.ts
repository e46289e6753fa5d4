import type { IncomingMessage, ServerResponse } from 'node:http';
import helmet, { type HelmetOptions } from 'helmet';

/**
 * The security headers helmet sets for these options, worked out once. They do not depend on the
 * request (no CSP nonces), so running helmet's middlewares on every request would rebuild the same
 * strings each time; the app sets the computed ones instead.
 */
export function securityHeaders(options: Readonly<HelmetOptions>): Readonly<Record<string, string>> {
  const headers = new Map<string, string>();
  const response = {
    setHeader(name: string, value: string | number | readonly string[]) {
      headers.set(name.toLowerCase(), typeof value === 'object' ? value.join(', ') : String(value));
    },
    removeHeader(name: string) {
      headers.delete(name.toLowerCase());
    },
  } as unknown as ServerResponse;
  const outcome: { finished: boolean; failure: unknown } = { finished: false, failure: null };
  helmet(options)(Object.create(null) as IncomingMessage, response, (error?: unknown) => {
    outcome.failure = error ?? null;
    outcome.finished = true;
  });
  const { failure } = outcome;
  if (failure !== null) throw failure instanceof Error ? failure : new Error('helmet rejected its options');
  if (!outcome.finished) throw new Error('helmet did not finish synchronously');
  return Object.freeze(Object.fromEntries(headers));
}
