import { IncomingMessage, ServerResponse } from 'node:http';
import { Socket } from 'node:net';
import helmet, { contentSecurityPolicy, type HelmetOptions } from 'helmet';

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

/** The site's Content-Security-Policy: no inline script or style, nothing from another origin. */
const SITE_POLICY = {
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
};

/**
 * The site's headers: a strict CSP (no inline script; a page the server renders allows React's
 * inline scripts by the response's nonce, see `pagePolicy`), no embedding, and a referrer for our
 * own pages only.
 */
export const SITE_SECURITY_HEADERS: Readonly<HelmetOptions> = {
  contentSecurityPolicy: { useDefaults: false, directives: SITE_POLICY },
  crossOriginEmbedderPolicy: false,
  // No address leaves for another site; our own pages' forms still say where they come from (with
  // no referrer at all, a browser posts a form as from origin `null`, which the same-origin check
  // refuses: the register page's forms are posted by the browser itself before the app starts).
  referrerPolicy: { policy: 'same-origin' },
};

/** The nonce of each response `pagePolicy` writes a policy for (helmet asks for it by the response). */
const nonces = new WeakMap<ServerResponse, string>();

/** Helmet's CSP middleware for rendered pages: the site's policy, its scripts also by the response's nonce. */
const pagePolicyMiddleware = contentSecurityPolicy({
  useDefaults: false,
  directives: {
    ...SITE_POLICY,
    scriptSrc: ["'self'", (_request, response) => `'nonce-${nonces.get(response)}'`],
    // The page's own stylesheets, written into it (features/web/inline-styles.ts).
    styleSrc: ["'self'", (_request, response) => `'nonce-${nonces.get(response)}'`],
  },
});

/**
 * The Content-Security-Policy of a page the server renders: the site's, with `'nonce-…'` in its
 * `script-src`, so the inline scripts React writes with that nonce run (its form replay, streamed
 * Suspense boundaries) and no other; in its `style-src` too, for the stylesheets written into it.
 * Helmet writes it, as the site's (see `securityHeaders`).
 */
export function pagePolicy(nonce: string): string {
  const response = new ServerResponse(new IncomingMessage(new Socket()));
  nonces.set(response, nonce);
  let failure: unknown = null;
  pagePolicyMiddleware(response.req, response, (error?: unknown) => {
    failure = error ?? null;
  });
  const policy = response.getHeader('content-security-policy');
  if (failure !== null || typeof policy !== 'string')
    throw new Error('helmet wrote no page policy', { cause: failure });
  return policy;
}
