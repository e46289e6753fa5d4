import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import type { FeaturePlugin } from '../../lib/zod-provider.ts';
import { createGeoLookup, defaultGeoDatabases, noGeoLookup } from './geoip.ts';
import { VisitsRepository } from './visits.repository.ts';
import { visitsRoutes } from './visits.routes.ts';
import { VisitsService } from './visits.service.ts';

export type { VisitsService } from './visits.service.ts';

/** Page visits: recorded with their place (offline GeoIP), read by the operator, addresses forgotten in time. */
export function createVisits(deps: {
  db: Kysely<Database>;
  /** The GeoLite2 databases; false: no place looked up; absent: the default paths. */
  geoip: { v4: string; v6: string } | false | undefined;
  now: () => number;
}): { visits: VisitsService; plugin: FeaturePlugin } {
  const geo = deps.geoip === false ? noGeoLookup : createGeoLookup(deps.geoip ?? defaultGeoDatabases());
  const visits = new VisitsService(new VisitsRepository(deps.db), geo, deps.now);
  return { visits, plugin: (app) => visitsRoutes(app, { visits }) };
}
