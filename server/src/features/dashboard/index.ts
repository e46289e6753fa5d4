import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import type { FeaturePlugin } from '../../lib/zod-provider.ts';
import type { VisitsService } from '../visits/index.ts';
import { DashboardRepository } from './dashboard.repository.ts';
import { dashboardRoutes } from './dashboard.routes.ts';
import { DashboardService } from './dashboard.service.ts';

export type { DashboardService } from './dashboard.service.ts';

/** The operator's reads: user search, visits per user and per day (the visits feature's), the overview. */
export function createDashboard(deps: {
  db: Kysely<Database>;
  visits: Pick<VisitsService, 'recent'>;
  now: () => number;
}): { dashboard: DashboardService; plugin: FeaturePlugin } {
  const dashboard = new DashboardService(new DashboardRepository(deps.db), deps.now);
  return { dashboard, plugin: (app) => dashboardRoutes(app, { dashboard, visits: deps.visits }) };
}
