import type { Update } from '@gomeum/contracts';
import * as routes from '@gomeum/contracts/routes';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { updatesKeys } from './keys.ts';

/** The diary's updates, newest first (open to everyone). */
export async function getUpdates(): Promise<Update[]> {
  return (await api(routes.updates)).updates;
}

/** Query options for the diary; refreshed every few minutes so the dot finds new updates. */
export const updatesQuery = queryOptions({
  queryKey: updatesKeys.all,
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
  return api(routes.update, { params: { id } });
}

/** One update, for its own page. */
export function useUpdate(id: string) {
  return useQuery({ queryKey: updatesKeys.one(id), queryFn: () => getUpdate(id), retry: false });
}
