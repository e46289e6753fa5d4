import { ACCOUNT_DELETE_CONFIRMATION, errorBodySchema, routeUrl } from '@gomeum/contracts';
import * as routes from '@gomeum/contracts/routes';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ApiError, api } from '../../../lib/api-client.ts';
import { forgetOfflineData } from '../../../lib/offline-data.ts';
import { LEAVING_MUTATION_KEY, meQuery } from '../../auth/index.ts';

/** The file name the server offers, from `Content-Disposition`. */
function offeredName(response: Response): string {
  const match = /filename="([^"]+)"/.exec(response.headers.get('content-disposition') ?? '');
  return match?.[1] ?? 'gomeum-data.zip';
}

/**
 * Downloads a data archive (`path`: the user's own, or the operator's for a user) and hands it to
 * the browser as a file. Failures become an `ApiError` with the server's code.
 */
export async function downloadArchive(path: string): Promise<void> {
  let response: Response;
  try {
    response = await fetch(path, { credentials: 'same-origin' });
  } catch {
    throw new ApiError(0, 'errors.server', 'Network error');
  }
  if (!response.ok) {
    const parsed = errorBodySchema.safeParse(await response.json().catch(() => undefined));
    if (parsed.success) throw new ApiError(response.status, parsed.data.error.code, parsed.data.error.message);
    throw new ApiError(response.status, response.status === 429 ? 'errors.rate_limited' : 'errors.server', '');
  }
  const blob = await response.blob();
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = offeredName(response);
  link.hidden = true;
  document.body.append(link);
  link.click();
  link.remove();
  // Give the browser a moment to start saving before the blob goes.
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}

/** Downloads the signed-in user's own data. */
export function useDownloadMyData() {
  return useMutation({ mutationFn: () => downloadArchive(routeUrl(routes.exportOwnData)) });
}

/**
 * Deletes the signed-in user's account, then `leave` (the page to go to: it must not be one that
 * wants a signed-in user), and only then forgets them: nobody is signed in and nothing of theirs
 * is cached, in memory or in the service worker's offline copy.
 */
export function useDeleteMyAccount(leave: () => void | Promise<void>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: LEAVING_MUTATION_KEY,
    mutationFn: async (password: string | null) => {
      const deleted = await api(routes.deleteAccount, {
        body: { confirm: ACCOUNT_DELETE_CONFIRMATION, ...(password ? { password } : {}) },
      });
      await leave();
      return deleted;
    },
    onSuccess: () => {
      queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== meQuery.queryKey[0] });
      queryClient.setQueryData(meQuery.queryKey, null);
      forgetOfflineData();
    },
  });
}
