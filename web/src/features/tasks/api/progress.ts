import {
  GALAXY_API,
  PROGRESS_API,
  okSchema,
  taskProgressResultSchema,
  type ConfirmTaskWithGoalBody,
  type PlanetId,
} from '@gomeum/contracts';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { apiRequest } from '../../../lib/api-client.ts';

export type { ConfirmTaskWithGoalBody };

/** Where the user stands on a planet's task (null before it is confirmed). */
export function getTaskProgress(planet: PlanetId) {
  return apiRequest('GET', PROGRESS_API.progress(planet), taskProgressResultSchema);
}

/** Query options for a planet's progress; proofs and confirming invalidate `['tasks', planet]`. */
export function taskProgressQuery(planet: PlanetId) {
  return queryOptions({
    queryKey: ['tasks', planet, 'progress'] as const,
    queryFn: () => getTaskProgress(planet),
  });
}

/** The progress of the user's task on a planet. */
export function useTaskProgress(planet: PlanetId) {
  return useQuery(taskProgressQuery(planet));
}

/** Tells the server the celebration was seen: it does not play again, on any device. */
export function useMarkCelebrated(planet: PlanetId) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiRequest('POST', PROGRESS_API.celebration(planet), taskProgressResultSchema),
    onSuccess: (result) => queryClient.setQueryData(taskProgressQuery(planet).queryKey, result),
  });
}

const SENT_KEY = 'gomeum.time-zone-sent';

/**
 * Sends the browser's IANA time zone once per tab session (and again when it changes), so the
 * server counts days and weeks of streaks and reminders as the user lives them.
 */
export function useTimeZoneSync(enabled = true) {
  useEffect(() => {
    if (!enabled) return;
    let zone: string;
    try {
      zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
    } catch {
      return;
    }
    if (!zone || sessionStorage.getItem(SENT_KEY) === zone) return;
    apiRequest('PUT', PROGRESS_API.timeZone, okSchema, { timeZone: zone })
      .then(() => sessionStorage.setItem(SENT_KEY, zone))
      .catch(() => undefined);
  }, [enabled]);
}

/** The user is looking at a planet's task screen: Gomeum's news dot on the galaxy goes out. */
export function useMarkPlanetSeen(planet: PlanetId) {
  useEffect(() => {
    apiRequest('POST', GALAXY_API.seen(planet), okSchema).catch(() => undefined);
  }, [planet]);
}
