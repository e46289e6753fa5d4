import type { PlanetId } from '@gomeum/contracts';
import * as routes from '@gomeum/contracts/routes';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { taskKeys } from './keys.ts';

/** Gomeum's log on a planet, newest first. */
export function listGomeumLogs(planet: PlanetId) {
  return api(routes.gomeumLogs, { params: { planetId: planet } });
}

/** Query options for Gomeum's log on a planet. */
export function gomeumLogsQuery(planet: PlanetId) {
  return queryOptions({ queryKey: taskKeys.gomeumLogs(planet), queryFn: () => listGomeumLogs(planet) });
}

/** Gomeum's log on a planet. */
export function useGomeumLogs(planet: PlanetId) {
  return useQuery(gomeumLogsQuery(planet));
}
