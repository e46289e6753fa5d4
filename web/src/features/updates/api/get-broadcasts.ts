import type { Notification } from '@gomeum/contracts';
import * as routes from '@gomeum/contracts/routes';
import { useQuery } from '@tanstack/react-query';
import { useCallback, useState } from 'react';
import { api } from '../../../lib/api-client.ts';
import { updatesKeys } from './keys.ts';

/** Past broadcasts from Gomeum, newest first (signed-in people only). */
export async function getBroadcasts(): Promise<Notification[]> {
  return (await api(routes.notifications)).notifications;
}

/** Query key of the past broadcasts: a live broadcast refreshes it. */

/** Past broadcasts; disabled while nobody is signed in. */
export function useBroadcasts(enabled: boolean) {
  return useQuery({ queryKey: updatesKeys.broadcasts, queryFn: getBroadcasts, enabled, staleTime: 60_000 });
}

const seenKey = (userId: string) => `gomeum.broadcasts.seen.${userId}`;

function readSeen(userId: string | null): number {
  if (!userId) return 0;
  try {
    const value = Number(localStorage.getItem(seenKey(userId)));
    return Number.isFinite(value) ? value : 0;
  } catch {
    return 0;
  }
}

/**
 * The newest broadcast time this user has seen in this browser, and a way to move it forward:
 * broadcasts newer than it are marked as new.
 */
export function useBroadcastsSeen(userId: string | null): [number, (at: number) => void] {
  const [seen, setSeen] = useState(() => readSeen(userId));
  const markSeen = useCallback(
    (at: number) => {
      if (!userId) return;
      setSeen((current) => {
        if (at <= current) return current;
        try {
          localStorage.setItem(seenKey(userId), String(at));
        } catch {
          // Private mode: they show as new again next visit, nothing worse.
        }
        return at;
      });
    },
    [userId],
  );
  return [seen, markSeen];
}
