import * as routes from '@gomeum/contracts/routes';
import { queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { galaxyKeys } from './keys.ts';

/** Where the user stands on every planet (state, progress, Gomeum's news). */
export function getGalaxy() {
  return api(routes.galaxy);
}

const galaxyQuery = queryOptions({ queryKey: galaxyKeys.standing, queryFn: getGalaxy });

/** The galaxy's standings; fetched on each visit, so a planet just looked at loses its dot. */
export function useGalaxy() {
  return useQuery(galaxyQuery);
}

/** Reads what the galaxy page shows first, before it renders (the router's first page). */
export function prefetchGalaxy(queryClient: QueryClient) {
  return queryClient.query(galaxyQuery).catch(() => undefined);
}
