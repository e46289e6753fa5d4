import {
  daysQuerySchema,
  errorBodySchema,
  overviewSchema,
  userListQuerySchema,
  userListSchema,
  userParamsSchema,
  userVisitsSchema,
  type Visit,
} from '@gomeum/contracts';
import { operatorOnly } from '../../lib/auth-guard.ts';
import type { App } from '../../lib/zod-provider.ts';
import type { DashboardService } from './dashboard.service.ts';

const errors = { 400: errorBodySchema, 401: errorBodySchema, 403: errorBodySchema };

/** Operator-only reads for the dashboard: users, a user's visits, the overview. */
export async function dashboardRoutes(
  app: App,
  options: { dashboard: DashboardService; visits: { recent(userId: string, limit: number): Promise<Visit[]> } },
): Promise<void> {
  const { dashboard } = options;
  app.addHook('onRequest', operatorOnly);

  app.get(
    '/api/operator/users',
    { schema: { querystring: userListQuerySchema, response: { 200: userListSchema, ...errors } } },
    async (request) => dashboard.listUsers(request.query.query, request.query.page, request.query.pageSize),
  );

  app.get(
    '/api/operator/users/:userId/visits',
    {
      schema: {
        params: userParamsSchema,
        querystring: daysQuerySchema,
        response: { 200: userVisitsSchema, ...errors },
      },
    },
    async (request) => ({
      items: await options.visits.recent(request.params.userId, 200),
      perDay: await dashboard.visitsPerDay(request.query.days, request.params.userId),
    }),
  );

  app.get(
    '/api/operator/overview',
    { schema: { querystring: daysQuerySchema, response: { 200: overviewSchema, ...errors } } },
    async (request) => dashboard.overview(request.query.days),
  );
}
