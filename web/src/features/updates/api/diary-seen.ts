import type { DiaryState } from '@gomeum/contracts';
import * as routes from '@gomeum/contracts/routes';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { updatesKeys } from './keys.ts';

/** Where a signed-out browser remembers the newest update it has seen. */
export const LAST_SEEN_STORAGE_KEY = 'gomeum.diary.lastSeen';

/** The newest update time this browser has seen (signed-out visitors). */
export function readLocalLastSeen(): number {
  // The server's render has no storage (checked first: a thrown error costs the render its stack).
  if (typeof localStorage === 'undefined') return 0;
  try {
    const value = Number(localStorage.getItem(LAST_SEEN_STORAGE_KEY));
    return Number.isFinite(value) ? value : 0;
  } catch {
    return 0;
  }
}

/** Remembers, in this browser, the newest update seen (never moving backwards). */
export function writeLocalLastSeen(at: number): void {
  try {
    if (at > readLocalLastSeen()) localStorage.setItem(LAST_SEEN_STORAGE_KEY, String(at));
  } catch {
    // Private mode: the dot comes back next visit, nothing worse.
  }
}

/** The signed-in user's diary state, remembered on the server. */
export function getDiaryState(): Promise<DiaryState> {
  return api(routes.diaryState);
}

const diaryStateKey = updatesKeys.diaryState;

/** The signed-in user's diary state; disabled while nobody is signed in. */
export function useDiaryState(userId: string | null) {
  return useQuery({
    queryKey: diaryStateKey(userId ?? ''),
    queryFn: getDiaryState,
    enabled: userId !== null,
    staleTime: 60_000,
  });
}

/** Marks updates up to `seenAt` as seen: on the server for users, in the browser otherwise. */
export function useMarkDiarySeen(userId: string | null) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (seenAt: number): Promise<DiaryState | null> => {
      writeLocalLastSeen(seenAt);
      if (userId === null) return null;
      return api(routes.diarySeen, { body: { seenAt } });
    },
    // The dot goes at once; the server's answer (or a refetch after a failure) settles it.
    onMutate: (seenAt) => {
      if (userId === null) return;
      queryClient.setQueryData<DiaryState>(diaryStateKey(userId), (state) => {
        if (!state) return state;
        const lastSeenAt = Math.max(state.lastSeenAt, seenAt);
        return { ...state, lastSeenAt, unread: state.latestAt !== null && state.latestAt > lastSeenAt };
      });
    },
    onError: () => {
      if (userId !== null) void queryClient.invalidateQueries({ queryKey: diaryStateKey(userId) });
    },
    onSuccess: (state) => {
      if (state && userId !== null) queryClient.setQueryData(diaryStateKey(userId), state);
    },
  });
}
