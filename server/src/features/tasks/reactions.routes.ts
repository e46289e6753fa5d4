import type { FastifyRequest } from 'fastify';
import { addRoute, ROUTES } from '../../lib/route-table.ts';
import type { App } from '../../lib/zod-provider.ts';
import type { ReactionsService } from './reactions.service.ts';

/** The operator's queue of proofs waiting for Gomeum, and replying to one. */
export async function reactionsRoutes(app: App, options: { reactions: ReactionsService }): Promise<void> {
  const { reactions } = options;

  addRoute(app, ROUTES.waitingProofs, async () => ({ items: await reactions.waiting() }));

  addRoute(
    app,
    ROUTES.replyToProof,
    {
      config: {
        rateLimit: {
          max: 120,
          timeWindow: '1 minute',
          keyGenerator: (request: FastifyRequest) => (request.user ? `user:${request.user.id}` : `ip:${request.ip}`),
        },
      },
    },
    async (request) => ({ reaction: await reactions.reply(request.params.logId, request.body.content) }),
  );
}
