import type { AuthResult, LoginBody, RegisterBody } from '@gomeum/contracts';
import * as routes from '@gomeum/contracts/routes';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { forgetOfflineData } from '../../../lib/offline-data.ts';
import { guestMergeOfferQuery } from './guest-merge-offer.ts';
import { meQuery } from './get-me.ts';

/** Logs in with email and password. */
export function login(body: LoginBody): Promise<AuthResult> {
  return api(routes.login, { body });
}

/** Creates an account (upgrading this browser's guest, if it is one). */
export function register(body: RegisterBody): Promise<AuthResult> {
  return api(routes.register, { body });
}

/** Enters as this browser's guest. */
export function enterAsGuest(): Promise<AuthResult> {
  return api(routes.guest);
}

type SignInRequest = { mode: 'login'; body: LoginBody } | { mode: 'register'; body: RegisterBody } | { mode: 'guest' };

/** The key of the sign-in mutation: while it runs, the old session's end is no news to follow. */
export const SIGNING_IN_MUTATION_KEY = ['signing-in'] as const;

/**
 * One mutation for the three ways in; on success the signed-in user is cached at once. A `/me`
 * asked before the new session's cookie arrived (signing in ends the old session, and the tab is
 * told) is cancelled first, so its stale answer cannot land on top of the new user.
 */
export function useSignIn() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: SIGNING_IN_MUTATION_KEY,
    mutationFn: (request: SignInRequest) =>
      request.mode === 'login'
        ? login(request.body)
        : request.mode === 'register'
          ? register(request.body)
          : enterAsGuest(),
    onSuccess: async (result) => {
      await queryClient.cancelQueries({ queryKey: meQuery.queryKey });
      forgetOfflineData();
      queryClient.setQueryData(meQuery.queryKey, result.user);
      // A browser that was a guest with work of its own is asked, once in, whether to bring it along.
      queryClient.setQueryData(guestMergeOfferQuery.queryKey, result.guestMerge ?? null);
    },
  });
}
