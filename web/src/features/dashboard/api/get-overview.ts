import { overviewSchema } from '@gomeum/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';

/** The dashboard's overview over the last `days` days. */
export function getOverview(days: number) {
  return apiRequest('GET', `/api/operator/overview?days=${days}`, overviewSchema);
}

/** The overview, refreshed every minute while open. */
export function useOverview(days: number) {
  return useQuery({
    queryKey: ['operator', 'overview', days],
    queryFn: () => getOverview(days),
    refetchInterval: 60_000,
    // Changing the range keeps the figures on screen until the new ones arrive.
    placeholderData: keepPreviousData,
  });
}
