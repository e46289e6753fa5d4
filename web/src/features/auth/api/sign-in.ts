import { API, authResultSchema, type AuthResult, type LoginBody, type RegisterBody } from '@gomeum/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { forgetOfflineData } from '../../../lib/offline-data.ts';
import { guestMergeOfferQuery } from './guest-merge-offer.ts';
import { meQuery } from './get-me.ts';

/** Logs in with email and password. */
export function login(body: LoginBody): Promise<AuthResult> {
  return apiRequest('POST', API.login, authResultSchema, body);
}

/** Creates an account (upgrading this browser's guest, if it is one). */
export function register(body: RegisterBody): Promise<AuthResult> {
  return apiRequest('POST', API.register, authResultSchema, body);
}

/** Enters as this browser's guest. */
export function enterAsGuest(): Promise<AuthResult> {
  return apiRequest('POST', API.guest, authResultSchema);
}

type SignInRequest = { mode: 'login'; body: LoginBody } | { mode: 'register'; body: RegisterBody } | { mode: 'guest' };

/** One mutation for the three ways in; on success the signed-in user is cached at once. */
export function useSignIn() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (request: SignInRequest) =>
      request.mode === 'login'
        ? login(request.body)
        : request.mode === 'register'
          ? register(request.body)
          : enterAsGuest(),
    onSuccess: (result) => {
      forgetOfflineData();
      queryClient.setQueryData(meQuery.queryKey, result.user);
      // A browser that was a guest with work of its own is asked, once in, whether to bring it along.
      queryClient.setQueryData(guestMergeOfferQuery.queryKey, result.guestMerge ?? null);
    },
  });
}
