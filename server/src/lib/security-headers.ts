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

/**
 * The site's headers: a strict CSP (no inline script; drawn pages add hashes of their own, see
 * features/web), no embedding, and a referrer for our own pages only.
 */
export const SITE_SECURITY_HEADERS: Readonly<HelmetOptions> = {
  contentSecurityPolicy: {
    useDefaults: false,
    directives: {
      defaultSrc: ["'self'"],
      scriptSrc: ["'self'"],
      styleSrc: ["'self'"],
      imgSrc: ["'self'", 'data:', 'blob:'],
      mediaSrc: ["'self'", 'blob:'],
      connectSrc: ["'self'"],
      fontSrc: ["'self'"],
      manifestSrc: ["'self'"],
      workerSrc: ["'self'"],
      objectSrc: ["'none'"],
      baseUri: ["'self'"],
      formAction: ["'self'"],
      frameAncestors: ["'none'"],
    },
  },
  crossOriginEmbedderPolicy: false,
  // No address leaves for another site; our own pages' forms still say where they come from (with
  // no referrer at all, a browser posts a form as from origin `null`, which the same-origin check
  // refuses: the register page's forms are posted by the browser itself before the app starts).
  referrerPolicy: { policy: 'same-origin' },
};
