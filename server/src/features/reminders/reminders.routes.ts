import { perPerson } from '../../lib/route-limits.ts';
import { addRoute, ROUTES } from '../../lib/route-table.ts';
import { addRead } from '../../lib/server-reads.ts';
import type { App } from '../../lib/zod-provider.ts';
import type { RemindersService } from './reminders.service.ts';

/** A task's reminder: read it, and set or turn it off (the caller's own task only). */
export async function remindersRoutes(app: App, options: { reminders: RemindersService }): Promise<void> {
  const { reminders } = options;

  addRead(app, ROUTES.reminder, async (request) => ({
    reminder: await reminders.get(request.user.id, request.params.planetId),
  }));

  addRoute(
    app,
    ROUTES.setReminder,
    // Per user (people behind one address each get their own), so no one can churn the table.
    perPerson(30),
    async (request) => ({ reminder: await reminders.set(request.user.id, request.params.planetId, request.body) }),
  );
}
