import type { FastifyRequest } from 'fastify';
import { AppError } from './errors.ts';

/** True when a request's Origin header names this very site (default ports compared as such). */
export function sameOrigin(origin: string, protocol: string, host: string): boolean {
  try {
    return new URL(origin).origin === new URL(`${protocol}://${host}`).origin;
  } catch {
    return false;
  }
}

/** True when the request has no Origin (not a browser) or names this very site. */
export function originAllowed(request: FastifyRequest): boolean {
  const origin = request.headers.origin;
  return !origin || sameOrigin(origin, request.protocol, request.host);
}

/**
 * An `onRequest` hook that refuses cross-site writes: any request but GET, HEAD and OPTIONS whose
 * Origin names another site gets 403 (session cookies are also `SameSite=Lax`).
 */
export async function refuseCrossSiteWrites(request: FastifyRequest): Promise<void> {
  if (request.method === 'GET' || request.method === 'HEAD' || request.method === 'OPTIONS') return;
  if (!originAllowed(request)) throw new AppError('errors.forbidden');
}
