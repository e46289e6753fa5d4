import {
  API,
  authResultSchema,
  errorBodySchema,
  localeBodySchema,
  loginBodySchema,
  meReplySchema,
  meSchema,
  okSchema,
  registerBodySchema,
} from '@gomeum/contracts';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { requireUser, userOnly } from '../../lib/auth-guard.ts';
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
        path: '/api/auth',
        httpOnly: true,
        sameSite: 'lax',
        secure,
        maxAge: GUEST_COOKIE_MAX_AGE_S,
      });
    } else if (signIn.guestToken === null) {
      reply.clearCookie(GUEST_COOKIE, { path: '/api/auth' });
    }
    return signIn.result;
  };

  const limited = (max: number) => ({ rateLimit: { max, timeWindow: '1 minute' } });
  const authReplies = { 200: authResultSchema, 400: errorBodySchema, 401: errorBodySchema, 409: errorBodySchema };

  app.post(
    API.register,
    { schema: { body: registerBodySchema, response: authReplies }, config: limited(options.rateLimit.auth) },
    async (request, reply) => sendSignIn(request, reply, await auth.register(request.body, context(request))),
  );

  app.post(
    API.login,
    { schema: { body: loginBodySchema, response: authReplies }, config: limited(options.rateLimit.auth) },
    async (request, reply) => sendSignIn(request, reply, await auth.login(request.body, context(request))),
  );

  app.post(
    API.guest,
    { schema: { response: { 200: authResultSchema } }, config: limited(options.rateLimit.guest) },
    async (request, reply) => sendSignIn(request, reply, await auth.guest(context(request))),
  );

  app.post(API.logout, { schema: { response: { 200: okSchema } } }, async (request, reply) => {
    await auth.logout(request.cookies[SESSION_COOKIE]);
    reply.clearCookie(SESSION_COOKIE, { path: '/' });
    return { ok: true as const };
  });

  // Anyone may ask who they are: a visitor who is not signed in is told `null`.
  app.get(API.me, { schema: { response: { 200: meReplySchema } } }, async (request) => request.user ?? null);

  app.put(
    API.locale,
    { onRequest: userOnly, schema: { body: localeBodySchema, response: { 200: meSchema } } },
    async (request) => {
      const user = requireUser(request);
      await auth.setLocale(user.id, request.body.locale);
      return { ...user, locale: request.body.locale };
    },
  );
}

/** Sets `request.user` from the session cookie on every request. */
export function resolveUserHook(auth: AuthService) {
  return async (request: FastifyRequest) => {
    const session = await auth.resolveSession(request.cookies[SESSION_COOKIE]);
    request.user = session ? toMe(session.user) : null;
    request.sessionId = session?.sessionId ?? null;
  };
}
