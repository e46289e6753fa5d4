import * as routes from '@gomeum/contracts/routes';
import { type QueryClient, useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { useLiveEvent } from '../../../lib/live/index.ts';
import { forgetDrafts } from '../../../lib/form-drafts.ts';
import { forgetOfflineData } from '../../../lib/offline-data.ts';
import { meQuery } from './get-me.ts';
import { SIGNING_IN_MUTATION_KEY } from './sign-in.ts';

/** Ends the session on the server. */
export function logout() {
  return api(routes.logout);
}

/** Forgets every cached answer that belonged to the user who was signed in. */
function forgetUser(queryClient: QueryClient): void {
  queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== meQuery.queryKey[0] });
  queryClient.setQueryData(meQuery.queryKey, null);
  forgetOfflineData();
}

/** Logs out and forgets every cached answer that belonged to that user, and what they were writing. */
export function useLogout() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: logout,
    onSuccess: () => {
      forgetUser(queryClient);
      forgetDrafts();
    },
  });
}

/**
 * The key of a mutation that ends the session on purpose and then signs this tab out itself
 * (deleting one's account): while it runs, the session's end is no news to follow.
 */
export const LEAVING_MUTATION_KEY = ['leaving'] as const;

/**
 * When the server says this tab's session ended (signed out in another tab, or expired), asks who
 * is signed in now: nobody means this tab signs out too; someone (a fresh sign-in) means carry on.
 */
export function useFollowSessionEnd(): void {
  const queryClient = useQueryClient();
  useLiveEvent('session.ended', () => {
    if (queryClient.isMutating({ mutationKey: LEAVING_MUTATION_KEY }) > 0) return;
    // Signing in ends the session this tab had; the sign-in itself says who is signed in next.
    if (queryClient.isMutating({ mutationKey: SIGNING_IN_MUTATION_KEY }) > 0) return;
    queryClient.query({ ...meQuery, staleTime: 0 }).then(
      (me) => {
        if (me === null) forgetUser(queryClient);
      },
      () => undefined,
    );
  });
}
