import { GUEST_COOKIE_PATH } from '@gomeum/contracts';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { addRoute, ROUTES } from '../../lib/route-table.ts';
import type { App } from '../../lib/zod-provider.ts';
import { toMe, type AuthService, type ClientContext, type SignIn } from './auth.service.ts';

/** The session cookie: HttpOnly, SameSite=Lax, Secure over https. */
export const SESSION_COOKIE = 'gomeum_session';
/** Remembers this browser's guest account across log-outs, so a guest is one per browser. */
export const GUEST_COOKIE = 'gomeum_guest';
const GUEST_COOKIE_MAX_AGE_S = 400 * 24 * 60 * 60;

/** Options for the auth routes. */
export interface AuthRoutesOptions {
  auth: AuthService;
  secureCookies: 'auto' | 'always' | 'never';
  rateLimit: { auth: number; guest: number };
}

/** Accounts: register, log in, guest, log out, who am I. */
export async function authRoutes(app: App, options: AuthRoutesOptions): Promise<void> {
  const { auth } = options;

  const isSecure = (request: FastifyRequest) =>
    options.secureCookies === 'always' || (options.secureCookies === 'auto' && request.protocol === 'https');

  const context = (request: FastifyRequest): ClientContext => ({
    ip: request.ip || null,
    userAgent: request.headers['user-agent'] ?? null,
    sessionToken: request.cookies[SESSION_COOKIE],
    guestToken: request.cookies[GUEST_COOKIE],
  });

  const sendSignIn = (request: FastifyRequest, reply: FastifyReply, signIn: SignIn) => {
    const secure = isSecure(request);
    reply.setCookie(SESSION_COOKIE, signIn.session.token, {
      path: '/',
      httpOnly: true,
      sameSite: 'lax',
      secure,
      maxAge: Math.floor(signIn.session.maxAgeMs / 1000),
    });
    if (signIn.guestToken) {
      reply.setCookie(GUEST_COOKIE, signIn.guestToken, {
        path: GUEST_COOKIE_PATH,
        httpOnly: true,
        sameSite: 'lax',
        secure,
        maxAge: GUEST_COOKIE_MAX_AGE_S,
      });
    } else if (signIn.guestToken === null) {
      reply.clearCookie(GUEST_COOKIE, { path: GUEST_COOKIE_PATH });
    }
    return signIn.result;
  };

  const limited = (max: number) => ({ config: { rateLimit: { max, timeWindow: '1 minute' } } });

  addRoute(app, ROUTES.register, limited(options.rateLimit.auth), async (request, reply) =>
    sendSignIn(request, reply, await auth.register(request.body, context(request))),
  );

  addRoute(app, ROUTES.login, limited(options.rateLimit.auth), async (request, reply) =>
    sendSignIn(request, reply, await auth.login(request.body, context(request))),
  );

  addRoute(app, ROUTES.guest, limited(options.rateLimit.guest), async (request, reply) =>
    sendSignIn(request, reply, await auth.guest(context(request))),
  );

  addRoute(app, ROUTES.logout, async (request, reply) => {
    await auth.logout(request.cookies[SESSION_COOKIE]);
    reply.clearCookie(SESSION_COOKIE, { path: '/' });
    return { ok: true as const };
  });

  // Anyone may ask who they are: a visitor who is not signed in is told `null`.
  addRoute(app, ROUTES.me, async (request) => request.user ?? null);

  addRoute(app, ROUTES.setLocale, async (request) => {
    await auth.setLocale(request.user.id, request.body.locale);
    return { ...request.user, locale: request.body.locale };
  });
}

/** Sets `request.user` from the session cookie on every request. */
export function resolveUserHook(auth: AuthService) {
  return async (request: FastifyRequest) => {
    const session = await auth.resolveSession(request.cookies[SESSION_COOKIE]);
    request.user = session ? toMe(session.user) : null;
    request.sessionId = session?.sessionId ?? null;
    request.logsVersion = session?.user.logs_version ?? null;
  };
}
