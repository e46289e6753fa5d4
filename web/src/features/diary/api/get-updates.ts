import { API, updateListSchema, updateSchema, type Update } from '@gomeum/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';

/** The diary's updates, newest first (open to everyone). */
export async function getUpdates(): Promise<Update[]> {
  return (await apiRequest('GET', API.updates, updateListSchema)).updates;
}

/** Query options for the diary; refreshed every few minutes so the dot finds new updates. */
export const updatesQuery = queryOptions({
  queryKey: ['updates'] as const,
  queryFn: getUpdates,
  staleTime: 60_000,
  refetchInterval: 5 * 60_000,
});

/** The diary's updates, newest first. */
export function useUpdates() {
  return useQuery(updatesQuery);
}

/** One update (open to everyone). */
export function getUpdate(id: string): Promise<Update> {
  return apiRequest('GET', API.update.replace(':id', encodeURIComponent(id)), updateSchema);
}

/** One update, for its own page. */
export function useUpdate(id: string) {
  return useQuery({ queryKey: ['updates', id] as const, queryFn: () => getUpdate(id), retry: false });
}
