import * as operatorRoutes from '@gomeum/contracts/operator-routes';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { dashboardKeys } from './keys.ts';

/** A user's latest page visits and visits per day. */
export function getUserVisits(userId: string, days: number) {
  return api(operatorRoutes.userVisits, { params: { userId }, query: { days } });
}

/** A user's visits. */
export function useUserVisits(userId: string, days: number) {
  return useQuery({ queryKey: dashboardKeys.visits(userId, days), queryFn: () => getUserVisits(userId, days) });
}
