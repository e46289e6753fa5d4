import * as routes from '@gomeum/contracts/routes';
import { queryOptions, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { prefetchPage } from '../../../lib/prefetch-page.ts';
import { useLiveEvent } from '../../../lib/live/index.ts';
import { galaxyKeys } from './keys.ts';

/** Where the user stands on every planet (state, progress, Gomeum's news). */
export function getGalaxy() {
  return api(routes.galaxy);
}

const galaxyQuery = queryOptions({ queryKey: galaxyKeys.standing, queryFn: getGalaxy });

/**
 * The galaxy's standings; fetched on each visit, so a planet just looked at loses its marks, and
 * again when Gomeum writes a log or reacts to a proof while it is open, so the mark comes at once.
 */
export function useGalaxy() {
  const queryClient = useQueryClient();
  const query = useQuery(galaxyQuery);
  const refresh = () => void queryClient.invalidateQueries({ queryKey: galaxyQuery.queryKey });
  useLiveEvent('gomeum_log.published', refresh, query.dataUpdatedAt);
  useLiveEvent('proof.reaction', refresh, query.dataUpdatedAt);
  return query;
}

/** Prefetches the galaxy page's query before it renders (the app's first page, on the server and in the browser). */
export function prefetchGalaxy(queryClient: QueryClient) {
  return prefetchPage('galaxy', { galaxy: () => queryClient.query(galaxyQuery) });
}
