import { API, gomeumLogListSchema, type PlanetId } from '@gomeum/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';

/** Gomeum's log on a planet, newest first. */
export function listGomeumLogs(planet: PlanetId) {
  return apiRequest('GET', API.gomeumLogs(planet), gomeumLogListSchema);
}

/** Query options for Gomeum's log on a planet. */
export function gomeumLogsQuery(planet: PlanetId) {
  return queryOptions({ queryKey: ['gomeum-logs', planet] as const, queryFn: () => listGomeumLogs(planet) });
}

/** Gomeum's log on a planet. */
export function useGomeumLogs(planet: PlanetId) {
  return useQuery(gomeumLogsQuery(planet));
}
