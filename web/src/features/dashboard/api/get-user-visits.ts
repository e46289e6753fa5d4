import { userVisitsSchema } from '@gomeum/contracts';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';

/** A user's latest page visits and visits per day. */
export function getUserVisits(userId: string, days: number) {
  return apiRequest('GET', `/api/operator/users/${encodeURIComponent(userId)}/visits?days=${days}`, userVisitsSchema);
}

/** A user's visits. */
export function useUserVisits(userId: string, days: number) {
  return useQuery({ queryKey: ['operator', 'visits', userId, days], queryFn: () => getUserVisits(userId, days) });
}
