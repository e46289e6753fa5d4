import { GUEST_COOKIE_PATH, isErrorCode, WEB_ROUTES } from '@gomeum/contracts';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { perAddress, perPerson } from '../../lib/route-limits.ts';
import { addRoute, ROUTES } from '../../lib/route-table.ts';
import { addRead } from '../../lib/server-reads.ts';
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

/** How a browser sends a form by itself. */
const FORM_TYPE = 'application/x-www-form-urlencoded';

/** Whether the request is a sign-in form the browser sent by itself (see `answerFormPosts`). */
function isFormPost(request: FastifyRequest): boolean {
  return request.headers['content-type']?.split(';')[0]?.trim().toLowerCase() === FORM_TYPE;
}

/**
 * The register page's forms work before its script has started (a quick visitor on a slow phone):
 * the browser then posts them itself (`<form method="post">`), as a form, and is answered with the
 * page to go to instead of JSON: a 303 to the user's home once signed in (the session cookie set as
 * for the app), or back to the register page, in the same mode, with the error's code, which the
 * page shows in the reader's language. Checks, limits and errors are the routes' own.
 */
function answerFormPosts(app: App): void {
  app.addContentTypeParser(FORM_TYPE, { parseAs: 'string', bodyLimit: 4 * 1024 }, (_request, body, done) => {
    done(null, Object.fromEntries(new URLSearchParams(String(body))));
  });
  app.addHook('onSend', async (request, reply, payload) => {
    if (!isFormPost(request)) return payload;
    let body: unknown = null;
    try {
      body = JSON.parse(String(payload));
    } catch {
      // No JSON: answered as a failure below.
    }
    const answer = (body ?? {}) as { redirectTo?: unknown; error?: { code?: unknown } };
    const home =
      typeof answer.redirectTo === 'string' && /^\/(?!\/)/.test(answer.redirectTo) ? answer.redirectTo : null;
    let location: string;
    if (reply.statusCode < 300 && home) location = home;
    else {
      const code = isErrorCode(answer.error?.code) ? answer.error.code : 'errors.server';
      const mode = request.routeOptions.url === ROUTES.login.path ? 'login' : 'register';
      location = `${WEB_ROUTES.register}?${new URLSearchParams({ mode, error: code }).toString()}`;
    }
    reply.code(303).header('location', location).header('content-type', 'text/plain; charset=utf-8');
    return '';
  });
}

/** Accounts: register, log in, guest, log out, who am I. */
export async function authRoutes(app: App, options: AuthRoutesOptions): Promise<void> {
  const { auth } = options;
  answerFormPosts(app);

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

  // No person yet: these make or find one, so they are counted per address (a guest making guests,
  // or trying passwords, gets no budget of its own).
  addRoute(app, ROUTES.register, perAddress(options.rateLimit.auth), async (request, reply) =>
    sendSignIn(request, reply, await auth.register(request.body, context(request))),
  );

  addRoute(app, ROUTES.login, perAddress(options.rateLimit.auth), async (request, reply) =>
    sendSignIn(request, reply, await auth.login(request.body, context(request))),
  );

  addRoute(app, ROUTES.guest, perAddress(options.rateLimit.guest), async (request, reply) =>
    sendSignIn(request, reply, await auth.guest(context(request))),
  );

  addRoute(app, ROUTES.logout, async (request, reply) => {
    await auth.logout(request.cookies[SESSION_COOKIE]);
    reply.clearCookie(SESSION_COOKIE, { path: '/' });
    return { ok: true as const };
  });

  // Anyone may ask who they are: a visitor who is not signed in is told `null`.
  addRead(app, ROUTES.me, async (request) => request.user ?? null);

  addRoute(app, ROUTES.setLocale, perPerson(30), async (request) => {
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
