import { API, meSchema, type Me } from '@gomeum/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { ApiError, apiRequest } from '../../../lib/api-client.ts';

/** Who is signed in, or null when nobody is. */
export async function getMe(): Promise<Me | null> {
  try {
    return await apiRequest('GET', API.me, meSchema);
  } catch (error) {
    if (error instanceof ApiError && error.status === 401) return null;
    throw error;
  }
}

/** Query options for the signed-in user; every sign-in and sign-out writes into this key. */
export const meQuery = queryOptions({ queryKey: ['me'] as const, queryFn: getMe, staleTime: 60_000 });

/** The signed-in user (null when signed out), shared by every component that asks. */
export function useMe() {
  return useQuery(meQuery);
}
