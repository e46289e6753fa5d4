import type { FastifyRequest } from 'fastify';
import { addRoute, ROUTES } from '../../lib/route-table.ts';
import type { App } from '../../lib/zod-provider.ts';
import type { RemindersService } from './reminders.service.ts';

/** A task's reminder: read it, and set or turn it off (the caller's own task only). */
export async function remindersRoutes(app: App, options: { reminders: RemindersService }): Promise<void> {
  const { reminders } = options;

  addRoute(app, ROUTES.reminder, async (request) => ({
    reminder: await reminders.get(request.user.id, request.params.planetId),
  }));

  addRoute(
    app,
    ROUTES.setReminder,
    // Per user (people behind one address each get their own), so no one can churn the table.
    {
      config: {
        rateLimit: {
          max: 30,
          timeWindow: '1 minute',
          keyGenerator: (request: FastifyRequest) => (request.user ? `user:${request.user.id}` : `ip:${request.ip}`),
        },
      },
    },
    async (request) => ({ reminder: await reminders.set(request.user.id, request.params.planetId, request.body) }),
  );
}
