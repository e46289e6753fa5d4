import { API, okSchema } from '@gomeum/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { meQuery } from './get-me.ts';

/** Ends the session on the server. */
export function logout() {
  return apiRequest('POST', API.logout, okSchema);
}

/** Logs out and forgets every cached answer that belonged to that user. */
export function useLogout() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: logout,
    onSuccess: () => {
      queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== meQuery.queryKey[0] });
      queryClient.setQueryData(meQuery.queryKey, null);
    },
  });
}
