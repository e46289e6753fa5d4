import { IncomingMessage, ServerResponse } from 'node:http';
import { Socket } from 'node:net';
import helmet, { type HelmetOptions } from 'helmet';

/**
 * The security headers helmet sets for these options, worked out once. They do not depend on the
 * request (no CSP nonces), so running helmet's middlewares on every request would rebuild the same
 * strings each time; the app sets the computed ones instead. Helmet runs as any Node middleware
 * does, on a response of Node's own (never sent: it has no connection), and its headers are read
 * back with `getHeaders()`.
 */
export async function securityHeaders(options: Readonly<HelmetOptions>): Promise<Readonly<Record<string, string>>> {
  const request = new IncomingMessage(new Socket());
  const response = new ServerResponse(request);
  await new Promise<void>((resolve, reject) => {
    helmet(options)(request, response, (error?: unknown) => {
      if (error === undefined || error === null) resolve();
      else reject(error instanceof Error ? error : new Error('helmet rejected its options'));
    });
  });
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(response.getHeaders())) {
    if (value !== undefined) headers[name] = Array.isArray(value) ? value.join(', ') : String(value);
  }
  return Object.freeze(headers);
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
