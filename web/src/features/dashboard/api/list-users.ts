import { userListSchema } from '@gomeum/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';

/** A page of users matching `query` (email or guest id). */
export function listUsers(query: string, page: number, pageSize: number) {
  const params = new URLSearchParams({ query, page: String(page), pageSize: String(pageSize) });
  return apiRequest('GET', `/api/operator/users?${params.toString()}`, userListSchema);
}

/** The user list; the previous page stays on screen while the next one loads. */
export function useUsers(query: string, page: number, pageSize = 20) {
  return useQuery({
    queryKey: ['operator', 'users', query, page, pageSize],
    queryFn: () => listUsers(query, page, pageSize),
    placeholderData: keepPreviousData,
  });
}
