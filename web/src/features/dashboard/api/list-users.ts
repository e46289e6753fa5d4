import * as operatorRoutes from '@gomeum/contracts/operator-routes';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { dashboardKeys } from './keys.ts';

/** A page of users matching `query` (email or guest id). */
export function listUsers(query: string, page: number, pageSize: number) {
  return api(operatorRoutes.users, { query: { query, page, pageSize } });
}

/** The user list; the previous page stays on screen while the next one loads. */
export function useUsers(query: string, page: number, pageSize = 20) {
  return useQuery({
    queryKey: dashboardKeys.users(query, page, pageSize),
    queryFn: () => listUsers(query, page, pageSize),
    placeholderData: keepPreviousData,
  });
}

/** One user, for a link to them when the list on screen does not hold them (`enabled` false: it does). */
export function useOperatorUser(userId: string | null, enabled: boolean) {
  return useQuery({
    queryKey: dashboardKeys.user(userId ?? ''),
    queryFn: () => api(operatorRoutes.user, { params: { userId: userId ?? '' } }),
    enabled: enabled && userId !== null,
  });
}
