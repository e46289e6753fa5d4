import type { Me } from '@gomeum/contracts';
import * as routes from '@gomeum/contracts/routes';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { authKeys } from './keys.ts';

/** Who is signed in, or null when nobody is (the server answers `null`, not an error). */
export function getMe(): Promise<Me | null> {
  return api(routes.me);
}

/**
 * Who is signed in, as the app knows it (`useMe().data`): the user, null when no one is, undefined
 * while not known (yet). The app shell reads it once and hands it to the top bar's controls.
 */
export type SignedInUser = Me | null | undefined;

/** Query options for the signed-in user; every sign-in and sign-out writes into this key. */
export const meQuery = queryOptions({ queryKey: authKeys.me, queryFn: getMe, staleTime: 60_000 });

/** The signed-in user (null when signed out), shared by every component that asks. */
export function useMe() {
  return useQuery(meQuery);
}
