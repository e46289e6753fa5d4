import type { FastifyRequest } from 'fastify';
import { errorBodySchema, planetParamsSchema, reminderBodySchema, reminderResultSchema } from '@gomeum/contracts';
import { requireUser, userOnly } from '../../lib/auth-guard.ts';
import type { App } from '../../lib/zod-provider.ts';
import type { RemindersService } from './reminders.service.ts';

const errors = {
  400: errorBodySchema,
  401: errorBodySchema,
  403: errorBodySchema,
  404: errorBodySchema,
  409: errorBodySchema,
};

/** A task's reminder: read it, and set or turn it off (the caller's own task only). */
export async function remindersRoutes(app: App, options: { reminders: RemindersService }): Promise<void> {
  const { reminders } = options;

  app.get(
    '/api/planets/:planetId/reminder',
    { schema: { params: planetParamsSchema, response: { 200: reminderResultSchema, ...errors } } },
    async (request) => ({ reminder: await reminders.get(requireUser(request).id, request.params.planetId) }),
  );

  app.put(
    '/api/planets/:planetId/reminder',
    {
      onRequest: userOnly,
      schema: {
        params: planetParamsSchema,
        body: reminderBodySchema,
        response: { 200: reminderResultSchema, ...errors },
      },
      // Per user (people behind one address each get their own), so no one can churn the table.
      config: {
        rateLimit: {
          max: 30,
          timeWindow: '1 minute',
          keyGenerator: (request: FastifyRequest) => (request.user ? `user:${request.user.id}` : `ip:${request.ip}`),
        },
      },
    },
    async (request) => ({
      reminder: await reminders.set(requireUser(request).id, request.params.planetId, request.body),
    }),
  );
}
