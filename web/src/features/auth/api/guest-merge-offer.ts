import type { GuestMergeOffer } from '@gomeum/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { authKeys } from './keys.ts';

/**
 * The offer a login made to bring this browser's guest work into the account, kept in the query
 * cache (written by the login, cleared when answered or at sign-out): null when there is none.
 */
export const guestMergeOfferQuery = queryOptions({
  queryKey: authKeys.guestMergeOffer,
  queryFn: (): GuestMergeOffer | null => null,
  staleTime: Infinity,
  gcTime: Infinity,
});

/** The pending guest-merge offer, or null. Never fetched: only a login writes it. */
export function useGuestMergeOffer() {
  return useQuery({ ...guestMergeOfferQuery, enabled: false }).data ?? null;
}
