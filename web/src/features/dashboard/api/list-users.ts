import * as operatorRoutes from '@gomeum/contracts/operator-routes';
import { keepPreviousData, useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { dashboardKeys } from './keys.ts';

/** A page of users: newest first, or those whose email or guest id starts with `query`. */
export function listUsers(query: string, cursor: string | undefined) {
  return api(operatorRoutes.users, { query: cursor === undefined ? { query } : { query, cursor } });
}

/**
 * The user list, a page at a time (`fetchNextPage` while `hasNextPage`); the previous search's
 * list stays on screen while a new one loads.
 */
export function useUsers(query: string) {
  return useInfiniteQuery({
    queryKey: dashboardKeys.users(query),
    initialPageParam: undefined as string | undefined,
    queryFn: ({ pageParam }) => listUsers(query, pageParam),
    getNextPageParam: (last) => last.next ?? undefined,
    select: (data) => ({ items: data.pages.flatMap((page) => page.items), total: data.pages[0]?.total ?? null }),
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
