import { API, meReplySchema, type Me } from '@gomeum/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';

/** Who is signed in, or null when nobody is (the server answers `null`, not an error). */
export function getMe(): Promise<Me | null> {
  return apiRequest('GET', API.me, meReplySchema);
}

/** Query options for the signed-in user; every sign-in and sign-out writes into this key. */
export const meQuery = queryOptions({ queryKey: ['me'] as const, queryFn: getMe, staleTime: 60_000 });

/** The signed-in user (null when signed out), shared by every component that asks. */
export function useMe() {
  return useQuery(meQuery);
}
