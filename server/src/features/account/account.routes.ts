import {
  ACCOUNT_API,
  accountDeletedSchema,
  deleteAccountBodySchema,
  errorBodySchema,
  GUEST_API,
  guestMergeBodySchema,
  guestMergedSchema,
  keepAskSchema,
  operatorDeleteUserBodySchema,
  userParamsSchema,
} from '@gomeum/contracts';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { requireOperator, requireUser, userOnly } from '../../lib/auth-guard.ts';
import type { App } from '../../lib/zod-provider.ts';
import { GUEST_COOKIE, SESSION_COOKIE } from '../auth/auth.routes.ts';
import type { AccountService } from './account.service.ts';

/** Options of the account routes. */
export interface AccountRoutesOptions {
  account: AccountService;
  /** Data downloads per user per hour. */
  exportsPerHour: number;
  /** Deletion attempts per user per minute (each checks a password). */
  deletesPerMinute: number;
  /** Answers to a guest-merge offer, and one-time-ask claims, per user per minute. */
  guestPerMinute: number;
}

const errors = { 400: errorBodySchema, 401: errorBodySchema, 403: errorBodySchema, 404: errorBodySchema };

/**
 * A user's data rights: download everything held about them (a ZIP made as it streams), delete
 * the account and everything in it. The operator can do both for a user from the dashboard.
 */
export async function accountRoutes(app: App, options: AccountRoutesOptions): Promise<void> {
  const { account } = options;
  // Counted per user (an address can be shared by many), per address only when signed out.
  const perUser = (max: number, timeWindow: string) => ({
    rateLimit: {
      max,
      timeWindow,
      keyGenerator: (request: FastifyRequest) => (request.user ? `user:${request.user.id}` : `ip:${request.ip}`),
    },
  });

  const sendArchive = async (reply: FastifyReply, userId: string) => {
    const { stream, name } = await account.export(userId);
    return reply
      .header('content-type', 'application/zip')
      .header('content-disposition', `attachment; filename="${name}"`)
      .header('cache-control', 'private, no-store')
      .header('x-content-type-options', 'nosniff')
      .send(stream);
  };

  app.get(
    ACCOUNT_API.export,
    { onRequest: userOnly, config: perUser(options.exportsPerHour, '1 hour') },
    async (request, reply) => sendArchive(reply, requireUser(request).id),
  );

  app.post(
    ACCOUNT_API.delete,
    {
      onRequest: userOnly,
      schema: { body: deleteAccountBodySchema, response: { 200: accountDeletedSchema, ...errors } },
      config: perUser(options.deletesPerMinute, '1 minute'),
    },
    async (request, reply) => {
      const result = await account.deleteOwn(requireUser(request), request.body);
      // The session is gone with the account; the browser forgets it and its guest.
      reply.clearCookie(SESSION_COOKIE, { path: '/' });
      reply.clearCookie(GUEST_COOKIE, { path: '/api/auth' });
      return result;
    },
  );

  app.post(
    GUEST_API.merge,
    {
      onRequest: userOnly,
      schema: { body: guestMergeBodySchema, response: { 200: guestMergedSchema, ...errors } },
      config: perUser(options.guestPerMinute, '1 minute'),
    },
    async (request, reply) => {
      const result = await account.answerGuestMerge(requireUser(request), request.sessionId, request.body.accept);
      // The guest is gone: this browser no longer comes back to it.
      if (result.merged) reply.clearCookie(GUEST_COOKIE, { path: '/api/auth' });
      return result;
    },
  );

  app.post(
    GUEST_API.keepAsk,
    {
      onRequest: userOnly,
      schema: { response: { 200: keepAskSchema, ...errors } },
      config: perUser(options.guestPerMinute, '1 minute'),
    },
    async (request) => ({ ask: await account.claimKeepAsk(requireUser(request)) }),
  );

  app.get(
    ACCOUNT_API.operatorExport,
    { schema: { params: userParamsSchema }, config: perUser(options.exportsPerHour * 10, '1 hour') },
    async (request, reply) => {
      requireOperator(request);
      return sendArchive(reply, request.params.userId);
    },
  );

  app.delete(
    ACCOUNT_API.operatorUser,
    {
      schema: {
        params: userParamsSchema,
        body: operatorDeleteUserBodySchema,
        response: { 200: accountDeletedSchema, ...errors },
      },
    },
    async (request) => {
      requireOperator(request);
      return account.deleteByOperator(request.params.userId, request.body.confirmUserId);
    },
  );
}
