import type { ConfirmTaskWithGoalBody, PlanetId } from '@gomeum/contracts';
import * as routes from '@gomeum/contracts/routes';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { api } from '../../../lib/api-client.ts';
import { useLiveEvent } from '../../../lib/live/index.ts';
import { whenIdle } from '../../../lib/when-idle.ts';
import { taskKeys } from './keys.ts';

export type { ConfirmTaskWithGoalBody };

/** Where the user stands on a planet's task (null before it is confirmed). */
export function getTaskProgress(planet: PlanetId) {
  return api(routes.taskProgress, { params: { planetId: planet } });
}

/** Query options for a planet's progress; proofs and confirming invalidate `taskKeys.planet`. */
export function taskProgressQuery(planet: PlanetId) {
  return queryOptions({
    queryKey: taskKeys.progress(planet),
    queryFn: () => getTaskProgress(planet),
  });
}

/** The progress of the user's task on a planet. */
export function useTaskProgress(planet: PlanetId) {
  return useQuery(taskProgressQuery(planet));
}

/**
 * Tells the server the celebration was seen: it does not play again, on any device. The page stops
 * showing it at once, and the request is sent so that a reload right after closing does not cancel it.
 */
export function useMarkCelebrated(planet: PlanetId) {
  const queryClient = useQueryClient();
  const { queryKey } = taskProgressQuery(planet);
  return useMutation({
    mutationFn: () => api(routes.celebration, { params: { planetId: planet }, keepalive: true }),
    onMutate: async () => {
      await queryClient.cancelQueries({ queryKey });
      queryClient.setQueryData(queryKey, (current) =>
        current?.progress ? { ...current, progress: { ...current.progress, celebrate: false } } : current,
      );
    },
    onSuccess: (result) => queryClient.setQueryData(queryKey, result),
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
    // Nothing waits on it: it goes in a task of its own once the page has settled and the browser is idle.
    return whenIdle(
      () => {
        let zone: string;
        try {
          zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
        } catch {
          return;
        }
        if (!zone || sessionStorage.getItem(SENT_KEY) === zone) return;
        api(routes.setTimeZone, { body: { timeZone: zone } })
          .then(() => sessionStorage.setItem(SENT_KEY, zone))
          .catch(() => undefined);
      },
      { after: 3_000 },
    );
  }, [enabled]);
}

/**
 * The user is looking at a planet's task screen: Gomeum's marks on the galaxy go out, and stay out
 * for a log or a reaction that arrives here while the screen is in view.
 */
export function useMarkPlanetSeen(planet: PlanetId) {
  const seenNow = (about: PlanetId) => {
    if (about !== planet || document.visibilityState !== 'visible') return;
    api(routes.planetSeen, { params: { planetId: planet } }).catch(() => undefined);
  };
  useLiveEvent('proof.reaction', ({ reaction }) => seenNow(reaction.planet));
  useLiveEvent('gomeum_log.published', (event) => seenNow(event.planet));
  useEffect(() => {
    let sent = false;
    const send = () => {
      if (sent) return;
      sent = true;
      api(routes.planetSeen, { params: { planetId: planet } }).catch(() => undefined);
    };
    // In a task of its own once the page is idle; and at once should the user leave before that.
    const cancel = whenIdle(send, { timeout: 1_000 });
    return () => {
      cancel();
      send();
    };
  }, [planet]);
}
