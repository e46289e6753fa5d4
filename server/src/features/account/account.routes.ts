import { GUEST_COOKIE_PATH } from '@gomeum/contracts';
import type { FastifyReply } from 'fastify';
import { perPerson } from '../../lib/route-limits.ts';
import { addRoute, ROUTES } from '../../lib/route-table.ts';
import type { App } from '../../lib/zod-provider.ts';
import { GUEST_COOKIE, SESSION_COOKIE } from '../auth/index.ts';
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

/**
 * A user's data rights: download everything held about them (a ZIP made as it streams), delete
 * the account and everything in it. The operator can do both for a user from the dashboard.
 */
export async function accountRoutes(app: App, options: AccountRoutesOptions): Promise<void> {
  const { account } = options;
  const sendArchive = async (reply: FastifyReply, userId: string) => {
    const { stream, name } = await account.export(userId);
    return reply
      .header('content-type', 'application/zip')
      .header('content-disposition', `attachment; filename="${name}"`)
      .header('cache-control', 'private, no-store')
      .header('x-content-type-options', 'nosniff')
      .send(stream);
  };

  addRoute(app, ROUTES.exportOwnData, perPerson(options.exportsPerHour, '1 hour'), async (request, reply) =>
    sendArchive(reply, request.user.id),
  );

  addRoute(app, ROUTES.deleteAccount, perPerson(options.deletesPerMinute, '1 minute'), async (request, reply) => {
    const result = await account.deleteOwn(request.user, request.body);
    // The session is gone with the account; the browser forgets it and its guest.
    reply.clearCookie(SESSION_COOKIE, { path: '/' });
    reply.clearCookie(GUEST_COOKIE, { path: GUEST_COOKIE_PATH });
    return result;
  });

  addRoute(app, ROUTES.guestMerge, perPerson(options.guestPerMinute, '1 minute'), async (request, reply) => {
    const result = await account.answerGuestMerge(request.user, request.sessionId, request.body.accept);
    // The guest is gone: this browser no longer comes back to it.
    if (result.merged) reply.clearCookie(GUEST_COOKIE, { path: GUEST_COOKIE_PATH });
    return result;
  });

  addRoute(app, ROUTES.keepProgressAsk, perPerson(options.guestPerMinute, '1 minute'), async (request) => ({
    ask: await account.claimKeepAsk(request.user),
  }));

  addRoute(app, ROUTES.exportUserData, perPerson(options.exportsPerHour * 10, '1 hour'), async (request, reply) =>
    sendArchive(reply, request.params.userId),
  );

  addRoute(app, ROUTES.deleteUser, async (request) =>
    account.deleteByOperator(request.params.userId, request.body.confirmUserId),
  );
}
