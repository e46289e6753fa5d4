import {
  errorBodySchema,
  proofReactionBodySchema,
  proofReactionParamsSchema,
  proofReactionReplySchema,
  REACTION_API,
  waitingProofListSchema,
} from '@gomeum/contracts';
import type { FastifyRequest } from 'fastify';
import { requireOperator } from '../../lib/auth-guard.ts';
import type { App } from '../../lib/zod-provider.ts';
import type { ReactionsService } from './reactions.service.ts';

const errors = {
  400: errorBodySchema,
  401: errorBodySchema,
  403: errorBodySchema,
  404: errorBodySchema,
  409: errorBodySchema,
};

/** The operator's queue of proofs waiting for Gomeum, and replying to one. */
export async function reactionsRoutes(app: App, options: { reactions: ReactionsService }): Promise<void> {
  const { reactions } = options;

  app.get(
    REACTION_API.waiting,
    { schema: { response: { 200: waitingProofListSchema, ...errors } } },
    async (request) => {
      requireOperator(request);
      return { items: await reactions.waiting() };
    },
  );

  app.post(
    REACTION_API.reply,
    {
      schema: {
        params: proofReactionParamsSchema,
        body: proofReactionBodySchema,
        response: { 200: proofReactionReplySchema, ...errors },
      },
      config: {
        rateLimit: {
          max: 120,
          timeWindow: '1 minute',
          keyGenerator: (request: FastifyRequest) => (request.user ? `user:${request.user.id}` : `ip:${request.ip}`),
        },
      },
    },
    async (request) => {
      requireOperator(request);
      return { reaction: await reactions.reply(request.params.logId, request.body.content) };
    },
  );
}
