import * as operatorRoutes from '@gomeum/contracts/operator-routes';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { dashboardKeys } from './keys.ts';

/** The dashboard's overview over the last `days` days. */
export function getOverview(days: number) {
  return api(operatorRoutes.overview, { query: { days } });
}

/** The overview, refreshed every minute while open. */
export function useOverview(days: number) {
  return useQuery({
    queryKey: dashboardKeys.overview(days),
    queryFn: () => getOverview(days),
    refetchInterval: 60_000,
    // Changing the range keeps the figures on screen until the new ones arrive.
    placeholderData: keepPreviousData,
  });
}
