import type { Visit } from '@gomeum/contracts';
import { addRoute, ROUTES } from '../../lib/route-table.ts';
import type { App } from '../../lib/zod-provider.ts';
import type { DashboardService } from './dashboard.service.ts';

/** Operator-only reads for the dashboard: users, one user, a user's visits, the overview. */
export async function dashboardRoutes(
  app: App,
  options: { dashboard: DashboardService; visits: { recent(userId: string, limit: number): Promise<Visit[]> } },
): Promise<void> {
  const { dashboard } = options;

  addRoute(app, ROUTES.users, async (request) =>
    dashboard.listUsers(request.query.query, request.query.cursor, request.query.limit),
  );

  addRoute(app, ROUTES.user, async (request) => dashboard.getUser(request.params.userId));

  addRoute(app, ROUTES.userVisits, async (request) => ({
    items: await options.visits.recent(request.params.userId, 200),
    perDay: await dashboard.visitsPerDay(request.query.days, request.params.userId),
  }));

  addRoute(app, ROUTES.overview, async (request) => dashboard.overview(request.query.days));
}
