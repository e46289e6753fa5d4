import type { FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import type { RateBudget } from '../../lib/rate-budget.ts';
import type { FeaturePlugin } from '../../lib/zod-provider.ts';
import { authRoutes, resolveUserHook } from './auth.routes.ts';
import { AuthService, type SessionPolicy } from './auth.service.ts';
import { SessionsRepository } from './sessions.repository.ts';
import { UsersRepository } from './users.repository.ts';
import { UsersService } from './users.service.ts';

export { GUEST_COOKIE, SESSION_COOKIE } from './auth.routes.ts';
export { verifyPassword } from './password.ts';
export type { AuthService } from './auth.service.ts';
export type { MarkedWrite, UserSummary, UsersService } from './users.service.ts';

/** What the auth feature is built from. */
export interface AuthDeps {
  db: Kysely<Database>;
  session: SessionPolicy & { secure: 'auto' | 'always' | 'never' };
  now: () => number;
  /** New guest accounts per address per day. */
  newGuests: { budget: RateBudget; perDay: number };
  /** Sign-in attempts and new guests per address per minute. */
  rateLimit: { auth: number; guest: number };
}

/** The auth feature as the app uses it. */
export interface AuthFeature {
  /** Accounts and sessions. */
  auth: AuthService;
  /** What other features may know of users. */
  users: UsersService;
  /** The `onRequest` hook that sets `request.user` and `request.sessionId` from the session cookie. */
  resolveUser: (request: FastifyRequest) => Promise<void>;
  plugin: FeaturePlugin;
}

/** Accounts, sessions and guests: register, log in, log out, who am I; users for other features. */
export function createAuth(deps: AuthDeps): AuthFeature {
  const usersRepository = new UsersRepository(deps.db);
  const auth = new AuthService(
    usersRepository,
    new SessionsRepository(deps.db),
    deps.session,
    deps.now,
    deps.newGuests,
  );
  return {
    auth,
    users: new UsersService(usersRepository),
    resolveUser: resolveUserHook(auth),
    plugin: (app) => authRoutes(app, { auth, secureCookies: deps.session.secure, rateLimit: deps.rateLimit }),
  };
}
